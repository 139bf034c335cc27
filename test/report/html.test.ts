import { describe, expect, it } from 'vitest';
import type { Failure } from '../../lib/failure.ts';
import { renderReportHtml } from '../../lib/report/html.ts';
import { escapeHtml, jsonForScript, runFileHref } from '../../lib/report/html-escape.ts';
import type { Summary } from '../../lib/report/model.ts';
import { capacityWithAnswer, REPRO_PATH, sampleSummary } from './sample-summary.ts';
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
    for (const id of [
      'chart-rate429',
      'chart-latency-time',
      'chart-rate-time',
      'chart-depth',
      'chart-capacity',
    ])
      expect(html).toContain(`id="${id}"`);
    expect(html.match(/<td>(menuItems|orders)<\/td><td>tenant-[ab]<\/td>/g)).toHaveLength(4);
    expect(html).toContain('Knee at <b>400 rps</b>');
  });

  it('should put the capacity first, with its line, headroom and next step, and mark each step', () => {
    const summary = sampleSummary();
    summary.metrics.capacity = capacityWithAnswer();
    const page = renderReportHtml(summary, ASSETS);
    const section = page.slice(page.indexOf('<section id="capacity"'));
    expect(section.indexOf('Capacity <b>200 rps</b>')).toBeLessThan(
      section.indexOf('Knee at <b>300 rps</b>'),
    );
    expect(section).toContain('capacity: 200 req/s (p95 14 ms');
    expect(section).toContain('headroom: 1.60 x the expected 125 req/s');
    expect(section).toContain('<li>add --workers (now 1)');
    expect(section).toContain('Knee at <b>300 rps</b>: p95 45.0 ms is 3.8 x the baseline');
    const rows = [...section.matchAll(/<tr><td>([^<]*)<\/td>.*?<\/tr>/g)].map((row) => row[0]);
    expect(rows[1]).toContain(
      '<td>200 (capacity)</td><td class="num">199.5 rps</td><td class="num">200.0 rps</td>',
    );
    expect(rows[1]).toMatch(/<td class="num">met<\/td><\/tr>$/);
    expect(rows[2]).toContain('missed: 429');
    expect(rows[3]).toContain('not driven (late)');
    expect(section).toContain('<td class="num">50 to 100 req/s</td>');
    expect(section).toContain('<td class="num">above 75 req/s</td>');
  });

  it('should say a capacity bound as a bound', () => {
    const summary = sampleSummary();
    summary.metrics.capacity = { ...capacityWithAnswer(), answer: { kind: 'at-least', rps: 400 } };
    expect(renderReportHtml(summary, ASSETS)).toContain('Capacity at least <b>400 rps</b> (a lower bound)');
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
    for (const id of ['latency', 'rate429', 'over-time', 'depth', 'capacity'])
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

  it('should name each load on the time axis and say which throttle on purpose', () => {
    const section = html.slice(
      html.indexOf('<section id="rate429"'),
      html.indexOf('</section>', html.indexOf('<section id="rate429"')),
    );
    expect(section).toContain('<li><b>walk</b> 0–20 s</li>');
    expect(section).toContain('<li class="expected"><b>stress</b> 40–60 s · throttling expected</li>');
    expect(html).toContain('"label":"stress · throttling expected","expected":true');
    expect(html).toContain('"label":"walk","expected":false');
  });

  it('should leave out the over-time charts and shading of a summary written before they existed', () => {
    const summary = sampleSummary();
    delete summary.metrics.loads;
    delete summary.metrics.timeline;
    const older = renderReportHtml(summary, ASSETS);
    expect(older).toContain('id="chart-rate429"');
    expect(older).not.toContain('id="over-time"');
    expect(older).not.toContain('"bands"');
    expect(older).not.toContain('class="loads"');
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

/** The sample run, with two more properties and a load that saw its duplicate id. */
function oneFaultManyChecks(): Summary {
  const seen = sampleSummary().checks.find((check) => check.name === 'no-duplicate-ids');
  const failure = { ...seen?.failures?.[0], message: 'id ord_0077 appears twice' } as Failure;
  return sampleSummary([
    ...['pagination.no-duplicates', 'filters.status'].map((name) => ({
      check: { name, kind: 'property' as const },
      outcome: { verdict: 'failed' as const, failures: [failure] },
    })),
    {
      check: { name: 'walk/smoke no-duplicate-ids', kind: 'invariant', family: 'load' },
      outcome: { verdict: 'failed', failures: [failure], replay: 'npm run gate -- --load walk' },
    },
  ]);
}

describe('report.html failures by cause', () => {
  const page = renderReportHtml(oneFaultManyChecks(), ASSETS);
  const failed = page.slice(
    page.indexOf('<section id="failed"'),
    page.indexOf('</section>', page.indexOf('<section id="failed"')),
  );

  it('should show a cause once, the checks that saw it listed under it', () => {
    expect(failed.match(/<article /g)).toHaveLength(2);
    expect(failed).toContain('Failed <span class="count">2 causes</span>');
    const card = failed.slice(failed.indexOf('data-cause="no-duplicate-ids"'));
    expect(card).toContain('seen by 3 properties and 1 invariant');
    expect(card.match(/<li( class="lead")?><(details><summary><)?b>/g)).toHaveLength(4);
  });

  it('should lead with the replay and reproduction of the check that has the script', () => {
    const card = failed.slice(failed.indexOf('data-cause="no-duplicate-ids"'));
    expect(card.indexOf('--property no-duplicate-ids --seed -1203')).toBeLessThan(card.indexOf('Seen by'));
    expect(card.indexOf(`<a href="${REPRO_PATH}">`)).toBeLessThan(card.indexOf('Seen by'));
    expect(card).toContain('<li class="lead"><b>no-duplicate-ids</b>');
  });

  it('should give a load that saw the cause its own replay', () => {
    const item = failed.slice(failed.indexOf('<b>walk/smoke no-duplicate-ids</b>'));
    expect(item.slice(0, item.indexOf('</details>'))).toContain('npm run gate -- --load walk');
  });

  it('should show a threshold, which is its own cause, as one card without a seen-by list', () => {
    const card = failed.slice(failed.indexOf('data-cause="latency: p99 &lt; 500"'));
    expect(card.slice(0, card.indexOf('</article>'))).not.toContain('Seen by');
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
