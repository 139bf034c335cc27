/**
 * Filters (spec §4.1, §4.2, §3 filter rule, §4.3 rule 4) hold on every page of a walk, not just
 * the first: status, activeOnly, locationId, categoryId and q, with values taken from the data the
 * survey saw. On quiescent data q also finds every item whose name or SKU contains it.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { filterRespected } from '../lib/checks/filter-respected.ts';
import { filterOracle } from '../lib/checks/filter-rules.ts';
import { filteredWalkExact } from '../lib/checks/filtered-walk-exact.ts';
import { searchMatchesNameOrSku } from '../lib/checks/search-matches-name-or-sku.ts';
import { walkPagesSucceed } from '../lib/checks/walk-pages-succeed.ts';
import type { Failure } from '../lib/failure.ts';
import type { Query } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { pageLimit } from './arbitraries/limits.ts';
import { scheme } from './arbitraries/lists.ts';
import { anyQuery, isPlainQuery, searchTerms } from './arbitraries/search.ts';
import { judgeExact } from './oracle.ts';
import { completeQuiescentLists, FULL_KEY, fullWalkMin, tenantSurvey, walkToEnd } from './support.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type Need } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf } from './walks.ts';

interface FilterSpec {
  name: string;
  description: string;
  endpoints: readonly Endpoint[];
  needs?: readonly Need[];
  /** Values of the filter for this tenant and endpoint; none means the tenant cannot be used. */
  values(tenant: TenantSurvey, endpoint: Endpoint): fc.Arbitrary<Query> | null;
  /** Queries a server may refuse with a 4xx in the Error shape (a q past any sane length). */
  mayRefuse?(query: Query): boolean;
}

/** The walk's failures, but a refusal with a 4xx (its Error shape is still checked) when allowed. */
const refusalAllowed = (failures: readonly Failure[]): Failure[] =>
  failures.filter((failure) => {
    const status = failure.requests.at(-1)?.status ?? 0;
    return !(failure.check === walkPagesSucceed.name && status >= 400 && status < 500);
  });

const oneOf = (values: readonly string[], name: string): fc.Arbitrary<Query> | null =>
  values.length > 0 ? fc.constantFrom(...values).map((value) => ({ [name]: value })) : null;

/** Lists (tenant and endpoint) the filter has values for, with those values and a limit. */
function filteredWalks(survey: Survey, spec: FilterSpec) {
  const lists = survey.tenants.flatMap((tenant) =>
    spec.endpoints.flatMap((endpoint) => {
      const values = spec.values(tenant, endpoint);
      return values === null ? [] : [{ tenant: tenant.name, endpoint, values }];
    }),
  );
  if (lists.length === 0) return null;
  return fc.constantFrom(...lists).chain(({ tenant, endpoint, values }) =>
    fc.record({ query: values, limit: pageLimit(), scheme }).map(({ query, limit, scheme: how }) => ({
      tenant,
      endpoint,
      scheme: how,
      query: { ...query, limit: String(limit) },
    })),
  );
}

const filterProperty = (spec: FilterSpec) =>
  defineProperty({
    name: spec.name,
    family: 'filters',
    description: spec.description,
    checks: ['filter-respected', 'walk-pages-succeed'],
    needs: spec.needs ?? [FULL_KEY],
    runs: 25,
    async prepare(context) {
      const survey = await context.survey();
      const arbitrary = filteredWalks(survey, spec);
      if (arbitrary === null) return { skip: `the target has no data for ${spec.name}` };
      return prepared(arbitrary, async (input) => {
        const state = await walk(
          context,
          walkSpecOf(input, Number.MAX_SAFE_INTEGER, survey),
          context.budget.prefixPages,
        );
        verdict(context, spec.mayRefuse?.(input.query) ? refusalAllowed(state.failures) : state.failures);
      });
    },
  });

const statusFilter = filterProperty({
  name: 'filters.status',
  description: 'status=X returns only records in status X, on every page of both endpoints.',
  endpoints: ['menuItems', 'orders'],
  values: (_tenant, endpoint) => oneOf(ENDPOINT_INFO[endpoint].statuses, 'status'),
});

const activeOnlyFilter = filterProperty({
  name: 'filters.active-only',
  description: 'activeOnly=true returns only OPEN and SENT_TO_KITCHEN orders, on every page.',
  endpoints: ['orders'],
  values: () => fc.constant({ activeOnly: 'true' }),
});

const locationFilter = filterProperty({
  name: 'filters.location',
  description: "locationId=L returns only L's records (orders carry locationId), on every page.",
  endpoints: ['menuItems', 'orders'],
  needs: [FULL_KEY, { kind: 'locations', tenants: 1 }],
  values: (tenant) => oneOf(tenant.locations, 'locationId'),
});

const categoryFilter = filterProperty({
  name: 'filters.category',
  description: 'categoryId=C returns only items of category C (when items carry categoryId), on every page.',
  endpoints: ['menuItems'],
  needs: [FULL_KEY, { kind: 'categories', tenants: 1 }],
  values: (tenant) => oneOf(tenant.categories, 'categoryId'),
});

const withTerms = (tenant: TenantSurvey) => searchTerms(tenant.lists.menuItems.records).length > 0;

const searchFilter = filterProperty({
  name: 'filters.q',
  description:
    'q (any string: a name or SKU seen, LIKE, regex and URL specials, Unicode, very long) returns only items whose name or SKU contains it; never a 5xx.',
  endpoints: ['menuItems'],
  values: (tenant) => anyQuery(tenant.lists.menuItems.records).map((q) => ({ q })),
  mayRefuse: (query) => !isPlainQuery(query.q ?? ''),
});

const searchFindsAll = defineProperty({
  name: 'filters.q-finds-all',
  family: 'filters',
  description:
    'On a quiescent tenant, q (any string, as filters.q draws it) finds every item whose name or SKU contains it, ignoring case.',
  checks: [searchMatchesNameOrSku.name],
  needs: [{ kind: 'quiescent' }],
  runs: 20,
  async prepare(context) {
    const survey = await context.survey();
    const tenants = survey.tenants.filter(
      (tenant) => tenant.quiescent && tenant.lists.menuItems.end === 'complete' && withTerms(tenant),
    );
    if (tenants.length === 0) return { skip: 'no quiescent tenant whose menu the survey read in full' };
    const arbitrary = fc.constantFrom(...tenants).chain((tenant) =>
      fc.record({
        tenant: fc.constant(tenant.name),
        q: anyQuery(tenant.lists.menuItems.records).filter(isPlainQuery),
        scheme,
      }),
    );
    return prepared(arbitrary, async ({ tenant, q, scheme: how }) => {
      const input = { tenant, endpoint: 'menuItems' as const, scheme: how, query: { q }, limit: 100 };
      const state = await walkToEnd(context, survey, input);
      verdict(context, state.failures);
      fc.pre(state.end === 'complete');
      const items = tenantSurvey(survey, tenant).lists.menuItems.records;
      // What q must find: the same reading filtered-walk-exact requires (lib/checks/filter-rules.ts).
      const expected = filterOracle({ q }, items as unknown as Record<string, unknown>[]).must;
      const outcome = { q, expected, received: new Set(state.ids.keys()) };
      verdict(context, runWalkSetCheck(searchMatchesNameOrSku, outcome, state.requests));
    });
  },
});

/**
 * Every legal value of every filter of the endpoint (spec §4.1, §4.2), alone or together: each
 * status, both values of activeOnly, each location and category seen, q over its whole domain.
 */
function legalFilters(tenant: TenantSurvey, endpoint: Endpoint): fc.Arbitrary<Query> {
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
  }
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Query>;
}

interface ExactSpec {
  name: string;
  description: string;
  checks: readonly string[];
  endpoints: readonly Endpoint[];
  runs: number;
  /** The filters of a walk of this tenant's list. */
  filters(tenant: TenantSurvey, endpoint: Endpoint): fc.Arbitrary<Query>;
}

/** Complete filtered walks of quiescent lists, each judged against the survey's exact answer. */
const exactProperty = (spec: ExactSpec) =>
  defineProperty({
    name: spec.name,
    family: 'filters',
    description: spec.description,
    checks: spec.checks,
    needs: [FULL_KEY, { kind: 'quiescent' }],
    runs: spec.runs,
    async prepare(context) {
      const survey = await context.survey();
      const lists = completeQuiescentLists(context, survey, spec.endpoints);
      if (lists.length === 0) return { skip: 'no quiescent tenant whose lists the survey read in full' };
      const arbitrary = fc.constantFrom(...lists).chain(({ tenant, endpoint }) =>
        fc.record({
          tenant: fc.constant(tenant.name),
          endpoint: fc.constant(endpoint),
          query: spec.filters(tenant, endpoint),
          limit: pageLimit(fullWalkMin(context, survey, { tenant: tenant.name, endpoint, scheme: 'bearer' })),
          scheme,
        }),
      );
      return prepared(arbitrary, async (input) => {
        const state = await walkToEnd(context, survey, input);
        verdict(context, state.failures);
        fc.pre(state.end === 'complete');
        judgeExact(context, survey, input, state);
      });
    },
  });

const exactFilters = exactProperty({
  name: 'filters.exact',
  description:
    "On a quiescent tenant, a complete filtered walk returns exactly the unfiltered walk's records its filters keep, for every filter and legal value.",
  checks: [filteredWalkExact.name, filterRespected.name, walkPagesSucceed.name],
  endpoints: ENDPOINTS,
  runs: 30,
  filters: legalFilters,
});

const activeOnlyFalse = exactProperty({
  name: 'filters.active-only-false',
  description:
    'activeOnly=false restricts nothing: on a quiescent tenant it returns every order the unfiltered walk does (with or without a location).',
  checks: [filteredWalkExact.name],
  endpoints: ['orders'],
  runs: 5,
  filters: (tenant) =>
    fc.record(
      {
        activeOnly: fc.constant('false'),
        ...(tenant.locations.length > 0 ? { locationId: fc.constantFrom(...tenant.locations) } : {}),
      },
      { requiredKeys: ['activeOnly'] },
    ),
});

export const FILTERS = [
  statusFilter,
  activeOnlyFilter,
  locationFilter,
  categoryFilter,
  searchFilter,
  searchFindsAll,
  exactFilters,
  activeOnlyFalse,
];
