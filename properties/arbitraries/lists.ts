/**
 * Which list to read and how: endpoint, tenant, auth scheme and filters, drawn from what the
 * survey saw on this target (its locations, categories, names and SKUs), never invented.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../../lib/contract/endpoints.ts';
import { AUTH_SCHEMES, type AuthScheme, type Query } from '../../lib/http/call.ts';
import type { Target } from '../../lib/target/target.ts';
import type { TenantSurvey } from '../survey.ts';
import { searchTerm, searchTerms } from './search.ts';

export const endpoint: fc.Arbitrary<Endpoint> = fc.constantFrom(...ENDPOINTS);
export const scheme: fc.Arbitrary<AuthScheme> = fc.constantFrom(...AUTH_SCHEMES);

/** An optional record field drawn from `values`, or nothing when there are none to draw. */
const someOf = (values: readonly string[]) =>
  values.length > 0 ? { arbitrary: fc.constantFrom(...values) } : null;

function optionalRecord(
  fields: Record<string, { arbitrary: fc.Arbitrary<string> } | null>,
): fc.Arbitrary<Query> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const [name, field] of Object.entries(fields)) if (field !== null) model[name] = field.arbitrary;
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Query>;
}

/**
 * Any combination of the endpoint's filters, each optional (so shrinking drops them). status and
 * activeOnly never go together: what the server does then is "not shown" (spec §4.2).
 */
export function filters(target: Target, list: Endpoint, tenant: TenantSurvey): fc.Arbitrary<Query> {
  const statuses = someOf(ENDPOINT_INFO[list].statuses);
  const locationId = someOf(tenant.locations);
  if (list === 'orders')
    return optionalRecord({ status: statuses, activeOnly: someOf(['true', 'false']), locationId }).map(
      ({ activeOnly, ...query }) =>
        query.status === undefined && activeOnly !== undefined ? { ...query, activeOnly } : query,
    );
  const items = tenant.lists.menuItems.records;
  return optionalRecord({
    status: statuses,
    q: searchTerms(items).length > 0 ? { arbitrary: searchTerm(items) } : null,
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
