/** Percentiles computed exactly over all values, the reference the bench compares others to. */

/**
 * The p-th percentile (0..100) of ascending values, interpolated linearly between the two
 * nearest ranks, the way k6 computes the percentiles of its end-of-test summary.
 */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lower = Math.floor(rank);
  const low = sorted[lower] ?? NaN;
  const high = sorted[Math.min(lower + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (rank - lower);
}

export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}
