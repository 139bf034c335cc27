/**
 * One percentile: what the harness reports of a list of values (capacity's steps, the drift
 * floor, the report's depth and timeline tables) is exactly what the merged load histograms report
 * of the same values, which thresholds judge; within 0.1 % above the value at that rank.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointAggregate } from '../../lib/load/points/aggregate.ts';
import { summarize } from '../../lib/load/points/merge.ts';
import { percentileOf } from '../../lib/load/points/percentile.ts';

const PERCENTILES = [10, 50, 90, 95, 99] as const;

function merged(values: readonly number[]): Record<string, number> {
  const aggregate = new PointAggregate();
  values.forEach((value, index) =>
    aggregate.add({ metric: 'latency', kind: 'trend', time: 1_000 + index, value, tags: {} }),
  );
  return summarize(aggregate, [], { percentiles: [...PERCENTILES] }).metrics.latency?.values ?? {};
}

const latencies = fc.array(fc.double({ min: 0, max: 60_000, noNaN: true }), { minLength: 1, maxLength: 300 });

describe('the one percentile', () => {
  it('should be what the merged histograms report, for any values', () => {
    fc.assert(
      fc.property(latencies, (values) => {
        const reported = merged(values);
        for (const p of PERCENTILES) expect(percentileOf(values, p), `p${p}`).toBe(reported[`p${p}`]);
      }),
    );
  });

  it('should sit within 0.1 % above the value at its rank, and be the max at p100', () => {
    fc.assert(
      fc.property(latencies, (values) => {
        const sorted = [...values].sort((a, b) => a - b);
        for (const p of PERCENTILES) {
          const exact = sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? 0;
          const reported = percentileOf(values, p);
          expect(reported).toBeGreaterThanOrEqual(exact - 0.0005);
          expect(reported).toBeLessThanOrEqual(exact * 1.001 + 0.001);
        }
        // p100 is the max, to the thousandth of a millisecond the histograms record.
        expect(Math.abs(percentileOf(values, 100) - Math.max(...values))).toBeLessThanOrEqual(0.0005);
      }),
    );
    expect(percentileOf([], 95)).toBe(0);
  });
});
