/** Low-cardinality tag values: page depths and run periods fall into a few named buckets. */

/** Page depths up to `upTo` (1-based) are tagged `name`; deeper ones DEPTH_BEYOND. */
const DEPTH_BUCKETS: readonly { upTo: number; name: string }[] = [
  { upTo: 1, name: '1' },
  { upTo: 5, name: '2-5' },
  { upTo: 20, name: '6-20' },
  { upTo: 100, name: '21-100' },
];
const DEPTH_BEYOND = '101+';

/** The bucket of a 1-based page depth: 1, 2-5, 6-20, 21-100, 101+. */
export function depthBucket(depth: number): string {
  for (let index = 0; index < DEPTH_BUCKETS.length; index += 1) {
    const bucket = DEPTH_BUCKETS[index] as { upTo: number; name: string };
    if (depth <= bucket.upTo) return bucket.name;
  }
  return DEPTH_BEYOND;
}

/** Which third of the run `elapsedMs` falls in; beyond the planned duration counts as late. */
export function periodOf(elapsedMs: number, durationMs: number): 'early' | 'middle' | 'late' {
  const share = durationMs > 0 ? elapsedMs / durationMs : 1;
  if (share < 1 / 3) return 'early';
  return share < 2 / 3 ? 'middle' : 'late';
}

export const keyLabel = (tenant: string, role: string): string => `${tenant}/${role}`;
