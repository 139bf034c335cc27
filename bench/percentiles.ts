/** Percentiles computed exactly over all values, the reference the bench compares others to. */

/**
 * The p-th percentile (0..100) of ascending values, interpolated linearly between the two
 * nearest ranks (what a summary of sorted samples usually reports).
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

/**
 * The p-th percentile (0..100) of ascending values by nearest rank: the smallest value with at
 * least p% of the values at or below it, the definition an HDR histogram reports (to its bucket).
 */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? NaN;
}
