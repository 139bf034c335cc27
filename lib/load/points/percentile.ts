/**
 * The one percentile of the harness. Every percentile it reports or judges (load thresholds, the
 * report's tables and charts, capacity's steps, the drift floor) is what an HDR histogram of the
 * values reports: the top of the value's bucket (3 significant digits, so within 0.1 % above the
 * value at that rank), capped at the exact maximum so that p100 is the max. One definition, so a
 * report never shows a p95 other than the one its threshold judged.
 */
import { build, type Histogram } from 'hdr-histogram-js';

/** Trend values are recorded in thousandths (microseconds for millisecond timings). */
export const TREND_SCALE = 1000;
/** Relative error of a reported percentile: 10^-3 with 3 significant digits. */
const SIGNIFICANT_DIGITS = 3;

/**
 * 32-bit counts: a cell records a bucket with its count in one call, which a packed histogram
 * makes ~10x slower to look up (the judge spent 72 % of its time there); a histogram grows with
 * the range of its values, tens of kB for timings, and a bucket holds up to 2^31 - 1.
 */
export const newHistogram = (): Histogram =>
  build({ bitBucketSize: 32, numberOfSignificantValueDigits: SIGNIFICANT_DIGITS, autoResize: true });

/** HDR records non-negative integers; a negative value counts as 0 in the percentiles. */
export const scaled = (value: number): number => Math.max(0, Math.round(value * TREND_SCALE));

/** Percentile `p` (0-100) of a histogram of scaled values whose exact maximum is `max`. */
export const histogramPercentile = (histogram: Histogram, max: number, p: number): number =>
  Math.min(histogram.getValueAtPercentile(p) / TREND_SCALE, max);

/** Percentiles `ps` of `values` (any order) by the same definition, from one histogram; 0s for none. */
function percentilesOf(values: readonly number[], ps: readonly number[]): number[] {
  if (values.length === 0) return ps.map(() => 0);
  const histogram = newHistogram();
  let max = -Infinity;
  for (const value of values) {
    histogram.recordValue(scaled(value));
    max = Math.max(max, value);
  }
  const results = ps.map((p) => histogramPercentile(histogram, max, p));
  histogram.destroy();
  return results;
}

/** Percentile `p` of `values` (any order) by the same definition; 0 for none. */
export const percentileOf = (values: readonly number[], p: number): number =>
  percentilesOf(values, [p])[0] ?? 0;
