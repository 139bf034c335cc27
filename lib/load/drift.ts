/**
 * Latency drift over a run is judged on floors, not medians: a busy machine (other processes,
 * the load generator itself) spreads latencies upwards and moves medians by tens of ms, while a
 * server that slows down with time lifts the floor of every request. setup() measures the floor
 * (the 10th percentile) of a few first pages before the load starts; every request of the run is
 * then reported as its distance from it, and the soak profile gates the floor of the last third.
 */
const FLOOR_QUANTILE = 0.1;

/** The 10th percentile of the samples, ms; 0 for none. */
export function latencyFloor(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * FLOOR_QUANTILE)] ?? 0;
}
