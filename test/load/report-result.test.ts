/**
 * What a distributed run's report cannot say is never a pass: a check's failures counted by the
 * workers fail it (their message says it stayed remote), a threshold on a percentile the report
 * lacks is skipped and the run inconclusive, a malformed file is one line. The report is built
 * from the engine's own naming (VerdictMetrics), so the names the judge reads are those it emits.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VerdictMetrics } from '../../lib/load/artillery/verdict-metrics.ts';
import { reportResult } from '../../lib/load/run/report-result.ts';
import type { RunPlan } from '../../lib/load/run/run-plan.ts';
import '../setup/provide-layers.ts';

const root = mkdtempSync(path.join(tmpdir(), 'report-result-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const KEY = 'sk_live_secret_tenant_key';

const plan = (thresholds: RunPlan['thresholds']): RunPlan => ({
  scenario: 'walk',
  workers: 2,
  profile: 'smoke',
  target: { name: 'staging', baseUrl: 'https://api.example.test/v1' },
  thresholds,
  phases: [{ name: 'walk', durationS: 2, rate: 5 }],
  settings: { profile: 'smoke', rate: 5, durationS: 2, floodRate: 10, requestTimeoutMs: 10_000 },
  refused: false,
  setupFailures: [],
  trendTags: ['endpoint', 'tenant'],
});

/** A report.json as Artillery writes it, from the samples the engine would emit. */
function writeRun(name: string, runPlan: RunPlan, failures: number): string {
  const metrics = new VerdictMetrics([KEY], runPlan.trendTags);
  const counters: Record<string, number> = {};
  const values: Record<string, number[]> = {};
  const emit = (
    metric: string,
    kind: 'trend' | 'counter' | 'rate',
    value: number,
    tags: Record<string, string>,
  ) => {
    for (const sample of metrics.samples(metric, kind, value, tags))
      if (sample.type === 'counter') counters[sample.name] = (counters[sample.name] ?? 0) + sample.value;
      else (values[sample.name] ??= []).push(sample.value);
  };
  for (let arrival = 0; arrival < 10; arrival += 1) {
    emit('arrivals', 'counter', 1, { phase: 'walk' });
    emit('generator_lateness', 'trend', 1, { phase: 'walk' });
    emit('latency', 'trend', 20 + arrival, { endpoint: 'orders', tenant: `tenant-${KEY}`, status: '200' });
    emit('server_errors', 'rate', 0, { endpoint: 'orders' });
    emit('pages', 'counter', 1, {});
  }
  for (let failure = 0; failure < failures; failure += 1)
    emit('check_failures', 'counter', 1, {
      check: 'no-duplicate-ids',
      severity: 'error',
      code: 'DUPLICATE_ID',
    });
  const summaries = Object.fromEntries(
    Object.entries(values).map(([metric, of]) => {
      const sorted = [...of].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
      const [min = 0, max = 0] = [sorted[0], sorted.at(-1)];
      const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
      return [
        metric,
        {
          min,
          max,
          count: sorted.length,
          mean,
          p50: at(0.5),
          p75: at(0.75),
          p90: at(0.9),
          p95: at(0.95),
          p99: at(0.99),
          p999: at(0.999),
        },
      ];
    }),
  );
  const dir = path.join(root, name);
  rmSync(dir, { recursive: true, force: true });
  const aggregate = {
    counters,
    summaries,
    firstMetricAt: 1_000,
    lastMetricAt: 3_000,
    firstCounterAt: 1_000,
    lastCounterAt: 3_000,
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(runPlan));
  writeFileSync(path.join(dir, 'report.json'), JSON.stringify({ aggregate, intermediate: [] }));
  return dir;
}

describe('reportResult', () => {
  it('should fail a check on the failures the workers counted, saying the message stayed remote', async () => {
    const dir = writeRun('failed', plan({ latency: ['p95 < 1000'] }), 3);

    const result = await reportResult(dir);

    expect(result.verdict).toBe('fail');
    expect(result.exitCode).toBe(1);
    const check = result.checks.find((c) => c.name === 'no-duplicate-ids');
    expect(check?.errors).toBe(3);
    expect(check?.first?.message).toMatch(/remote workers/);
    expect(check?.first?.code).toBe('DUPLICATE_ID');
  });

  it('should pass a clean report, judging the percentile it holds with its accuracy', async () => {
    const dir = writeRun('clean', plan({ latency: ['p95 < 1000'], server_errors: ['rate == 0'] }), 0);

    const result = await reportResult(dir);

    expect(result.verdict).toBe('pass');
    expect(result.thresholds[0]).toMatchObject({ ok: true, actual: 28 });
    expect(result.thresholds[0]?.accuracy).toMatch(/1 % relative accuracy/);
    expect(result.generator.started).toBe(10);
  });

  it('should skip a percentile the report lacks and call the run inconclusive, never a pass', async () => {
    const dir = writeRun('p10', plan({ latency: ['p10 < 1000'] }), 0);

    const result = await reportResult(dir);

    expect(result).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(result.thresholds[0]?.unjudged).toMatch(/not p10/);
  });

  it('should name no key: a tenant named after one is redacted in the series', async () => {
    const dir = writeRun('keys', plan({}), 0);

    const result = await reportResult(dir);

    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(Object.keys(result.metrics)).toContain('latency{tenant:redacted}');
  });

  it("should refuse a report that is not Artillery's in one line", async () => {
    const dir = writeRun('malformed', plan({}), 0);
    writeFileSync(path.join(dir, 'report.json'), '{"aggregate": 3}');

    await expect(reportResult(dir)).rejects.toThrow(/report\.json: no aggregate with counters and summaries/);
  });
});
