/**
 * The 429 onset per tenant and per key: the offered rate of the first step in which it was
 * answered 429, and the limit that implies. Keys are named `tenant/role`, never by value.
 *
 * A tenant's limit throttles its keys together, a key's limit that key alone: a step in which two
 * or more keys of a tenant (or its only key) got 429s is the tenant's onset (its keys' 429s came
 * with it: their own limits are not measured there), and a step in which one key alone did is
 * that key's onset. The capacity scenario sends every key a steady share, the `full` key twice
 * the others' (scenarios/capacity.ts lanes), so a key limit throttles that key a step before any
 * other, while a tenant's overflow falls on its keys in turn.
 *
 * The implied limit is a range of the requests per second sent to the key or tenant (averaged
 * over the step): at least what it was sent in the step before its onset without a 429, below
 * what it was sent in its onset step. No 429 at all: at least what it was sent at the highest
 * step. `served` is what it was answered other than 429 per second in its onset step: a limit that
 * throttles lets about its own rate through, so it is the limit read directly.
 */
import type { ResponseCell } from '../load/points/responses.ts';

interface ImpliedLimit {
  /** Requests per second it was sent without a 429; null: it got 429s from the first step. */
  atLeast: number | null;
  /** Requests per second it was sent when its 429s began; null: it never got one (of its own). */
  below: number | null;
}

export interface Onset {
  scope: 'key' | 'tenant';
  name: string;
  /** null: no 429 up to the highest step measured. */
  rps: number | null;
  limit: ImpliedLimit;
  /** Requests per second answered other than 429 in the onset step (null: no onset). */
  served: number | null;
  /** A key whose 429s began with its tenant's: its own limit was not reached before. */
  withTenant?: true;
}

export interface MeasuredStep {
  offeredRps: number;
  durationS: number;
  responses: readonly ResponseCell[];
}

interface Sent {
  requests: number;
  throttled: number;
}

/** One step's requests and 429s per key and per tenant, and each tenant's keys. */
interface StepCounts {
  keys: Map<string, Sent>;
  tenants: Map<string, Sent>;
  keysOf: Map<string, Set<string>>;
}

function add(map: Map<string, Sent>, name: string, cell: ResponseCell): void {
  const sent = map.get(name) ?? { requests: 0, throttled: 0 };
  sent.requests += cell.count;
  if (cell.status === 429) sent.throttled += cell.count;
  map.set(name, sent);
}

function countStep(responses: readonly ResponseCell[]): StepCounts {
  const counts: StepCounts = { keys: new Map(), tenants: new Map(), keysOf: new Map() };
  for (const cell of responses) {
    add(counts.keys, cell.key, cell);
    add(counts.tenants, cell.tenant, cell);
    const keys = counts.keysOf.get(cell.tenant) ?? new Set();
    counts.keysOf.set(cell.tenant, keys.add(cell.key));
  }
  return counts;
}

/**
 * The least share of a key's requests answered 429 that reads as its own limit reached, alone
 * among its tenant's keys: a limit reached rejects the overflow of every window (a fifth of them
 * at 5 req/s sent to a limit of 4), while a tenant sent just its own limit lets a stray 429 fall on
 * whichever key comes at a window's edge.
 */
const MIN_OWN_SHARE = 0.02;

const rate = (count: number, durationS: number) => Number((count / durationS).toFixed(2));

/** The onsets found so far, by scope and name. */
type Found = Map<string, Onset>;

function entry(found: Found, scope: Onset['scope'], name: string): Onset {
  const id = `${scope} ${name}`;
  const onset = found.get(id) ?? {
    scope,
    name,
    rps: null,
    limit: { atLeast: null, below: null },
    served: null,
  };
  found.set(id, onset);
  return onset;
}

/** Folds one step's counts into `onset`, unless its onset came before. */
function fold(onset: Onset, sent: Sent, step: MeasuredStep, throttled: boolean): void {
  if (onset.rps !== null) return;
  const sentRps = rate(sent.requests, step.durationS);
  if (!throttled) {
    onset.limit.atLeast = sentRps;
    return;
  }
  onset.rps = step.offeredRps;
  onset.limit.below = sentRps;
  onset.served = rate(sent.requests - sent.throttled, step.durationS);
}

function foldStep(found: Found, step: MeasuredStep): void {
  const counts = countStep(step.responses);
  for (const [tenant, sent] of counts.tenants) {
    const keys = [...(counts.keysOf.get(tenant) ?? [])];
    // A key throttled by its own limit at an earlier step says nothing of its tenant's.
    const ownLimitReached = (key: string) => found.get(`key ${key}`)?.limit.below != null;
    const open = keys.filter((key) => !ownLimitReached(key));
    const throttled = open.filter((key) => (counts.keys.get(key)?.throttled ?? 0) > 0).length;
    const tenantWide = throttled > 0 && throttled >= Math.min(2, open.length);
    const onset = entry(found, 'tenant', tenant);
    fold(onset, sent, step, tenantWide);
    for (const key of keys) {
      const keyOnset = entry(found, 'key', key);
      const keySent = counts.keys.get(key) ?? { requests: 0, throttled: 0 };
      // The tenant's limit reached first: this key's 429s are the tenant's, its own limit unknown.
      if (onset.rps !== null && keyOnset.rps === null && keySent.throttled > 0) {
        keyOnset.rps = step.offeredRps;
        keyOnset.withTenant = true;
      } else if (keySent.throttled === 0 || keySent.throttled >= MIN_OWN_SHARE * keySent.requests)
        fold(keyOnset, keySent, step, keySent.throttled > 0);
      // else: a stray 429 or two, neither its onset nor a rate it was sent without one.
    }
  }
}

const byName = (a: Onset, b: Onset) => a.name.localeCompare(b.name);

/** Every key and tenant that sent a request, tenants first, each sorted by name. */
export function onset429(steps: readonly MeasuredStep[]): Onset[] {
  const found: Found = new Map();
  for (const step of steps) foldStep(found, step);
  const all = [...found.values()];
  return [
    ...all.filter((onset) => onset.scope === 'tenant').sort(byName),
    ...all.filter((onset) => onset.scope === 'key').sort(byName),
  ];
}
