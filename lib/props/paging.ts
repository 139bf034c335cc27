/**
 * Paging classes: how a walk's pages fall, for a result of `size` records read at a limit. Where
 * lib/props/outcomes.ts classes a filter's result against its list, these class the pages: no
 * record, one, under a page, exactly a page, several pages, and past one page whether the last
 * page is partly full or exactly full (where a server that reads one record ahead to set hasMore
 * goes wrong). The pagination properties and the probes aim their lists and limits at them.
 */
import { LIMITS } from '../contract/endpoints.ts';
import { classesAt, describeClass, type LimitRange } from './outcomes.ts';

export const PAGING_CLASSES = [
  'empty',
  'one',
  'under-page',
  'exact-page',
  'several-pages',
  'last-partial',
  'last-full',
] as const;

export type PagingClass = (typeof PAGING_CLASSES)[number];

/** Whether `size` records read at `limit` fall in the class; the first five are outcomes' own. */
function holds(outcome: PagingClass, size: number, limit: number): boolean {
  switch (outcome) {
    case 'last-partial':
      return size > limit && size % limit !== 0;
    case 'last-full':
      return size > limit && size % limit === 0;
    default:
      // The list's own size only matters to "most" and "all", which are not paging classes.
      return classesAt({ min: size, max: size }, size, limit).includes(outcome);
  }
}

/** The classes `size` records read at `limit` fall in. */
export const pagingClassesAt = (size: number, limit: number): PagingClass[] =>
  PAGING_CLASSES.filter((outcome) => holds(outcome, size, limit));

/** Every limit within `bounds` (and 1..100) at which `size` records fall in the class, smallest first. */
export function pagingLimits(outcome: PagingClass, size: number, bounds: LimitRange): number[] {
  const limits: number[] = [];
  for (let limit = Math.max(LIMITS.min, bounds.min); limit <= Math.min(LIMITS.max, bounds.max); limit += 1)
    if (holds(outcome, size, limit)) limits.push(limit);
  return limits;
}

/**
 * The one limit the coverage phase reads a class at, from `limits` (pagingLimits, not empty): the
 * edge where paging bugs sit. One record under a page; a last page holding one record; the
 * largest limit that fills the last page exactly (the fewest pages); about five pages for several.
 */
export function pagingCoverageLimit(outcome: PagingClass, size: number, limits: readonly number[]): number {
  const first = limits[0] ?? LIMITS.default;
  const last = limits.at(-1) ?? first;
  switch (outcome) {
    case 'under-page':
    case 'one':
      return first;
    case 'last-partial':
      return [...limits].reverse().find((limit) => size % limit === 1) ?? last;
    case 'several-pages':
      return limits.find((limit) => limit >= Math.ceil(size / 5)) ?? last;
    default:
      return last;
  }
}

/** The class in words, for "no list or value selects …". */
export function describePaging(outcome: PagingClass): string {
  switch (outcome) {
    case 'last-partial':
      return 'more than a page with a last page partly full';
    case 'last-full':
      return 'more than a page with a last page exactly full';
    default:
      return describeClass(outcome, 0);
  }
}
