/**
 * The pagination properties whose each run is one walk (spec §4.3): first pages of a list with any
 * filters and limits, or whole walks of the lists short enough to read whole. Every page of every
 * walk runs the whole PAGE_CHECKS registry; each property names the checks its walks aim at.
 */
import fc from 'fast-check';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import { moreMeansRecords } from '../lib/checks/more-means-records.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { pageLimits } from './arbitraries/limits.ts';
import { filters } from './arbitraries/lists.ts';
import { listRequest } from './arbitraries/requests.ts';
import { firstPageWalk, type AimedWalk } from './arbitraries/aimed-walk.ts';
import { aimedBeside, type Inputs } from './arbitraries/aimed-beside.ts';
import { wholeWalkLimits } from './arbitraries/measured.ts';
import { FULL_KEY, fullWalk, listSources, tenantSurvey, walkToEnd } from './support.ts';
import { defineProperty, isSkip, prepared, type PropertyContext, type Skip } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf, type WalkInput } from './walks.ts';
import type { WalkState } from '../lib/paging/walk.ts';
import type { Survey } from '../lib/props/survey.ts';

/**
 * A legal first page of a list (any filters, no limit or one limit 1..100), walked for its first
 * pages; in some walks the limit changes page by page instead (spec §4.3 rule 4 binds filters,
 * not the limit). Shrinks toward a fixed limit, then toward the request's own.
 */
const filteredPrefix = (context: PropertyContext, survey: Survey): fc.Arbitrary<WalkInput> =>
  fc
    .record({
      request: listRequest(context.target, listSources(context.target, survey), { cursor: 'never' }),
      changing: fc.option(pageLimits(), { nil: undefined, freq: 2 }),
    })
    .map(({ request: { cursor: _firstPage, ...request }, changing }) =>
      changing === undefined ? request : { ...request, limits: changing },
    );

/** How a walk property reads its lists: which inputs (none: why), how far, how many runs. */
interface WalkKind<Input> {
  runs: number;
  inputs(context: PropertyContext, survey: Survey): Inputs<Input> | Skip;
  walk(context: PropertyContext, survey: Survey, input: Input): Promise<WalkState>;
}

/** A first-page walk as an aimed walk: its filters and its one limit (none: the default). */
const prefixAsAimed = (input: WalkInput): AimedWalk | undefined =>
  input.limits === undefined ? firstPageWalk(input) : undefined;

/** The first pages of a list with any filters and any limit (or none), aimed at every paging class. */
const FIRST_PAGES: WalkKind<WalkInput> = {
  runs: 40,
  inputs: (context, survey) =>
    aimedBeside(
      filteredPrefix(context, survey),
      survey,
      // Aimed results fit the pages a prefix walk reads, so its last page is read too.
      { endpoints: ENDPOINTS, bounds: wholeWalkLimits(context.budget.prefixPages), filtered: true },
      {
        to: ({ limit, ...aimed }) => ({ ...aimed, query: { ...aimed.query, limit: String(limit) } }),
        from: prefixAsAimed,
      },
    ),
  walk: (context, survey, input) =>
    walk(context, walkSpecOf(input, Number.MAX_SAFE_INTEGER, survey), context.budget.prefixPages),
};

const asAimed = (input: WalkInput & { limit: number }): AimedWalk => ({
  ...input,
  scheme: input.scheme ?? 'bearer',
});

/**
 * Whole walks with a limit the data fits in, with or without filters, of the lists short enough
 * to walk whole within the budget (the others are named in the result), aimed at every paging class.
 */
const wholeWalks = (withFilters: boolean): WalkKind<WalkInput & { limit: number }> => ({
  runs: 12,
  inputs(context, survey) {
    const walks = fullWalk(context, survey);
    if (isSkip(walks)) return walks;
    const blind = withFilters
      ? walks.chain(({ tenant, endpoint, scheme, limit }) =>
          filters(context.target, endpoint, tenantSurvey(survey, tenant)).map((query) => ({
            tenant,
            endpoint,
            scheme,
            query,
            limit,
          })),
        )
      : walks.map((list) => ({ ...list, query: {} }));
    const bounds = wholeWalkLimits(context.budget.fullWalkPages);
    return aimedBeside(
      blind,
      survey,
      { endpoints: ENDPOINTS, bounds, filtered: withFilters },
      { to: (aimed) => aimed, from: asAimed },
    );
  },
  walk: walkToEnd,
});

const walkProperty = <Input>(name: string, description: string, checks: string[], kind: WalkKind<Input>) =>
  defineProperty({
    name,
    family: 'pagination',
    description,
    checks,
    needs: [FULL_KEY],
    runs: kind.runs,
    async prepare(context) {
      const survey = await context.survey();
      const inputs = kind.inputs(context, survey);
      if (isSkip(inputs)) return inputs;
      return prepared(
        inputs.arbitrary,
        async (input) => {
          verdict(context, (await kind.walk(context, survey, input)).failures);
        },
        inputs.coverage,
      );
    },
  });

export const noDuplicates = walkProperty(
  'pagination.no-duplicates',
  'No walk returns a record twice, for any limit 1..100 (or limits changing page by page) and any filters, on both endpoints.',
  ['no-duplicate-ids'],
  FIRST_PAGES,
);

export const pageSize = walkProperty(
  'pagination.page-size',
  'No page holds more records than its limit (50 without one), also when the limit changes page by page.',
  ['page-size-within-limit'],
  FIRST_PAGES,
);

export const terminates = walkProperty(
  'pagination.terminates',
  'Every walk ends: no cursor cycle, no repeated page. A list longer than the walk budget is named, never failed.',
  ['walk-terminates'],
  wholeWalks(false),
);

/**
 * A complete walk of a quiescent list ends on its last record: a page reached through hasMore:
 * true holds records (the walks aimed at a last page exactly full are where a server that says
 * "more" whenever a page is full fails).
 */
const endingWalks: WalkKind<WalkInput & { limit: number }> = {
  ...wholeWalks(true),
  async walk(context, survey, input) {
    const state = await walkToEnd(context, survey, input);
    if (!tenantSurvey(survey, input.tenant).quiescent || state.end !== 'complete') return state;
    return {
      ...state,
      failures: [...state.failures, ...runWalkSetCheck(moreMeansRecords, state, state.requests)],
    };
  },
};

export const shape = walkProperty(
  'pagination.shape',
  'Every page of a whole walk matches the schema; hasMore is true exactly when there is a token, and on a quiescent tenant only when another page holds records.',
  ['page-matches-schema', 'pagination-consistent', 'more-means-records'],
  endingWalks,
);
