/**
 * Filters (spec §4.1, §4.2, §3 filter rule, §4.3 rule 4) hold on every page of a walk, not just
 * the first: status, activeOnly, locationId, categoryId and q, alone and in every combination the
 * spec defines, with values and limits aimed at every outcome class
 * (properties/arbitraries/outcomes.ts), each class run once in the coverage phase. The exact
 * answers on quiescent data are in filters-exact.ts.
 */
import type fc from 'fast-check';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import { walkPagesSucceed } from '../lib/checks/walk-pages-succeed.ts';
import type { Failure } from '../lib/failure.ts';
import type { Query } from '../lib/http/call.ts';
import { isClientError } from '../lib/http/response.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type Need } from '../lib/props/types.ts';
import { pageLimit } from './arbitraries/limits.ts';
import { anyLimit } from './arbitraries/measured.ts';
import type { AimedWalk } from './arbitraries/aimed-walk.ts';
import { aimedWalks, anyQ, withUnaimed } from './arbitraries/outcomes.ts';
import { isPlainQuery } from './arbitraries/search.ts';
import { EXACT_FILTERS } from './filters-exact.ts';
import { FULL_KEY } from './support.ts';
import { verdict, walk, walkSpecOf } from './walks.ts';

interface FilterSpec {
  name: string;
  description: string;
  /** The filter under test: the walks draw every combination of the spec's filters that has it. */
  field: string;
  endpoints: readonly Endpoint[];
  needs?: readonly Need[];
  /** Narrows the filter's values. */
  only?: readonly string[];
  /** Walks drawn besides the aimed ones (q over its whole domain). */
  unaimed?(survey: Survey): fc.Arbitrary<AimedWalk>;
  /** Queries a server may refuse with a 4xx in the Error shape (a q past any sane length). */
  mayRefuse?(query: Query): boolean;
}

/** The walk's failures, but a refusal with a 4xx (its Error shape is still checked) when allowed. */
const refusalAllowed = (failures: readonly Failure[]): Failure[] =>
  failures.filter((failure) => {
    const status = failure.requests.at(-1)?.status ?? 0;
    return !(failure.check === walkPagesSucceed.name && isClientError(status));
  });

const filterProperty = (spec: FilterSpec) =>
  defineProperty({
    name: spec.name,
    family: 'filters',
    description: spec.description,
    checks: ['filter-respected', 'walk-pages-succeed', 'full-page-when-more'],
    needs: spec.needs ?? [FULL_KEY],
    runs: 25,
    async prepare(context) {
      const survey = await context.survey();
      const aimed = aimedWalks(survey, {
        endpoints: spec.endpoints,
        draws: (fields) => fields.includes(spec.field),
        exactOnly: false,
        bounds: anyLimit,
        qForms: spec.field === 'q',
        ...(spec.only === undefined ? {} : { only: { [spec.field]: spec.only } }),
      });
      if (aimed === null) return { skip: `the target has no data for ${spec.name}` };
      const arbitrary = withUnaimed(aimed.arbitrary, spec.unaimed?.(survey));
      return prepared(
        arbitrary,
        async ({ limit, ...input }) => {
          const list = { ...input, query: { ...input.query, limit: String(limit) } };
          const state = await walk(
            context,
            walkSpecOf(list, Number.MAX_SAFE_INTEGER, survey),
            context.budget.prefixPages,
          );
          verdict(context, spec.mayRefuse?.(input.query) ? refusalAllowed(state.failures) : state.failures);
        },
        aimed.coverage,
      );
    },
  });

const statusFilter = filterProperty({
  name: 'filters.status',
  description: 'status=X returns only records in status X, on every page of both endpoints.',
  field: 'status',
  endpoints: ['menuItems', 'orders'],
});

const activeOnlyFilter = filterProperty({
  name: 'filters.active-only',
  description: 'activeOnly=true returns only OPEN and SENT_TO_KITCHEN orders, on every page.',
  field: 'activeOnly',
  only: ['true'],
  endpoints: ['orders'],
});

const locationFilter = filterProperty({
  name: 'filters.location',
  description: "locationId=L returns only L's records (orders carry locationId), on every page.",
  field: 'locationId',
  endpoints: ['menuItems', 'orders'],
  needs: [FULL_KEY, { kind: 'locations', tenants: 1 }],
});

const categoryFilter = filterProperty({
  name: 'filters.category',
  description: 'categoryId=C returns only items of category C (when items carry categoryId), on every page.',
  field: 'categoryId',
  endpoints: ['menuItems'],
  needs: [FULL_KEY, { kind: 'categories', tenants: 1 }],
});

const searchFilter = filterProperty({
  name: 'filters.q',
  description:
    'q (a substring of a name or SKU seen, of any length and case, LIKE, regex and URL specials, Unicode, very long) returns only items whose name or SKU contains it; never a 5xx.',
  field: 'q',
  endpoints: ['menuItems'],
  unaimed: (survey) => anyQ(survey.tenants, false, () => pageLimit()),
  mayRefuse: (query) => !isPlainQuery(query.q ?? ''),
});

export const FILTERS = [
  statusFilter,
  activeOnlyFilter,
  locationFilter,
  categoryFilter,
  searchFilter,
  ...EXACT_FILTERS,
];
