/**
 * How much a deep page costs over a first page, within one walk: the mean latency of pages at
 * depth 21 and beyond minus the mean of the first three. Keyset pagination keeps it near zero;
 * an offset scan makes it grow with depth (the deep-page-slowdown fault).
 */
const FIRST_PAGES = 3;
const DEEP_FROM = 21;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Null when the walk did not reach a deep page. `latencies[i]` is page i + 1's, in ms. */
export function depthLatencyAdded(latencies: readonly number[]): number | null {
  if (latencies.length < DEEP_FROM) return null;
  return mean(latencies.slice(DEEP_FROM - 1)) - mean(latencies.slice(0, FIRST_PAGES));
}
