/**
 * Filters (spec §4.1, §4.2, §3 filter rule, §4.3 rule 4) hold on every page of a walk, not just
 * the first: status, activeOnly, locationId, categoryId and q, with values taken from the data the
 * survey saw. On quiescent data q also finds every item whose name or SKU contains it.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, type Endpoint } from '../lib/contract/endpoints.ts';
import { searchMatchesNameOrSku } from '../lib/checks/search-matches-name-or-sku.ts';
import type { Query } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { pageLimit } from './arbitraries/limits.ts';
import { scheme } from './arbitraries/lists.ts';
import { matchesTerm, searchTerm, searchTerms } from './arbitraries/search.ts';
import { FULL_KEY, tenantSurvey, walkToEnd } from './support.ts';
import type { Survey, TenantSurvey } from './survey.ts';
import { defineProperty, prepared, type Need } from './types.ts';
import { verdict, walk, walkSpecOf } from './walks.ts';

interface FilterSpec {
  name: string;
  description: string;
  endpoints: readonly Endpoint[];
  needs?: readonly Need[];
  /** Values of the filter for this tenant and endpoint; none means the tenant cannot be used. */
  values(tenant: TenantSurvey, endpoint: Endpoint): fc.Arbitrary<Query> | null;
}

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
        verdict(context, state.failures);
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
  description: 'q (a name, word or SKU seen, in any case) returns only items whose name or SKU contains it.',
  endpoints: ['menuItems'],
  values: (tenant) =>
    withTerms(tenant) ? searchTerm(tenant.lists.menuItems.records).map((q) => ({ q })) : null,
});

const searchFindsAll = defineProperty({
  name: 'filters.q-finds-all',
  family: 'filters',
  description: 'On a quiescent tenant, q finds every item whose name or SKU contains it, ignoring case.',
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
        q: searchTerm(tenant.lists.menuItems.records),
        scheme,
      }),
    );
    return prepared(arbitrary, async ({ tenant, q, scheme: how }) => {
      const input = { tenant, endpoint: 'menuItems' as const, scheme: how, query: { q }, limit: 100 };
      const state = await walkToEnd(context, survey, input);
      verdict(context, state.failures);
      fc.pre(state.end === 'complete');
      const items = tenantSurvey(survey, tenant).lists.menuItems.records;
      const expected = new Set(items.filter((item) => matchesTerm(item, q)).map((item) => item.id));
      const outcome = { q, expected, received: new Set(state.ids.keys()) };
      verdict(context, runWalkSetCheck(searchMatchesNameOrSku, outcome, state.requests));
    });
  },
});

export const FILTERS = [
  statusFilter,
  activeOnlyFilter,
  locationFilter,
  categoryFilter,
  searchFilter,
  searchFindsAll,
];
