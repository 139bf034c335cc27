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

const keyLabel = (tenant: string, role: string): string => `${tenant}/${role}`;

/**
 * The tags of a call, one object per credential, endpoint, traffic and depth bucket, shared by
 * every request that has them: a points file's series are found by their tags object
 * (lib/load/points/write.ts), and a request should not build the same tags twice. Never mutated.
 */
const tagsByCredential = new WeakMap<Credential, Map<string, Tags>>();
export function callTags(call: ApiCall, traffic: string, depth: number): Tags {
  const { credential } = call;
  let known = tagsByCredential.get(credential);
  if (known === undefined) {
    known = new Map();
    tagsByCredential.set(credential, known);
  }
  const bucket = depthBucket(depth);
  const key = `${call.endpoint} ${traffic} ${bucket}`;
  let tags = known.get(key);
  if (tags === undefined) {
    const { tenant, role } = credential;
    tags = { endpoint: call.endpoint, tenant, role, key: keyLabel(tenant, role), traffic, depth: bucket };
    known.set(key, tags);
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
