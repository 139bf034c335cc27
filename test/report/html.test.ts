import { describe, expect, it } from 'vitest';
import { renderReportHtml } from '../../lib/report/html.ts';
import { escapeHtml, jsonForScript, runFileHref } from '../../lib/report/html-escape.ts';
import { REPRO_PATH, sampleSummary } from './sample-summary.ts';
import { targetHeader, type ScriptTarget } from '../../lib/repro/script-target.ts';

const ASSETS = { uplotJs: '/* uPlot */', uplotCss: '/* css */', redact: (text: string) => text };

describe('report.html', () => {
  const html = renderReportHtml(sampleSummary(), {
    ...ASSETS,
    reproductions: { [REPRO_PATH]: 'curl </pre><b>x</b>' },
  });

  it('should put the verdict first', () => {
    const body = html.slice(html.indexOf('<body>'));
    expect(body.indexOf('id="verdict">FAIL<')).toBeGreaterThan(0);
    expect(body.indexOf('id="verdict"')).toBeLessThan(body.indexOf('<section'));
  });

  it('should show a passing run in the pass colours', () => {
    const summary = sampleSummary();
    summary.checks = summary.checks.filter((check) => check.verdict !== 'failed');
    Object.assign(summary, { stages: [], verdict: 'pass', exitCode: 0 });
    const passing = renderReportHtml(summary, ASSETS);
    expect(passing).toContain('<header class="verdict verdict-pass">');
    expect(passing).toContain('id="verdict">PASS<');
    expect(passing).not.toContain('id="failed"');
  });

  it("should show each load's latency under its name beside the whole run's", () => {
    const summary = sampleSummary();
    const row = { endpoint: 'orders', p50: 3, p95: 9, p99: 12, max: 20, count: 40 };
    summary.metrics.latency = [row, { ...row, stage: 'fairness', p95: 44 }];
    const staged = renderReportHtml(summary, ASSETS);
    const table = staged.slice(
      staged.indexOf('id="latency"'),
      staged.indexOf('</section>', staged.indexOf('id="latency"')),
    );
    expect(table).toContain('<th>load</th>');
    expect(table.indexOf('whole run')).toBeLessThan(table.indexOf('fairness'));
    expect(table).toContain('44.0 ms');
  });

  it('should escape run data, so a failure message cannot inject markup', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('curl &lt;/pre&gt;&lt;b&gt;x&lt;/b&gt;');
  });

  it('should show failed checks with replay and reproduction, skipped ones with their reason', () => {
    // A summary without checks[].replay: the replay is built from its target, the fault included.
    expect(html).toContain(
      'npm run props -- --fault page-boundary-duplicate --property no-duplicate-ids --seed -1203 --path 4:1:0',
    );
    expect(html).toContain(`<a href="${REPRO_PATH}">`);
    expect(html).toContain('the target file declares no revoked or expired key');
    expect(html).toContain('latency: p99 &lt; 500');
  });

  it('should have a table row per endpoint and tenant and a box per chart', () => {
    for (const id of ['chart-rate429', 'chart-depth', 'chart-capacity']) expect(html).toContain(`id="${id}"`);
    expect(html.match(/<td>(menuItems|orders)<\/td><td>tenant-[ab]<\/td>/g)).toHaveLength(4);
    expect(html).toContain('Knee at <b>400 rps</b>');
  });

  it('should load nothing from the network', () => {
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/\s(src|href)="(https?:)?\/\//);
  });

  it('should leave out the sections a run did not measure (a repro, props), never show them empty', () => {
    const summary = sampleSummary();
    summary.metrics = { latency: [], rate429: [], depth: [] };
    const bare = renderReportHtml(summary, ASSETS);
    expect(bare).not.toContain('not measured');
    for (const id of ['latency', 'rate429', 'depth', 'capacity'])
      expect(bare).not.toContain(`<section id="${id}"`);
    expect(bare).not.toContain('id="chart-');
  });

  const KEYS = [{ name: 'KEY_TENANT_A_FULL', tenant: 'tenant-a', role: 'full' }];
  const scriptWith = (target: ScriptTarget): string =>
    ['#!/usr/bin/env bash', ...targetHeader(target, KEYS).map((line) => `# ${line}`), ''].join('\n');

  it('should say to start the sandbox again before running a reproduction of a sandbox run', () => {
    const script = scriptWith({
      file: '/h/reports/sandbox-target.json',
      sandboxCommand: 'npm run sandbox -- --fault page-boundary-duplicate --churn 20',
    });
    const page = renderReportHtml(sampleSummary(), { ...ASSETS, reproductions: { [REPRO_PATH]: script } });
    expect(page).toContain(
      `<pre><code>npm run sandbox -- --fault page-boundary-duplicate --churn 20\nbash ${REPRO_PATH}</code></pre>`,
    );
    expect(page).not.toContain('BASE_URL=http://127.0.0.1:4010');
    expect(page).toContain('sandbox (a sandbox started for the run)');
    expect(page).not.toContain('(remote)');
  });

  it('should name the key variables of a reproduction of a target file run', () => {
    const script = scriptWith({ file: '/h/staging.json' });
    const page = renderReportHtml(sampleSummary(), { ...ASSETS, reproductions: { [REPRO_PATH]: script } });
    expect(page).toContain(`<pre><code>bash ${REPRO_PATH}</code></pre>`);
    expect(page).toContain('unless KEY_TENANT_A_FULL are set');
  });

  it('should label percentage axes as percentages and let long cursors wrap', () => {
    expect(html).toMatch(/"yLabel":"429 responses \(%\)","yPercent":true/);
    expect(html).toContain('code, td { overflow-wrap: anywhere; }');
  });
});

describe('HTML escaping helpers', () => {
  it('should escape the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('should link only relative paths inside the run directory', () => {
    expect(runFileHref('repro/a b.sh')).toBeNull();
    expect(runFileHref('repro/a.sh')).toBe('repro/a.sh');
    expect(runFileHref('javascript:alert(1)')).toBeNull();
    expect(runFileHref('../secret')).toBeNull();
    expect(runFileHref('/etc/passwd')).toBeNull();
  });

  it('should embed JSON that cannot close its script element', () => {
    expect(jsonForScript({ label: '</script><script>alert(1)</script>' })).not.toContain('</script');
  });
});
