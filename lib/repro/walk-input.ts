/**
 * What one replay of the customer's walk varies: the limit, how many pages it follows, and which
 * of the customer's filters it keeps. The hunt keeps every filter and varies the limit; the
 * shrinker (shrink.ts) makes all three as small as the bug allows.
 */
import { LIMITS } from '../contract/endpoints.ts';
import type { Query } from '../http/call.ts';

export interface WalkInput {
  limit: number;
  /** Pages to follow at most; the walk also ends where the list ends. */
  pages: number;
  /** One flag per filter of the customer's walk (in `filterNames` order): kept or dropped. */
  keep: boolean[];
}

/** The customer's filters in a fixed order, so `keep[i]` always means the same filter. */
const filterNames = (filters: Query): string[] => Object.keys(filters).sort();

export function walkQuery(filters: Query, input: WalkInput): Query {
  const query: Query = { limit: String(input.limit) };
  filterNames(filters).forEach((name, index) => {
    const value = filters[name];
    if (input.keep[index] && value !== undefined) query[name] = value;
  });
  return query;
}

export function describeInput(filters: Query, input: WalkInput): string {
  const kept = filterNames(filters).filter((_, index) => input.keep[index]);
  const filterText =
    kept.length > 0 ? kept.map((name) => `${name}=${filters[name]}`).join('&') : 'no filters';
  return `limit=${input.limit}, ${input.pages} page(s) at most, ${filterText}`;
}

/**
 * Try number `attempt` (0-based) of the hunt: first the customer's own walk, then the limits
 * around theirs and at the edges (where boundary bugs live), then random limits. Every try keeps
 * the customer's filters and walks to the end of the list (up to `maxPages`).
 */
export function variation(
  customerLimit: number | undefined,
  filterCount: number,
  attempt: number,
  random: () => number,
  maxPages: number,
): WalkInput {
  const own = customerLimit ?? LIMITS.default;
  const planned = [own, own - 1, own + 1, LIMITS.min, LIMITS.min + 1, LIMITS.max, Math.ceil(own / 2)];
  const candidate = planned[attempt] ?? LIMITS.min + Math.floor(random() * LIMITS.max);
  const limit = Math.min(LIMITS.max, Math.max(LIMITS.min, candidate));
  return { limit, pages: maxPages, keep: Array.from({ length: filterCount }, () => true) };
}
