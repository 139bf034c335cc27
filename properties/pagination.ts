/**
 * Pagination (spec §4.3): walks end, never repeat a record, keep their shape and page size, and
 * return the same records whatever the limit on quiescent data. Every page of every walk runs the
 * whole PAGE_CHECKS registry, so each property fails on any page invariant its walks break.
 */
import fc from 'fast-check';
import { ENDPOINTS, LIMITS, type Endpoint } from '../lib/contract/endpoints.ts';
import {
  defaultLimitApplied,
  type DefaultLimitPages,
  type PageSize,
} from '../lib/checks/default-limit-applied.ts';
import { limitInvariance } from '../lib/checks/limit-invariance.ts';
import { moreMeansRecords } from '../lib/checks/more-means-records.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { pageLimit, pageLimits } from './arbitraries/limits.ts';
import { filters, listChoice } from './arbitraries/lists.ts';
import { listRequest } from './arbitraries/requests.ts';
import type { AimedWalk } from './arbitraries/aimed-walk.ts';
import { wholeWalkLimits } from './arbitraries/measured.ts';
import { coverageOf, pagedWalks, type PagedSpec } from './arbitraries/paged.ts';
import { withLocatedMenus } from './arbitraries/located.ts';
import { cellKey, type Coverage } from '../lib/props/coverage.ts';
import { filtersOf } from '../lib/props/measure.ts';
import {
  FULL_KEY,
  fullWalk,
  fullWalkMin,
  listSources,
  tenantSurvey,
  walkToEnd,
  wholeListChoice,
} from './support.ts';
import { defineProperty, isSkip, prepared, type PropertyContext, type Skip } from '../lib/props/types.ts';
import { recordCollector, verdict, walk, walkSpecOf, type WalkInput } from './walks.ts';
import type { WalkState } from '../lib/paging/walk.ts';
import { tenantNames, type Survey } from '../lib/props/survey.ts';

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

/** A property's inputs: what it draws, and its coverage phase when its lists are aimed. */
interface Inputs<Input> {
  arbitrary: fc.Arbitrary<Input>;
  coverage?: Coverage<Input>;
}

/** How a walk property reads its lists: which inputs (none: why), how far, how many runs. */
interface WalkKind<Input> {
  runs: number;
  inputs(context: PropertyContext, survey: Survey): Inputs<Input> | Skip;
  walk(context: PropertyContext, survey: Survey, input: Input): Promise<WalkState>;
}

/**
 * The blind draws beside the walks aimed at every paging class (properties/arbitraries/paged.ts),
 * with the aimed walks' coverage phase; blind only when no list's sizes are exact (its report
 * then says why of every class).
 */
function aimedBeside<Input>(
  blind: fc.Arbitrary<Input>,
  survey: Survey,
  spec: PagedSpec,
  convert: { to: (walk: AimedWalk) => Input; from: (input: Input) => AimedWalk | undefined },
): Inputs<Input> {
  const aimed = pagedWalks(survey, spec);
  return {
    arbitrary: aimed.arbitrary === null ? blind : fc.oneof(aimed.arbitrary.map(convert.to), blind),
    coverage: coverageOf(aimed.coverage, aimed.coverage.examples.map(convert.to), convert.from),
  };
}

/** A first-page walk as an aimed walk: its filters and its one limit (none: the default). */
const prefixAsAimed = (input: WalkInput): AimedWalk | undefined =>
  input.limits === undefined
    ? {
        tenant: input.tenant,
        endpoint: input.endpoint,
        scheme: input.scheme ?? 'bearer',
        query: filtersOf(input.query),
        limit: Number(input.query.limit ?? LIMITS.default),
      }
    : undefined;

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

const noDuplicates = walkProperty(
  'pagination.no-duplicates',
  'No walk returns a record twice, for any limit 1..100 (or limits changing page by page) and any filters, on both endpoints.',
  ['no-duplicate-ids'],
  FIRST_PAGES,
);

const pageSize = walkProperty(
  'pagination.page-size',
  'No page holds more records than its limit (50 without one), also when the limit changes page by page.',
  ['page-size-within-limit'],
  FIRST_PAGES,
);

const terminates = walkProperty(
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

const shape = walkProperty(
  'pagination.shape',
  'Every page of a whole walk matches the schema; hasMore is true exactly when there is a token, and on a quiescent tenant only when another page holds records.',
  ['page-matches-schema', 'pagination-consistent', 'more-means-records'],
  endingWalks,
);

/** Pages a walk on changing data spans: long enough for inserts to land between its pages. */
const CHANGING_WALK_PAGES = 10;
/** The coverage walks' limit: ten pages of it stay near the newest records, where inserts land. */
const CHANGING_COVERAGE_LIMIT = 5;
const CHANGING_LABEL = `${CHANGING_WALK_PAGES} pages at limit ${CHANGING_COVERAGE_LIMIT}`;

const noDuplicatesWhileChanging = defineProperty({
  name: 'pagination.no-duplicates-while-changing',
  family: 'pagination',
  description:
    "While a tenant's data changes (new orders, new states), a walk still returns no record twice.",
  checks: ['no-duplicate-ids'],
  needs: [{ kind: 'changing' }],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const changing = survey.tenants.filter((tenant) => !tenant.quiescent);
    const limits = fc.oneof(
      pageLimit().map((limit) => [limit]),
      pageLimits(),
    );
    const arbitrary = listChoice(changing.map((tenant) => tenant.name)).chain((choice) =>
      limits.map((taken) => ({ ...choice, query: {}, limits: taken })),
    );
    // Every changing list is walked once at a small limit before the random draws: a walk of one
    // list only, or at limits that end it in two pages, sees no insert land between its pages.
    const examples = changing.flatMap((tenant) =>
      ENDPOINTS.map((endpoint) => ({
        endpoint,
        tenant: tenant.name,
        scheme: 'bearer' as const,
        query: {},
        limits: [CHANGING_COVERAGE_LIMIT],
      })),
    );
    const where = (input: { endpoint: Endpoint; tenant: string }) => `${input.tenant} ${input.endpoint}`;
    const cells = examples.map((input) => ({ where: where(input), label: CHANGING_LABEL }));
    const reached = (input: WalkInput) =>
      input.limits?.[0] === CHANGING_COVERAGE_LIMIT
        ? [cellKey({ where: where(input), label: CHANGING_LABEL })]
        : [];
    return prepared(
      arbitrary,
      async (input) => {
        const spec = walkSpecOf(input, Number.MAX_SAFE_INTEGER, survey);
        verdict(context, (await walk(context, spec, CHANGING_WALK_PAGES, context.budget.paceMs)).failures);
      },
      { cells, examples, reached },
    );
  },
});

/** A whole walk labelled by its (first) limit, with every record it carried. */
interface RecordedWalk {
  limit: number;
  state: WalkState;
  records: ReadonlyMap<string, string>;
}

/** A whole walk of `input` (walkToEnd) with the records of its pages. */
async function recordedWalk(
  context: PropertyContext,
  survey: Survey,
  input: WalkInput & { limit: number },
  label = input.limit,
): Promise<RecordedWalk> {
  const { records, onPage } = recordCollector();
  return { limit: label, state: await walkToEnd(context, survey, input, onPage), records };
}

/**
 * Whole walks of one quiescent list, each labelled by its (first) limit: every page passes the
 * page checks, and every walk returns the same ids (limit-invariance). A walk that did not reach
 * its end proves nothing: the run is inconclusive.
 */
function sameIds(context: PropertyContext, walks: readonly RecordedWalk[]): void {
  verdict(
    context,
    walks.flatMap(({ state }) => state.failures),
  );
  fc.pre(walks.every(({ state }) => state.end === 'complete'));
  const compared = walks.map(({ limit, state, records }) => ({
    limit,
    ids: new Set(state.ids.keys()),
    records,
  }));
  verdict(
    context,
    runWalkSetCheck(
      limitInvariance,
      compared,
      walks.flatMap(({ state }) => state.requests),
    ),
  );
}

/** Unfiltered whole walks of the quiescent lists (the only lists whose sizes are exact). */
const wholeLists = (context: PropertyContext): PagedSpec => ({
  endpoints: ENDPOINTS,
  bounds: wholeWalkLimits(context.budget.fullWalkPages),
  filtered: false,
});

/** The quiescent tenants' lists a whole walk reads within the budget (the others are named). */
const quiescentWholeLists = (context: PropertyContext, survey: Survey) =>
  wholeListChoice(
    context,
    survey,
    survey.tenants.filter((tenant) => tenant.quiescent),
  );

const limitInvarianceProperty = defineProperty({
  name: 'pagination.limit-invariance',
  family: 'pagination',
  description:
    'On a quiescent tenant, whole walks of a list (any filters, locationId among them) with two different limits return the same records, every field of each alike.',
  checks: ['limit-invariance'],
  needs: [{ kind: 'quiescent' }],
  runs: 8,
  async prepare(context) {
    const survey = await context.survey();
    const lists = quiescentWholeLists(context, survey);
    if (isSkip(lists)) return lists;
    // Two distinct limits, both small enough a bound for a full walk (so at most 99 for the lower).
    const blind = lists.chain((choice) => {
      const min = Math.min(fullWalkMin(context, survey, choice), LIMITS.max - 1);
      const query = filters(context.target, choice.endpoint, tenantSurvey(survey, choice.tenant));
      return fc
        .tuple(pageLimit(min), pageLimit(min), query)
        .filter(([limit, other]) => limit !== other)
        .map(([limit, other, filtered]) => ({ ...choice, query: filtered, limit, other }));
    });
    // The first limit aimed at a paging class; the other the largest (99 when the first is 100).
    const convert = {
      to: (aimed: AimedWalk) => ({
        ...aimed,
        other: aimed.limit === LIMITS.max ? LIMITS.max - 1 : LIMITS.max,
      }),
      from: ({ other: _other, ...input }: AimedWalk & { other: number }) => input,
    };
    const aimed = aimedBeside(blind, survey, { ...wholeLists(context), filtered: true }, convert);
    // Located menus past their first page, each once: where a location's prices must hold on every page.
    const inputs = {
      ...aimed,
      coverage: aimed.coverage && withLocatedMenus(aimed.coverage, survey, convert.to, convert.from),
    };
    return prepared(
      inputs.arbitrary,
      async ({ other, ...input }) => {
        const walks = [];
        for (const limit of [input.limit, other])
          walks.push(await recordedWalk(context, survey, { ...input, limit }));
        sameIds(context, walks);
      },
      inputs.coverage,
    );
  },
});

const limitChange = defineProperty({
  name: 'pagination.limit-change',
  family: 'pagination',
  description:
    'On a quiescent tenant, a whole walk whose limit changes page by page returns the ids of a fixed-limit walk, each once.',
  checks: ['limit-invariance', 'no-duplicate-ids'],
  needs: [{ kind: 'quiescent' }],
  runs: 8,
  async prepare(context) {
    const survey = await context.survey();
    const lists = quiescentWholeLists(context, survey);
    if (isSkip(lists)) return lists;
    // Every limit, fixed or changing, small enough a bound for a full walk.
    const blind = lists.chain((choice) => {
      const min = fullWalkMin(context, survey, choice);
      return fc
        .record({ limit: pageLimit(min), limits: pageLimits(min) })
        .map((limits) => ({ ...choice, ...limits }));
    });
    // The fixed limit aimed at a paging class; the changing walk from the smallest limit to 100.
    const inputs = aimedBeside(blind, survey, wholeLists(context), {
      to: ({ query: _none, ...aimed }) => ({
        ...aimed,
        limits: [fullWalkMin(context, survey, aimed), LIMITS.max],
      }),
      from: (input) => ({ ...input, query: {} }),
    });
    return prepared(
      inputs.arbitrary,
      async ({ limit, limits, ...choice }) => {
        const fixed = await recordedWalk(context, survey, { ...choice, query: {}, limit });
        // The smallest limit bounds the changing walk's length; its pages take `limits` in turn.
        const smallest = Math.min(...limits);
        const input = { ...choice, query: {}, limit: smallest, limits };
        sameIds(context, [fixed, await recordedWalk(context, survey, input, limits[0] ?? smallest)]);
      },
      inputs.coverage,
    );
  },
});

const emptyResult = defineProperty({
  name: 'pagination.empty-result',
  family: 'pagination',
  description:
    'A search that matches nothing is exactly { data: [], pagination: { nextPageToken: null, hasMore: false } }.',
  checks: ['empty-result-exact'],
  needs: [FULL_KEY],
  runs: 10,
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = fc.record({
      list: listChoice(tenantNames(survey)),
      nonsense: fc.stringMatching(/^[a-z0-9]{10,16}$/),
    });
    return prepared(arbitrary, async ({ list, nonsense }) => {
      const input = { ...list, endpoint: 'menuItems' as const, query: { q: `zq-no-such-item-${nonsense}` } };
      const state = await walk(context, walkSpecOf(input, 2, survey), 1);
      verdict(context, state.failures);
      fc.pre(state.ids.size === 0);
    });
  },
});

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

const defaultLimit = defineProperty({
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

export const PAGINATION = [
  terminates,
  noDuplicates,
  noDuplicatesWhileChanging,
  shape,
  pageSize,
  limitInvarianceProperty,
  limitChange,
  emptyResult,
  defaultLimit,
];
