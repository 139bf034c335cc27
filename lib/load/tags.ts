/** Low-cardinality tag values: page depths and run periods fall into a few named buckets. */

const DEPTH_BUCKETS: readonly [number, string][] = [
  [1, '1'],
  [5, '2-5'],
  [20, '6-20'],
  [100, '21-100'],
];

/** The bucket of a 1-based page depth: 1, 2-5, 6-20, 21-100, 101+. */
export function depthBucket(depth: number): string {
  for (const [upTo, name] of DEPTH_BUCKETS) if (depth <= upTo) return name;
  return '101+';
}

/** Which third of the run `elapsedMs` falls in; beyond the planned duration counts as late. */
export function periodOf(elapsedMs: number, durationMs: number): 'early' | 'middle' | 'late' {
  const share = durationMs > 0 ? elapsedMs / durationMs : 1;
  if (share < 1 / 3) return 'early';
  return share < 2 / 3 ? 'middle' : 'late';
}

export const keyLabel = (tenant: string, role: string): string => `${tenant}/${role}`;
