/**
 * The default limit (spec §4.1, §4.2, §8): a page sent without limit, first or reached by a
 * cursor, is the page limit=50 gives there.
 */
import fc from 'fast-check';
import { ENDPOINTS, LIMITS } from '../lib/contract/endpoints.ts';
import {
  defaultLimitApplied,
  type DefaultLimitPages,
  type PageSize,
} from '../lib/checks/default-limit-applied.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { listChoice } from './arbitraries/lists.ts';
import type { AimedWalk } from './arbitraries/aimed-walk.ts';
import { aimedBeside } from './arbitraries/aimed-beside.ts';
import { FULL_KEY, tenantSurvey } from './support.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf } from './walks.ts';
import type { WalkState } from '../lib/paging/walk.ts';
import { tenantNames } from '../lib/props/survey.ts';

/** Pages of each default-limit walk: the first and two reached by a cursor. */
const DEFAULT_LIMIT_PAGES = 3;
/** The explicit limit of a first page whose later pages send none. */
const FIRST_LIMIT = 10;

/** Each page's size and whether more followed, from a walk's page ids and where it ended. */
const pageSizes = (state: WalkState): PageSize[] =>
  state.pageIds.map((ids, index) => ({
    size: ids.length,
    hasMore: index < state.pageIds.length - 1 || state.cursor !== null,
  }));

/**
 * On changing data two walks agree only where both pages were full with more to come: a last page
 * may grow between them. The pages compared, cut there (all of them on a quiescent tenant).
 */
function comparable(pages: DefaultLimitPages, quiescent: boolean): DefaultLimitPages {
  if (quiescent) return pages;
  const full = pages.withoutLimit.findIndex(
    (page, index) => !(page.hasMore && pages.withDefault[index]?.hasMore === true),
  );
  if (full === -1) return pages;
  return {
    ...pages,
    withoutLimit: pages.withoutLimit.slice(0, full),
    withDefault: pages.withDefault.slice(0, full),
  };
}

/**
 * The two walks of a list compared: `every page`, where no page sends limit, against limit=50 on
 * every page; and `after limit=10`, a first page with limit=10 whose cursor pages send none,
 * against limit=50 on those pages.
 */
const DEFAULT_LIMIT_WALKS = [
  { walk: 'every page without limit', limitOf: (_page: number): string | null => null },
  {
    walk: `pages after a first at limit=${FIRST_LIMIT} without limit`,
    limitOf: (page: number): string | null => (page === 0 ? String(FIRST_LIMIT) : null),
  },
] as const;

export const defaultLimit = defineProperty({
  name: 'pagination.default-limit',
  family: 'pagination',
  description: `Every page without limit, the first or one reached by a cursor (also after a first page at limit=${FIRST_LIMIT}), is the page limit=${LIMITS.default} gives there.`,
  checks: ['default-limit-applied', 'page-size-within-limit'],
  needs: [FULL_KEY],
  runs: 10,
  async prepare(context) {
    const survey = await context.survey();
    const blind = listChoice(tenantNames(survey)).map((list): Omit<AimedWalk, 'limit'> => ({
      ...list,
      query: {},
    }));
    // Lists and filters aimed at each paging class at the default limit: under it, exactly it, past it.
    const inputs = aimedBeside(
      blind,
      survey,
      { endpoints: ENDPOINTS, bounds: () => ({ min: LIMITS.default, max: LIMITS.default }), filtered: true },
      {
        to: ({ limit: _default, ...aimed }) => aimed,
        from: (input) => ({ ...input, limit: LIMITS.default }),
      },
    );
    return prepared(
      inputs.arbitrary,
      async ({ query: filters, ...list }) => {
        const quiescent = tenantSurvey(survey, list.tenant).quiescent;
        for (const { walk: words, limitOf } of DEFAULT_LIMIT_WALKS) {
          const walked = async (limitOfPage: (page: number) => string | null) => {
            const spec = walkSpecOf({ ...list, query: filters }, Number.MAX_SAFE_INTEGER, survey);
            const first = limitOfPage(0);
            const query = first === null ? spec.query : { ...spec.query, limit: first };
            return walk(context, { ...spec, query, limitOfPage }, DEFAULT_LIMIT_PAGES);
          };
          const without = await walked(limitOf);
          const withDefault = await walked((page) => limitOf(page) ?? String(LIMITS.default));
          verdict(context, [...without.failures, ...withDefault.failures]);
          const omitted = new Set(
            without.pageIds.map((_ids, page) => page).filter((page) => limitOf(page) === null),
          );
          const pages = comparable(
            { walk: words, withoutLimit: pageSizes(without), withDefault: pageSizes(withDefault), omitted },
            quiescent,
          );
          // On changing data a list near 50 records may grow between the two walks: inconclusive.
          fc.pre(pages.withoutLimit.length > 0);
          const requests = [...without.requests, ...withDefault.requests];
          verdict(context, runWalkSetCheck(defaultLimitApplied, pages, requests));
        }
      },
      inputs.coverage,
    );
  },
});
