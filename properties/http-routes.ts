/**
 * Paths beside and under the two lists that spec §1 does not make public: a detail route by a
 * record's id (the key's own and another tenant's), the same with a trailing slash, a sub-resource,
 * and the list's own path with a trailing slash. Each is asked with GET and a full key; a 2xx that
 * carries a record fails (other-route-refused), a refusal spec §7 names is in the Error shape.
 */
import { otherRouteRefused } from '../lib/checks/other-route-refused.ts';
import { foreignString } from '../lib/checks/tenant-isolation.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { foreignOwner, recordOwners, type Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { errorShape, SPEC_ERRORS, type PageSpot } from './http-pages.ts';
import type { Answered } from './walks.ts';

interface Route {
  suffix: string;
  label: string;
}

/** The first record id of the served page: the key's own. */
const firstId = (served: Answered): string | undefined => {
  const data = (served.body as { data?: unknown } | undefined)?.data;
  const id = Array.isArray(data) ? (data[0] as { id?: unknown } | undefined)?.id : undefined;
  return typeof id === 'string' ? id : undefined;
};

/** The first record of another tenant's same list, as the survey read it. */
const foreignId = (survey: Survey, spot: PageSpot): string | undefined =>
  survey.tenants.find((tenant) => tenant.name !== spot.tenant)?.lists[spot.endpoint].records[0]?.id;

/** The paths asked: by own and foreign id, with and without a slash, a sub-resource, the list's slash. */
function routesOf(survey: Survey, spot: PageSpot, served: Answered): Route[] {
  const routes: Route[] = [{ suffix: '/', label: 'the list path with a trailing slash' }];
  const own = firstId(served);
  const foreign = foreignId(survey, spot);
  for (const [id, whose] of [
    [own, 'an own id'],
    [foreign, "another tenant's id"],
  ] as const) {
    if (id === undefined) continue;
    const segment = `/${encodeURIComponent(id)}`;
    routes.push({ suffix: segment, label: `a detail path with ${whose}` });
    routes.push({ suffix: `${segment}/`, label: `a detail path with ${whose} and a trailing slash` });
  }
  if (own !== undefined)
    routes.push({ suffix: `/${encodeURIComponent(own)}/items`, label: 'a sub-resource of an own id' });
  return routes;
}

/** GET of each path beside the spot's list with its full key, and what the answers broke. */
export async function otherRoutes(
  context: PropertyContext,
  survey: Survey,
  spot: PageSpot,
  served: Answered,
): Promise<Failure[]> {
  const failures: Failure[] = [];
  const anyOwner = recordOwners(survey);
  const otherOwner = foreignOwner(survey, spot.tenant);
  for (const route of routesOf(survey, spot, served)) {
    const { credential } = served.call;
    const call: ApiCall = { endpoint: spot.endpoint, query: {}, credential, pathSuffix: route.suffix };
    const response = await context.client.send(call);
    const request = `GET ${spot.endpoint} list + ${route.suffix} (${route.label}) with ${spot.tenant}'s full key via ${spot.scheme}`;
    const answer = {
      request,
      status: response.status,
      tenant: spot.tenant,
      carried: foreignString(response.body, anyOwner),
      foreign: foreignString(response.body, otherOwner),
      listWithSlash: route.suffix === '/',
    };
    failures.push(...runWalkSetCheck(otherRouteRefused, answer, [requestRecord(call, response.status)]));
    if (SPEC_ERRORS.has(response.status)) failures.push(...errorShape(call, response, request));
  }
  return failures;
}
