/**
 * The 429 onset per key and per tenant: the offered rate of the first step in which that key (or
 * any key of that tenant) was answered 429, and the limit that implies. Keys are named
 * `tenant/role`, never by value.
 *
 * The implied limit is a range of the requests per second that key or tenant was sent (averaged
 * over the step): at least what it was sent in the step before its onset without a 429, below
 * what it was sent in its onset step. No 429 at all: at least what it was sent at the highest step.
 */
import type { ResponseCell } from '../load/points/responses.ts';

interface ImpliedLimit {
  /** Requests per second it was sent without a 429; null: it got 429s from the first step. */
  atLeast: number | null;
  /** Requests per second it was sent when its 429s began; null: it never got one. */
  below: number | null;
}

export interface Onset {
  scope: 'key' | 'tenant';
  name: string;
  /** null: no 429 up to the highest step measured. */
  rps: number | null;
  limit: ImpliedLimit;
}

export interface MeasuredStep {
  offeredRps: number;
  durationS: number;
  responses: readonly ResponseCell[];
}

interface Seen {
  onset: number | null;
  /** Requests per second sent to it in the latest step without a 429 for it, before its onset. */
  atLeast: number | null;
  below: number | null;
}

const rate = (count: number, durationS: number) => Number((count / durationS).toFixed(2));

function onsetsBy(steps: readonly MeasuredStep[], nameOf: (cell: ResponseCell) => string) {
  const seen = new Map<string, Seen>();
  for (const step of steps) {
    const sent = new Map<string, { requests: number; throttled: boolean }>();
    for (const cell of step.responses) {
      const name = nameOf(cell);
      const counts = sent.get(name) ?? { requests: 0, throttled: false };
      counts.requests += cell.count;
      counts.throttled ||= cell.status === 429;
      sent.set(name, counts);
    }
    for (const [name, { requests, throttled }] of sent) {
      const entry = seen.get(name) ?? { onset: null, atLeast: null, below: null };
      seen.set(name, entry);
      if (entry.onset !== null) continue;
      if (throttled) {
        entry.onset = step.offeredRps;
        entry.below = rate(requests, step.durationS);
      } else entry.atLeast = rate(requests, step.durationS);
    }
  }
  return seen;
}

const byName = (a: Onset, b: Onset) => a.name.localeCompare(b.name);

function onsetsOf(scope: Onset['scope'], seen: Map<string, Seen>): Onset[] {
  return [...seen]
    .map(([name, entry]): Onset => ({
      scope,
      name,
      rps: entry.onset,
      limit: { atLeast: entry.atLeast, below: entry.below },
    }))
    .sort(byName);
}

/** Every key and tenant that sent a request, tenants first, each sorted by name. */
export function onset429(steps: readonly MeasuredStep[]): Onset[] {
  return [
    ...onsetsOf(
      'tenant',
      onsetsBy(steps, (cell) => cell.tenant),
    ),
    ...onsetsOf(
      'key',
      onsetsBy(steps, (cell) => cell.key),
    ),
  ];
}
