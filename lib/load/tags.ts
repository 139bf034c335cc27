/**
 * The tags of a load's points: low-cardinality values (page depths and run periods fall into a
 * few named buckets), and one shared object per set of tags a call has.
 */
import type { ApiCall, Credential } from '../http/call.ts';

type Tags = Record<string, string>;

/** Page depths up to `upTo` (1-based) are tagged `name`; deeper ones DEPTH_BEYOND. */
const DEPTH_BUCKETS: readonly { upTo: number; name: string }[] = [
  { upTo: 1, name: '1' },
  { upTo: 5, name: '2-5' },
  { upTo: 20, name: '6-20' },
  { upTo: 100, name: '21-100' },
];
const DEPTH_BEYOND = '101+';

/** The index in DEPTH_BUCKETS of a 1-based page depth; DEPTH_BUCKETS.length for DEPTH_BEYOND. */
function depthIndex(depth: number): number {
  for (let index = 0; index < DEPTH_BUCKETS.length; index += 1)
    if (depth <= (DEPTH_BUCKETS[index] as { upTo: number }).upTo) return index;
  return DEPTH_BUCKETS.length;
}

/** The bucket of a 1-based page depth: 1, 2-5, 6-20, 21-100, 101+. */
export function depthBucket(depth: number): string {
  return DEPTH_BUCKETS[depthIndex(depth)]?.name ?? DEPTH_BEYOND;
}

/** Which third of the run `elapsedMs` falls in; beyond the planned duration counts as late. */
export function periodOf(elapsedMs: number, durationMs: number): 'early' | 'middle' | 'late' {
  const share = durationMs > 0 ? elapsedMs / durationMs : 1;
  if (share < 1 / 3) return 'early';
  return share < 2 / 3 ? 'middle' : 'late';
}

const keyLabel = (tenant: string, role: string): string => `${tenant}/${role}`;

/**
 * The tags of a call, one object per credential, endpoint, traffic and depth bucket, shared by
 * every request that has them: a points file's series are found by their tags object
 * (lib/load/points/write.ts), and a request should not build the same tags twice. Never mutated.
 * Found by credential, traffic, endpoint and the bucket's index, with no key string built: this
 * runs twice for every request.
 */
const tagsByCredential = new WeakMap<Credential, Map<string, Map<string, Tags[]>>>();
export function callTags(call: ApiCall, traffic: string, depth: number): Tags {
  const { credential } = call;
  let byTraffic = tagsByCredential.get(credential);
  if (byTraffic === undefined) {
    byTraffic = new Map();
    tagsByCredential.set(credential, byTraffic);
  }
  let byEndpoint = byTraffic.get(traffic);
  if (byEndpoint === undefined) {
    byEndpoint = new Map();
    byTraffic.set(traffic, byEndpoint);
  }
  let byDepth = byEndpoint.get(call.endpoint);
  if (byDepth === undefined) {
    byDepth = [];
    byEndpoint.set(call.endpoint, byDepth);
  }
  const index = depthIndex(depth);
  let tags = byDepth[index];
  if (tags === undefined) {
    const { tenant, role } = credential;
    const bucket = DEPTH_BUCKETS[index]?.name ?? DEPTH_BEYOND;
    tags = { endpoint: call.endpoint, tenant, role, key: keyLabel(tenant, role), traffic, depth: bucket };
    byDepth[index] = tags;
  }
  return tags;
}

/**
 * What adds the tag `name` to a tags object: one object per tags object and value, shared as
 * callTags' are (a new object per sample would be a series key to serialise for every sample,
 * lib/load/points/write.ts). Never mutated.
 */
function tagAdder<Value extends string | number>(name: string): (tags: Tags, value: Value) => Tags {
  const extended = new WeakMap<Tags, Map<Value, Tags>>();
  return (tags, value) => {
    let known = extended.get(tags);
    if (known === undefined) {
      known = new Map();
      extended.set(tags, known);
    }
    let tagged = known.get(value);
    if (tagged === undefined) {
      tagged = { ...tags, [name]: String(value) };
      known.set(value, tagged);
    }
    return tagged;
  };
}

/** The latency tags: the call's with the response's status. */
export const statusTags = tagAdder<number>('status');

/** A walk's tags with how it ended (walks{end}). */
export const endTags = tagAdder<string>('end');

/** A page's tags with the third of the run it came in (latency_drift{period}). */
export const periodTags = tagAdder<string>('period');
