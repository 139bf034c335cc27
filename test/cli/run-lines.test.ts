import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportLine, shownPath, targetLine, verdictLine } from '../../lib/cli/run-lines.ts';

describe('reportLine', () => {
  it('should show a report inside the working directory relative to it', () => {
    expect(reportLine('/work/h/reports/20261126T101500Z-gate-k3x9/report.html', '/work/h')).toBe(
      'report: reports/20261126T101500Z-gate-k3x9/report.html',
    );
    expect(reportLine('reports/x/report.html', '/work/h')).toBe('report: reports/x/report.html');
  });

  it('should show a report outside the working directory by its absolute path, not by ../..', () => {
    expect(reportLine('/tmp/runs/x/report.html', '/work/h')).toBe('report: /tmp/runs/x/report.html');
    expect(shownPath('../other/report.html', '/work/h')).toBe(path.resolve('/work/other/report.html'));
  });
});

describe('verdictLine', () => {
  const checks = (...verdicts: string[]) => verdicts.map((verdict) => ({ verdict }));

  it('should say PASS or FAIL, and nothing more when every check judged', () => {
    expect(verdictLine({ verdict: 'pass', checks: checks('passed', 'passed') })).toBe('verdict PASS');
    expect(verdictLine({ verdict: 'fail', checks: checks('passed', 'failed') })).toBe('verdict FAIL');
    expect(verdictLine({ verdict: 'pass' })).toBe('verdict PASS');
  });

  it('should count the skipped checks beside the verdict, so a pass that judged less says so', () => {
    expect(verdictLine({ verdict: 'pass', checks: checks('passed', 'skipped', 'skipped') })).toBe(
      'verdict PASS, 2 of 3 checks skipped (why: in the report)',
    );
    expect(verdictLine({ verdict: 'fail', checks: checks('failed', 'skipped') })).toBe(
      'verdict FAIL, 1 of 2 checks skipped (why: in the report)',
    );
  });
});

describe('targetLine', () => {
  const baseUrl = 'http://127.0.0.1:4010/api/v1';

  it('should name a sandbox once, with its faults or none', () => {
    expect(targetLine({ name: 'sandbox', baseUrl, kind: 'sandbox' })).toBe(
      `target: sandbox (${baseUrl}), no faults`,
    );
    expect(
      targetLine({ name: 'sandbox', baseUrl, kind: 'sandbox', faults: ['cursor-500', 'shared-cache'] }),
    ).toBe(`target: sandbox (${baseUrl}), faults: cursor-500, shared-cache`);
  });

  it('should say a sandbox under another name is a sandbox', () => {
    expect(targetLine({ name: 'local', baseUrl, kind: 'sandbox' })).toBe(
      `target: local (${baseUrl}), a sandbox, no faults`,
    );
  });

  it('should show a remote target by its name and base URL only', () => {
    expect(
      targetLine({ name: 'staging', baseUrl: 'https://staging.example.com/api/v1', kind: 'remote' }),
    ).toBe('target: staging (https://staging.example.com/api/v1)');
  });
});
