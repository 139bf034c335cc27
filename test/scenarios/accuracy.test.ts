/**
 * The numbers are right. With the sandbox's latency injection set to a known distribution (every
 * request waits 20 ms, 10% of them stall 500 ms more: p50 is 20 ms, p95 and p99 are 520 ms), the
 * reported p50/p95/p99 sit within a stated tolerance of it. And a run split over two k6 processes (execution segments) reports the
 * percentiles of one computation over all their raw points, never an average of two summaries.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { K6Summary } from '../../lib/load/summary.ts';
import { loadRunner, RUN_TIMEOUT_MS } from './run-helpers.ts';

const run = loadRunner();

const FIXED_MS = 20;
const STALL_MS = 500;
/**
 * Injected latency is a floor: the server's own work, loopback and a busy machine only add to it.
 * Upper tolerance per percentile, ms (generous: the test machine is shared).
 */
const TOLERANCE = { 'p(50)': 15, 'p(95)': 60, 'p(99)': 80 } as const;
const EXPECTED = { 'p(50)': FIXED_MS, 'p(95)': FIXED_MS + STALL_MS, 'p(99)': FIXED_MS + STALL_MS };
const RATE = 4;
const DURATION_S = 10;

function durations(files: readonly string[]): number[] {
  const values: number[] = [];
  for (const file of files)
    for (const line of gunzipSync(readFileSync(file)).toString().split('\n')) {
      if (!line.includes('"http_req_duration"') || !line.includes('"Point"')) continue;
      values.push((JSON.parse(line) as { data: { value: number } }).data.value);
    }
  return values.sort((a, b) => a - b);
}

/** Nearest rank, the definition HDR histograms (and so the merge) use. */
const exactPercentile = (sorted: number[], p: number): number =>
  sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? NaN;

describe('reported latency percentiles', () => {
  it(
    'should match an injected distribution with stalls, within tolerance',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const result = await run({
        scenario: 'walk',
        profile: 'smoke',
        duration: `${DURATION_S}s`,
        rate: RATE,
        // Every VU initialised up front: an iteration never waits for one (and is never dropped).
        maxVUs: 40,
        sandbox: { latency: { fixedMs: FIXED_MS, tailMs: STALL_MS, tailRatio: 0.1 } },
      });

      expect(result.verdict).toBe('pass');
      const merged = result.metrics.http_req_duration?.values ?? {};
      const k6Own = (JSON.parse(readFileSync(result.files.summary ?? '', 'utf8')) as K6Summary).metrics
        .http_req_duration?.values;
      expect(merged.count).toBeGreaterThan(400);
      // Both readings: k6's own summary (it interpolates between ranks) and the merge of the raw
      // points (nearest rank): each within tolerance of the injected distribution.
      for (const key of ['p(50)', 'p(95)', 'p(99)'] as const) {
        const readings = key === 'p(50)' ? [merged.med, k6Own?.med] : [merged[key], k6Own?.[key]];
        for (const reading of readings) {
          expect(reading).toBeGreaterThanOrEqual(EXPECTED[key] - 1);
          expect(reading).toBeLessThanOrEqual(EXPECTED[key] + TOLERANCE[key]);
        }
      }
      // Open model: stalls do not slow the arrival of walks (no coordinated omission).
      expect(result.metrics.dropped_iterations?.values.count ?? 0).toBe(0);
      expect(result.metrics.iterations?.values.count).toBeGreaterThanOrEqual(RATE * DURATION_S - 1);
    },
  );

  it(
    'should merge two segments into the percentiles of all their points',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const result = await run({ scenario: 'walk', profile: 'smoke', duration: '3s', rate: 4, segments: 2 });

      expect(result).toMatchObject({ verdict: 'pass', segments: 2, k6: { exitCodes: [0, 0] } });
      const perSegment = result.files.points.map((file) => durations([file]).length);
      expect(perSegment.every((count) => count > 0)).toBe(true);
      const all = durations(result.files.points);
      const merged = result.metrics.http_req_duration?.values ?? {};
      expect(merged.count).toBe(all.length);
      for (const [key, p] of [
        ['med', 50],
        ['p(90)', 90],
        ['p(95)', 95],
        ['p(99)', 99],
      ] as const) {
        const exact = exactPercentile(all, p);
        // HDR keeps 3 significant digits: within 0.1% (plus the microsecond the values are kept in).
        expect(Math.abs((merged[key] ?? NaN) - exact)).toBeLessThanOrEqual(exact * 0.001 + 0.002);
      }
      expect(merged.max).toBe(all.at(-1));
    },
  );
});
