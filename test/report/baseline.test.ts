import { describe, expect, it } from 'vitest';
import {
  compareWithBaseline,
  DEFAULT_MARGINS,
  sameCommandBaseline,
  uncomparedLatencyRows,
  withBaseline,
} from '../../lib/report/baseline.ts';
import { resolveMargins } from '../../lib/report/baseline-options.ts';
import type { Summary } from '../../lib/report/model.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { sampleSummary } from './sample-summary.ts';

/** The sample run with every latency scaled and the tenant-a 429 onset moved. */
function laterRun(latencyFactor: number, onsetRps: number): Summary {
  const summary = sampleSummary();
  for (const row of summary.metrics.latency) {
    row.p95 *= latencyFactor;
    row.p99 *= latencyFactor;
  }
  const onset = summary.metrics.capacity?.onset429?.find((entry) => entry.name === 'tenant-a');
  if (onset) onset.rps = onsetRps;
  return summary;
}

describe('compareWithBaseline', () => {
  it('should find nothing when a run is compared with itself', () => {
    expect(compareWithBaseline(sampleSummary(), sampleSummary())).toEqual([]);
  });

  it('should not raise latency or onset changes within the margins', () => {
    expect(compareWithBaseline(laterRun(1.19, 170), sampleSummary())).toEqual([]);
  });

  it('should raise p95 and p99 rises beyond the margin, per endpoint and tenant', () => {
    const regressions = compareWithBaseline(laterRun(1.5, 200), sampleSummary());
    expect(regressions.filter((r) => r.kind === 'latency')).toHaveLength(8);
    expect(regressions[0]).toMatchObject({
      kind: 'latency',
      subject: 'menuItems tenant-a p95',
      baseline: 21,
      current: 31.5,
      margin: 0.2,
    });
    expect(regressions[0]?.message).toBe(
      'menuItems tenant-a p95 rose from 21 ms to 31.5 ms (+50 %, allowed +20 %)',
    );
  });

  it('should ignore a rise smaller than the noise floor in milliseconds', () => {
    const regressions = compareWithBaseline(laterRun(1.5, 200), sampleSummary(), {
      ...DEFAULT_MARGINS,
      minDeltaMs: 25,
    });
    expect(regressions.filter((r) => r.kind === 'latency')).toEqual([]);
  });

  it('should raise a 429 onset that comes earlier beyond the margin', () => {
    const regressions = compareWithBaseline(laterRun(1, 150), sampleSummary());
    expect(regressions).toEqual([
      expect.objectContaining({ kind: 'onset429', subject: 'tenant tenant-a', baseline: 200, current: 150 }),
    ]);
  });

  it('should treat "no 429 up to the highest step" in the baseline as that step', () => {
    const current = sampleSummary();
    const onset = current.metrics.capacity?.onset429?.find((entry) => entry.name === 'tenant-b/full');
    if (onset) onset.rps = 400;
    expect(compareWithBaseline(current, sampleSummary())).toEqual([
      expect.objectContaining({
        kind: 'onset429',
        subject: 'key tenant-b/full',
        baseline: 800,
        current: 400,
      }),
    ]);
  });

  it('should raise a check that passed in the baseline and fails now', () => {
    const current = sampleSummary();
    const check = current.checks.find((entry) => entry.name === 'walk-terminates');
    if (check) Object.assign(check, { verdict: 'failed', reason: 'walk did not end' });
    expect(compareWithBaseline(current, sampleSummary())).toEqual([
      expect.objectContaining({
        kind: 'check',
        subject: 'walk-terminates',
        baseline: 'passed',
        current: 'failed',
      }),
    ]);
  });

  it('should compare a load with the same load only: stage, load, endpoint and tenant', () => {
    const row = { endpoint: 'orders', p50: 5, p95: 10, p99: 20, max: 30, count: 100 };
    const run = (rows: Summary['metrics']['latency']): Summary => ({
      ...sampleSummary(),
      metrics: { ...sampleSummary().metrics, latency: rows, capacity: undefined },
    });
    const smoke = 'walk/smoke walk 5/s for 4s';
    const baseline = run([
      { ...row, p95: 40, p99: 60, load: `walk: ${smoke}` },
      { ...row, stage: 'walk', load: smoke },
    ]);
    // The same rows: nothing, though the whole run is slower than its last load.
    expect(compareWithBaseline(baseline, baseline)).toEqual([]);
    expect(uncomparedLatencyRows(baseline, baseline)).toBe(0);
    // Twice the rate is another load: not compared, and counted as such.
    const faster = 'walk/smoke walk 10/s for 4s';
    const other = run([
      { ...row, p95: 400, p99: 600, load: `walk: ${faster}` },
      { ...row, stage: 'walk', p95: 100, p99: 200, load: faster },
    ]);
    expect(compareWithBaseline(other, baseline)).toEqual([]);
    expect(uncomparedLatencyRows(other, baseline)).toBe(2);
    // The same load slower: each row against its own.
    const slower = run([
      { ...row, p95: 40, p99: 60, load: `walk: ${smoke}` },
      { ...row, stage: 'walk', p95: 100, p99: 20, load: smoke },
    ]);
    expect(compareWithBaseline(slower, baseline).map((regression) => regression.message)).toEqual([
      'walk: orders (all tenants) p95 rose from 10 ms to 100 ms (+900 %, allowed +20 %)',
    ]);
  });

  it('should make a passing run fail (exit 1) when it regressed, and stay valid', () => {
    const passing = (summary: Summary): Summary => ({
      ...summary,
      checks: summary.checks.filter((check) => check.verdict !== 'failed'),
      stages: [],
      verdict: 'pass',
      exitCode: 0,
    });
    const current = passing(laterRun(2, 200));
    const recorded = withBaseline(
      current,
      'reports/old/summary.json',
      compareWithBaseline(current, passing(sampleSummary())),
    );
    expect(recorded).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(validateSummary(recorded).ok).toBe(true);
  });
});

describe('sameCommandBaseline', () => {
  it('should take an earlier run of the same command as it is', () => {
    const baseline = sampleSummary();
    expect(sameCommandBaseline('gate', baseline, 'main.json')).toBe(baseline);
  });

  it('should refuse a run of another command in one line naming both commands', () => {
    const load = { ...sampleSummary(), command: 'load' as const };
    expect(() => sameCommandBaseline('gate', load, 'baselines/main.json')).toThrow(
      '--baseline baselines/main.json is a load run; a gate run compares only with an earlier gate run',
    );
    expect(() => sameCommandBaseline('gate', load, 'x.json')).toThrow(
      expect.objectContaining({ name: 'HarnessError' }) as Error,
    );
  });
});

describe('baseline margins as options', () => {
  it('should take a flag over the environment over the default', () => {
    const margins = resolveMargins(
      { 'margin-p95': '0.5' },
      { HARNESS_MARGIN_P95: '0.3', HARNESS_MARGIN_P99: '0.4' },
    );
    expect(margins).toEqual({ p95: 0.5, p99: 0.4, onset429: 0.2, minDeltaMs: 5 });
  });

  it('should read the noise floor as a duration with its unit, from the flag or its twin', () => {
    const floor = (flags: Record<string, string>, env: Record<string, string> = {}) =>
      resolveMargins(flags, env).minDeltaMs;
    expect(floor({ 'margin-min-delta': '25ms' })).toBe(25);
    expect(floor({}, { HARNESS_MARGIN_MIN_DELTA: '1s' })).toBe(1000);
    expect(floor({ 'margin-min-delta': '0ms' })).toBe(0);
    expect(() => floor({ 'margin-min-delta': '10' })).toThrow(
      '--margin-min-delta: "10" is not a duration with its unit, like 500ms, 30s, 5m or 1h',
    );
  });

  it('should refuse the old variable HARNESS_MARGIN_MIN_DELTA_MS, naming the new one', () => {
    expect(() => resolveMargins({}, { HARNESS_MARGIN_MIN_DELTA_MS: '10' })).toThrow(
      'HARNESS_MARGIN_MIN_DELTA_MS is now HARNESS_MARGIN_MIN_DELTA, with its unit (e.g. 10ms)',
    );
  });

  it('should reject a negative margin, naming the option', () => {
    expect(() => resolveMargins({ 'margin-onset429': '-1' }, {})).toThrow(
      /--margin-onset429: "-1" is not valid/,
    );
  });
});
