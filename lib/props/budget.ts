/**
 * The bounds of a property run's walks, sized to the target: pages and time of a whole walk, and
 * the survey's. A walk that reaches its budget without a repeat proves nothing (walk.ts:
 * `budget-reached`); the lists that were too long for it are named, with the way to give them more.
 */
import type { Target } from '../target/target.ts';
import { SURVEY_PAGES, type SurveyBudget } from './survey.ts';
import type { Budget, TooLong } from './types.ts';

/** Pages a whole walk may take unless the flag, its variable or the target file says otherwise. */
const DEFAULT_WALK_PAGES = 40;

const DEFAULT_BUDGET: Budget = {
  prefixPages: 5,
  fullWalkPages: DEFAULT_WALK_PAGES,
  walkMs: 15_000,
  paceMs: 30,
};

/** Time a page may take when a raised page budget sizes the time caps (generous for a staging API). */
const PAGE_MS = 25;

/** @default 30000: the survey's time when its page budget is the default one. */
const SURVEY_MS = 30_000;

/**
 * The budget of a run: `walkPages` (--walk-pages) over the target file's `walkPages` over the
 * default; a raised page budget raises the time of a walk with it, so the pages can be used.
 */
export function resolveBudget(target: Target, walkPages?: number, more: Partial<Budget> = {}): Budget {
  const pages = walkPages ?? target.walkPages ?? DEFAULT_WALK_PAGES;
  const walkMs = Math.max(DEFAULT_BUDGET.walkMs, pages * PAGE_MS);
  return { ...DEFAULT_BUDGET, fullWalkPages: pages, walkMs, ...more };
}

/**
 * A property's time when none is given: `defaultMs`, or two whole walks' time when a raised page
 * budget (--walk-pages) made a walk longer than the default's, so it can still run to its end.
 */
export const propertyTimeMs = (budget: Budget, defaultMs: number): number =>
  budget.fullWalkPages > DEFAULT_WALK_PAGES ? Math.max(defaultMs, 2 * budget.walkMs) : defaultMs;

/**
 * The survey reads each list to its end or to its page budget at limit 100: at least SURVEY_PAGES,
 * and as many as a whole walk may take, so it can tell whether a list fits. Its time grows with
 * its pages beyond the default.
 */
export function surveyBudget(target: Target, budget: Budget, timeMs?: number): SurveyBudget {
  const pages = Math.max(SURVEY_PAGES, budget.fullWalkPages);
  const lists = 2 * target.tenants.filter((tenant) => tenant.keys.full !== undefined).length;
  const scaled = pages > SURVEY_PAGES ? lists * pages * PAGE_MS : 0;
  return { pages, timeMs: timeMs ?? Math.max(SURVEY_MS, scaled) };
}

/**
 * One line naming the lists whose walks reached their budget (each list once, those with the same
 * reason together) and how to give them more; empty when there are none.
 */
export function tooLongNote(entries: readonly TooLong[], budget: Budget): string {
  if (entries.length === 0) return '';
  const whyOf = new Map<string, string>();
  for (const { list, why } of entries) if (!whyOf.has(list)) whyOf.set(list, why);
  const byWhy = new Map<string, string[]>();
  for (const [list, why] of whyOf) byWhy.set(why, [...(byWhy.get(why) ?? []), list]);
  const lists = [...byWhy].map(([why, names]) => `${names.join(', ')}: ${why}`);
  return `not walked whole within ${budget.fullWalkPages} pages (${budget.walkMs / 1000} s): ${lists.join('; ')}; give them more with --walk-pages N or the target file's walkPages`;
}
