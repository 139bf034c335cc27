/**
 * Which list to read and how: endpoint, tenant, auth scheme and filters, drawn from what the
 * survey saw on this target (its locations, categories, names and SKUs), never invented.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../../lib/contract/endpoints.ts';
import { AUTH_SCHEMES, type AuthScheme, type Query } from '../../lib/http/call.ts';
import type { Target } from '../../lib/target/target.ts';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import { searchTerm, searchTerms } from './search.ts';

export const endpoint: fc.Arbitrary<Endpoint> = fc.constantFrom(...ENDPOINTS);
export const scheme: fc.Arbitrary<AuthScheme> = fc.constantFrom(...AUTH_SCHEMES);

type Fields = Record<string, fc.Arbitrary<string> | null>;

/** A field drawn from `values`, or none when there are no values to draw. */
const someOf = (values: readonly string[]) => (values.length > 0 ? fc.constantFrom(...values) : null);

/**
 * No filter, one filter, or any combination, weighted toward few: many filters together mostly
 * select lists too short to have a second page, where filter and paging bugs hide. Shrinking
 * goes toward no filter at all.
 */
function combinations(fields: Fields): fc.Arbitrary<Query> {
  const present = Object.entries(fields).filter(
    (entry): entry is [string, fc.Arbitrary<string>] => entry[1] !== null,
  );
  if (present.length === 0) return fc.constant({});
  const single = fc.oneof(
    ...present.map(([name, values]) => values.map((value): Query => ({ [name]: value }))),
  );
  const any = fc.record(Object.fromEntries(present), { requiredKeys: [] }) as fc.Arbitrary<Query>;
  // Cross-shrinking lets a counterexample with filters shrink to the first option: none at all.
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant({}), weight: 2 },
    { arbitrary: single, weight: 5 },
    { arbitrary: any, weight: 2 },
  );
}

/**
 * Combinations of the endpoint's filters. status and activeOnly never go together: what the
 * server does then is "not shown" (spec §4.2).
 */
export function filters(target: Target, list: Endpoint, tenant: TenantSurvey): fc.Arbitrary<Query> {
  const status = someOf(ENDPOINT_INFO[list].statuses);
  const locationId = someOf(tenant.locations);
  if (list === 'orders')
    return combinations({ status, activeOnly: someOf(['true', 'false']), locationId }).map(
      ({ activeOnly, ...query }) =>
        query.status === undefined && activeOnly !== undefined ? { ...query, activeOnly } : query,
    );
  const items = tenant.lists.menuItems.records;
  return combinations({
    status,
    q: searchTerms(items).length > 0 ? searchTerm(items) : null,
    categoryId: someOf(tenant.categories),
    locationId,
    salesChannel: someOf(target.salesChannels),
  });
}

export interface ListChoice {
  endpoint: Endpoint;
  /** A tenant's name (inputs stay small, so a counterexample reads well). */
  tenant: string;
  scheme: AuthScheme;
}

/** An endpoint, one of `tenants` and a scheme. */
export const listChoice = (tenants: readonly string[]): fc.Arbitrary<ListChoice> =>
  fc.record({ endpoint, tenant: fc.constantFrom(...tenants), scheme });
