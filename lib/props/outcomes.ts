/**
 * Outcome classes: what a filtered walk returns, measured against the list it filters and the
 * limit it reads at. Properties aim their filter values and limits at every class (lib/props/aim.ts)
 * instead of reaching them by chance, and report which they reached (lib/props/coverage.ts).
 */

export const OUTCOME_CLASSES = [
  'empty',
  'one',
  'under-page',
  'exact-page',
  'several-pages',
  'most',
  'all',
] as const;

export type OutcomeClass = (typeof OUTCOME_CLASSES)[number];

/**
 * How many records a filter selects: exact when min === max. A rule that cannot judge a record
 * (a field it does not carry, a wider reading of "case-insensitive") leaves a range.
 */
export interface SizeRange {
  min: number;
  max: number;
}

/** Pages a walk must span to count as several. */
const SEVERAL = 3;

/** Whether `size` records of a list of `listSize`, read at `limit`, fall in the class. */
function holds(outcome: OutcomeClass, size: number, listSize: number, limit: number): boolean {
  switch (outcome) {
    case 'empty':
      return size === 0;
    case 'one':
      return size === 1;
    case 'under-page':
      return size >= 2 && size < limit;
    case 'exact-page':
      return size >= 1 && size === limit;
    case 'several-pages':
      return size >= SEVERAL * limit;
    case 'most':
      return size > listSize / 2 && size < listSize;
    case 'all':
      return size > 0 && size === listSize;
  }
}

/**
 * The classes a result falls in whatever its exact size within `size`: every class is an interval
 * of sizes (for a given list and limit), so holding at both ends is holding throughout.
 */
export const classesAt = (size: SizeRange, listSize: number, limit: number): OutcomeClass[] =>
  OUTCOME_CLASSES.filter(
    (outcome) => holds(outcome, size.min, listSize, limit) && holds(outcome, size.max, listSize, limit),
  );

export interface LimitRange {
  min: number;
  max: number;
}

/**
 * The limits within `bounds` at which a result of `size` falls in the class, or null when none
 * does: exactly a page is a limit equal to the size, under a page a limit above it, several pages
 * a limit at most a third of it; the other classes hold at any limit or at none.
 */
export function limitsFor(
  outcome: OutcomeClass,
  size: SizeRange,
  listSize: number,
  bounds: LimitRange,
): LimitRange | null {
  const range = ((): LimitRange => {
    switch (outcome) {
      case 'under-page':
        return { min: Math.max(bounds.min, size.max + 1), max: bounds.max };
      case 'exact-page':
        return size.min === size.max ? { min: size.min, max: size.min } : { min: 1, max: 0 };
      case 'several-pages':
        return { min: bounds.min, max: Math.min(bounds.max, Math.floor(size.min / SEVERAL)) };
      default:
        return bounds;
    }
  })();
  const within = { min: Math.max(range.min, bounds.min), max: Math.min(range.max, bounds.max) };
  if (within.min > within.max) return null;
  return classesAt(size, listSize, within.min).includes(outcome) ? within : null;
}

/**
 * The one limit the coverage phase reads a class at: the edge of its range where paging bugs sit
 * (a result one record under a page, one record at limit 1), or about five pages for results
 * that span several.
 */
export function coverageLimit(outcome: OutcomeClass, size: SizeRange, range: LimitRange): number {
  const clamp = (limit: number) => Math.min(range.max, Math.max(range.min, limit));
  switch (outcome) {
    case 'under-page':
    case 'one':
      return range.min;
    case 'empty':
      return range.max;
    default:
      return clamp(Math.ceil(size.min / 5));
  }
}

/** The class in words, for "no value selects …" (a list of `listSize` records). */
export function describeClass(outcome: OutcomeClass, listSize: number): string {
  switch (outcome) {
    case 'empty':
      return 'no record';
    case 'one':
      return 'exactly one record';
    case 'under-page':
      return 'between 2 records and one fewer than a limit allows';
    case 'exact-page':
      return 'as many records as a limit allows';
    case 'several-pages':
      return `at least ${SEVERAL} pages' worth at a limit the walk's page budget allows`;
    case 'most':
      return `more than half but not all of the ${listSize} records`;
    case 'all':
      return `all ${listSize} records`;
  }
}
