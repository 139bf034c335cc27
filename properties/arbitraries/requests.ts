/**
 * A legal request of a list (spec §4.1, §4.2, §4.3, §5): an endpoint, any combination of its
 * filters with values from the tenant's own data, limit 1..100 or none, either auth scheme, and
 * perhaps a cursor, which makes it page 2 of that very list. The walks draw their lists from it;
 * every probe draws the request it then breaks in one way (the key, a place, one parameter), so a
 * server whose decision depends on the rest of the query cannot pass by a bare request.
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../../lib/contract/endpoints.ts';
import type { AuthScheme, Query } from '../../lib/http/call.ts';
import type { Target } from '../../lib/target/target.ts';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import { pageLimit } from './limits.ts';
import { filters, scheme } from './lists.ts';

export interface ListRequest {
  endpoint: Endpoint;
  /** Whose list it is: the filters take its values, a cursor comes from its first page. */
  tenant: string;
  scheme: AuthScheme;
  /** Filters and limit, never a cursor: that is fetched when the request is sent. */
  query: Query;
  /** Page 2: the request carries the nextPageToken of the list's real first page. */
  cursor: boolean;
}

/** A tenant whose lists requests are drawn from. */
export interface ListSource {
  /** Its survey, or for a tenant without a full key what the target file says (nothing seen). */
  tenant: TenantSurvey;
  /** Whether a first page can be fetched for a cursor (the tenant has a full key). */
  paged: boolean;
}

/** Whether requests carry a cursor: never (first pages), maybe, or always (a paged source needed). */
type CursorDraw = 'never' | 'maybe' | 'always';

interface RequestOptions {
  cursor: CursorDraw;
  /** @default both endpoints */
  endpoints?: readonly Endpoint[];
}

/** limit 1..100 or none; shrinks toward none, then toward 100 (the fewest pages). */
const legalLimit: fc.Arbitrary<number | undefined> = fc.option(pageLimit(), { nil: undefined });

function cursorOf(draw: CursorDraw, paged: boolean): fc.Arbitrary<boolean> {
  if (draw === 'always') return fc.constant(true);
  return draw === 'maybe' && paged ? fc.boolean() : fc.constant(false);
}

/** A legal request of one of the sources' lists; shrinks toward a bare first page. */
export function listRequest(
  target: Target,
  sources: readonly ListSource[],
  options: RequestOptions,
): fc.Arbitrary<ListRequest> {
  const list = fc.record({
    source: fc.constantFrom(...sources),
    endpoint: fc.constantFrom(...(options.endpoints ?? ENDPOINTS)),
  });
  // Only the filters depend on the list; the rest shrinks on its own, not through the chain.
  return list.chain(({ source, endpoint }) =>
    fc
      .record({
        scheme,
        query: filters(target, endpoint, source.tenant),
        limit: legalLimit,
        cursor: cursorOf(options.cursor, source.paged),
      })
      .map(({ scheme: how, query, limit, cursor }) => ({
        endpoint,
        tenant: source.tenant.name,
        scheme: how,
        query: limit === undefined ? query : { ...query, limit: String(limit) },
        cursor,
      })),
  );
}
