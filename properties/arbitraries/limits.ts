/** Limits: valid ones that keep walks short when shrunk, invalid ones of every kind (spec §4, §8). */
import fc from 'fast-check';
import { LIMITS, LIMITS_JUST_OUTSIDE } from '../../lib/contract/endpoints.ts';

/**
 * A limit in [min, 100], the edges (1, 2, 99, 100, as far as `min` allows) drawn often; shrinks
 * toward 100: the fewest pages, so a shrunk walk stays short.
 */
export const pageLimit = (min: number = LIMITS.min): fc.Arbitrary<number> => {
  const lowest = Math.min(min, LIMITS.max);
  const edges = [LIMITS.max, LIMITS.max - 1, LIMITS.min, LIMITS.min + 1].filter((limit) => limit >= lowest);
  const any = fc.integer({ min: 0, max: LIMITS.max - lowest }).map((below) => LIMITS.max - below);
  return fc.oneof({ arbitrary: any, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
};

/**
 * The limits of a walk whose limit changes page by page, taken in turn: spec §4.3 rule 4 binds
 * filters, not the limit, so a client may change it between pages. 2 to 5 limits in [min, 100]
 * (min at most 99), not all the same; shrinks toward two limits near 100.
 */
export const pageLimits = (min: number = LIMITS.min): fc.Arbitrary<number[]> =>
  fc
    .array(pageLimit(Math.min(min, LIMITS.max - 1)), { minLength: 2, maxLength: 5 })
    .filter((limits) => new Set(limits).size > 1);

/** Walk-length cap when the list's size is unknown (the survey was throttled or timed out). */
const UNKNOWN_SIZE_PAGES = 1000;

/** Records a walk may meet: the surveyed count, plus room for data that changes meanwhile. */
const headroom = (size: number): number => Math.ceil(size * 1.25) + 20;

/** More pages than this for a list of `size` records is a walk the data cannot explain. */
export const explainedPages = (size: number | null, limit: number): number =>
  size === null ? UNKNOWN_SIZE_PAGES : Math.ceil(headroom(size) / limit) + 1;

/** The smallest limit whose full walk of `size` records fits in `pages` pages. */
export const fullWalkMinLimit = (size: number | null, pages: number): number =>
  size === null
    ? LIMITS.max
    : Math.min(LIMITS.max, Math.max(LIMITS.min, Math.ceil(headroom(size) / (pages - 1))));

/**
 * Limits spec §4 rejects: 0, negatives, above 100, fractions and words. Forms whose reading the
 * spec leaves open (leading zeros, `1e2`, `10.0`) are left out on purpose; the empty value is sent
 * by parameters.limit-outside and parameters.blank.
 */
export const invalidLimit: fc.Arbitrary<string> = fc.oneof(
  // The values just outside the range, drawn often.
  fc.constantFrom(...LIMITS_JUST_OUTSIDE),
  fc.integer({ min: -1000, max: -1 }).map(String),
  fc.integer({ min: LIMITS.max + 1, max: 1_000_000 }).map(String),
  fc
    .tuple(fc.integer({ min: 0, max: LIMITS.max }), fc.integer({ min: 1, max: 9 }))
    .map(([whole, tenth]) => `${whole}.${tenth}`),
  fc.constantFrom('abc', 'ten', 'null', 'true', '1e', 'NaN', 'Infinity'),
);
