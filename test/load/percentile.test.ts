/**
 * One percentile: what the harness reports of a list of values (capacity's steps, the drift
 * floor, the report's depth and timeline tables) is exactly what the merged load histograms report
 * of the same values, which thresholds judge; within 0.1 % above the value at that rank.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointAggregate } from '../../lib/load/points/aggregate.ts';
import { summarize } from '../../lib/load/points/merge.ts';
import { bucketOf } from '../../lib/load/points/buckets.ts';
import { newHistogram, percentileOf } from '../../lib/load/points/percentile.ts';
import { CellRecorder } from '../../lib/load/points/write.ts';

const PERCENTILES = [10, 50, 90, 95, 99] as const;

function merged(values: readonly number[]): Record<string, number> {
  const recorder = new CellRecorder();
  values.forEach((value, index) => recorder.add('latency', 'trend', value, {}, 1_000 + index * 10));
  const aggregate = new PointAggregate();
  for (const cell of recorder.take()) aggregate.add(cell);
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

  it("should count a worker's sample in the bucket the histogram records it in", () => {
    // The JS histogram's own bucket arithmetic (not in the Histogram interface's types).
    const histogram = newHistogram() as unknown as { lowestEquivalentValue(value: number): number };
    fc.assert(
      fc.property(fc.oneof(fc.nat(5_000), fc.nat(), fc.integer({ min: 0, max: 2 ** 45 })), (value) => {
        expect(bucketOf(value)).toBe(histogram.lowestEquivalentValue(value));
      }),
      { numRuns: 2000 },
    );
  });
});
