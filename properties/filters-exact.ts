/**
 * Filters on quiescent data (spec §3 filter rule, §4.1, §4.2): a complete filtered walk returns
 * exactly the records its filters select (not lost, not invented), activeOnly=false restricts
 * nothing, and q finds every item whose name or SKU contains it, ignoring case. Values and limits
 * are aimed at every outcome class (properties/arbitraries/outcomes.ts), each run once first.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { filterRespected } from '../lib/checks/filter-respected.ts';
import { filterOracle } from '../lib/checks/filter-rules.ts';
import { filteredWalkExact } from '../lib/checks/filtered-walk-exact.ts';
import { moreMeansRecords } from '../lib/checks/more-means-records.ts';
import { fullPageWhenMore } from '../lib/checks/full-page-when-more.ts';
import { searchMatchesNameOrSku } from '../lib/checks/search-matches-name-or-sku.ts';
import { walkPagesSucceed } from '../lib/checks/walk-pages-succeed.ts';
import type { Query } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import type { WalkState } from '../lib/paging/walk.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type Need, type PropertyContext } from '../lib/props/types.ts';
import { pageLimit } from './arbitraries/limits.ts';
import { scheme } from './arbitraries/lists.ts';
import { refusedOpen, wholeWalkLimits } from './arbitraries/measured.ts';
import type { AimedWalk } from './arbitraries/aimed-walk.ts';
import { aimedWalks, anyQ, withUnaimed } from './arbitraries/outcomes.ts';
import { withChannelViews } from './arbitraries/channel-views.ts';
import { anyQuery, isPlainQuery } from './arbitraries/search.ts';
import { judgeExact, judgeViews } from './oracle.ts';
import { recordSameInEveryView } from '../lib/checks/record-same-in-every-view.ts';
import { completeQuiescentLists, FULL_KEY, fullWalkMin, tenantSurvey, walkToEnd } from './support.ts';
import { recordCollector, verdict } from './walks.ts';

/**
 * Every legal value of every filter of the endpoint (spec §4.1, §4.2), alone or together: each
 * status, both values of activeOnly (with status too: not judged), each location and category
 * seen, q over its whole domain, each sales channel of the target file (its effect unjudged: spec
 * §4.1, "not shown"; its records still read alike). What the aimed draws leave out.
 */
function legalFilters(
  tenant: TenantSurvey,
  endpoint: Endpoint,
  salesChannels: readonly string[],
): fc.Arbitrary<Query> {
  const some = (values: readonly string[]) => (values.length > 0 ? [fc.constantFrom(...values)] : []);
  const fields: Record<string, fc.Arbitrary<string>> = {};
  const [status] = some(ENDPOINT_INFO[endpoint].statuses);
  if (status) fields.status = status;
  const [location] = some(tenant.locations);
  if (location) fields.locationId = location;
  if (endpoint === 'orders') fields.activeOnly = fc.constantFrom('true', 'false');
  else {
    fields.q = anyQuery(tenant.lists.menuItems.records).filter(isPlainQuery);
    const [category] = some(tenant.categories);
    if (category) fields.categoryId = category;
    const [channel] = some(salesChannels);
    if (channel) fields.salesChannel = channel;
  }
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Query>;
}

/** What the exact properties judge a complete walk by. */
type Judge = (context: PropertyContext, survey: Survey, input: AimedWalk, state: WalkState) => void;

interface ExactSpec {
  name: string;
  description: string;
  checks: readonly string[];
  endpoints: readonly Endpoint[];
  needs?: readonly Need[];
  runs: number;
  /** Which of the spec's combinations of filters the walks draw. */
  draws: (fields: readonly string[]) => boolean;
  only?: Readonly<Record<string, readonly string[]>>;
  qForms?: boolean;
  /** Also draws status with activeOnly (unaimed: "not shown", spec §4.2). */
  unjudged?: boolean;
  /** Walks drawn besides the aimed ones, on the lists where sizes are exact. */
  unaimed?(context: PropertyContext, survey: Survey): fc.Arbitrary<AimedWalk>;
  /** @default judgeExact */
  judge?: Judge;
  /** Also a coverage cell per sales channel view, alone and with a location (channel-views.ts). */
  channelViews?: boolean;
}

const REFUSED_OPEN =
  'status with activeOnly was refused with a 4xx: allowed, its behaviour is "not shown" (spec §4.2)';

/** Complete filtered walks of quiescent lists, each judged against the survey's exact answer. */
const exactProperty = (spec: ExactSpec) =>
  defineProperty({
    name: spec.name,
    family: 'filters',
    description: spec.description,
    // Every exact walk also shows its records as the unfiltered list does (spec §2, §4).
    checks: [...spec.checks, recordSameInEveryView.name],
    needs: spec.needs ?? [FULL_KEY, { kind: 'quiescent' }],
    runs: spec.runs,
    async prepare(context) {
      const survey = await context.survey();
      const aimed = aimedWalks(survey, {
        endpoints: spec.endpoints,
        draws: spec.draws,
        exactOnly: true,
        bounds: wholeWalkLimits(context.budget.fullWalkPages),
        ...(spec.qForms === undefined ? {} : { qForms: spec.qForms }),
        ...(spec.unjudged === undefined ? {} : { unjudged: spec.unjudged }),
        ...(spec.only === undefined ? {} : { only: spec.only }),
      });
      if (aimed === null) return { skip: 'no quiescent tenant whose lists the survey read in full' };
      const judge = spec.judge ?? judgeExact;
      const channels = context.target.salesChannels;
      return prepared(
        withUnaimed(aimed.arbitrary, spec.unaimed?.(context, survey)),
        async (input) => {
          const { records, onPage } = recordCollector();
          const state = await walkToEnd(context, survey, input, onPage);
          if (refusedOpen(input, state)) {
            verdict(
              context,
              state.failures.filter((failure) => failure.check !== walkPagesSucceed.name),
            );
            context.inconclusive(REFUSED_OPEN);
            return;
          }
          verdict(context, state.failures);
          fc.pre(state.end === 'complete');
          // Each record one of the list's, as it reads there, before the set is judged: a record
          // the list does not hold is named as such (record-same-in-every-view), not only counted.
          judgeViews(context, survey, input, state, records);
          judge(context, survey, input, state);
        },
        spec.channelViews ? withChannelViews(aimed.coverage, survey, channels) : aimed.coverage,
      );
    },
  });

/** A limit a whole walk of the tenant's unfiltered list fits in. */
const wholeListLimit = (context: PropertyContext, survey: Survey, tenant: string, endpoint: Endpoint) =>
  pageLimit(fullWalkMin(context, survey, { tenant, endpoint, scheme: 'bearer' }));

/** What q must find: the reading filtered-walk-exact requires (lib/checks/filter-rules.ts). */
const judgeSearch: Judge = (context, survey, input, state) => {
  const q = input.query.q ?? '';
  const items = tenantSurvey(survey, input.tenant).lists.menuItems.records;
  const expected = filterOracle({ q }, items as unknown as Record<string, unknown>[]).must;
  const outcome = { q, expected, received: new Set(state.ids.keys()) };
  verdict(context, runWalkSetCheck(searchMatchesNameOrSku, outcome, state.requests));
};

const searchFindsAll = exactProperty({
  name: 'filters.q-finds-all',
  description:
    'On a quiescent tenant, q (a substring of a name or SKU of any length and case, or any string filters.q draws) finds every item whose name or SKU contains it, ignoring case.',
  checks: [searchMatchesNameOrSku.name],
  endpoints: ['menuItems'],
  needs: [{ kind: 'quiescent' }],
  runs: 20,
  draws: (fields) => fields.length === 1 && fields[0] === 'q',
  qForms: true,
  unaimed: (context, survey) =>
    anyQ(
      completeQuiescentLists(context, survey, ['menuItems']).map(({ tenant }) => tenant),
      true,
      (tenant) => wholeListLimit(context, survey, tenant.name, 'menuItems'),
    ),
  judge: judgeSearch,
});

const exactFilters = exactProperty({
  name: 'filters.exact',
  description:
    "On a quiescent tenant, a complete filtered walk returns exactly the unfiltered walk's records its filters keep, for every filter and legal value.",
  checks: [
    filteredWalkExact.name,
    moreMeansRecords.name,
    filterRespected.name,
    walkPagesSucceed.name,
    fullPageWhenMore.name,
  ],
  endpoints: ENDPOINTS,
  runs: 30,
  draws: () => true,
  unjudged: true,
  channelViews: true,
  unaimed: (context, survey) =>
    fc.constantFrom(...completeQuiescentLists(context, survey, ENDPOINTS)).chain(({ tenant, endpoint }) =>
      fc
        .record({
          query: legalFilters(tenant, endpoint, context.target.salesChannels),
          limit: wholeListLimit(context, survey, tenant.name, endpoint),
          scheme,
        })
        .map(({ query, limit, scheme: how }) => ({
          tenant: tenant.name,
          endpoint,
          scheme: how,
          query,
          limit,
        })),
    ),
});

const activeOnlyFalse = exactProperty({
  name: 'filters.active-only-false',
  description:
    'activeOnly=false restricts nothing: on a quiescent tenant it returns every order the unfiltered walk does (with or without a location).',
  checks: [filteredWalkExact.name, moreMeansRecords.name],
  endpoints: ['orders'],
  runs: 5,
  draws: (fields) => fields.includes('activeOnly'),
  only: { activeOnly: ['false'] },
});

/** In the order the suite runs them, after the filters that hold page by page. */
export const EXACT_FILTERS = [searchFindsAll, exactFilters, activeOnlyFalse];
