import type { WalkSetCheck } from './types.ts';

/** A record the survey saw, found in an answer, and the tenant it belongs to. */
interface CarriedRecord {
  id: string;
  owner: string;
}

/** A GET to a path beside or under one of the two lists, and what came back. */
export interface OtherRouteAnswer {
  /** The request in words: the path, the key, whose id it names. */
  request: string;
  status: number;
  /** The key's tenant. */
  tenant: string;
  /** The first record of any tenant the body carries, anywhere in it, or null. */
  carried: CarriedRecord | null;
  /** The first record of another tenant the body carries, or null. */
  foreign: CarriedRecord | null;
  /** The path is the list's own with a trailing slash, where an implementation may serve the list. */
  listWithSlash: boolean;
}

const success = (status: number): boolean => status >= 200 && status < 300;

/**
 * Spec §1: only the two read endpoints of section 4 are public; spec §5: a resource outside the
 * key's tenant is reported as 404. A path the spec does not list (a detail route /public/orders/{id},
 * a sub-resource, the same with a trailing slash) is refused, never a 2xx that carries a record;
 * a record of another tenant is wrong on any path. The list's own path with a trailing slash may
 * be redirected, refused or served as the list (RFC 3986 §6.2.3 leaves it to the server): only
 * another tenant's record fails there.
 */
export const otherRouteRefused: WalkSetCheck<OtherRouteAnswer> = {
  name: 'other-route-refused',
  description:
    "A GET to a path beside the two lists (a detail route by id, a sub-resource, a trailing slash) is never a 2xx carrying another tenant's record, nor, but for the list's own path with a slash, any record (spec §1: only the two endpoints are public; §5: 404 outside the tenant).",
  catches: ['order-detail-route'],
  run({ request, status, tenant, carried, foreign, listWithSlash }) {
    if (!success(status)) return null;
    if (foreign !== null)
      return {
        code: 'OTHER_ROUTE_CROSSES_TENANT',
        message: `${request} answered ${status} with ${foreign.owner}'s record ${foreign.id}: a resource outside the key's tenant is 404 (spec §5)`,
        expected: `a 404 (or 401, 403, 405) in the Error shape: only data of ${tenant}`,
        received: `HTTP ${status} carrying ${foreign.id} of ${foreign.owner}`,
      };
    if (carried !== null && !listWithSlash)
      return {
        code: 'OTHER_ROUTE_SERVES_RECORD',
        message: `${request} answered ${status} with record ${carried.id}: only the two list endpoints are public (spec §1)`,
        expected: 'a 404 (or 401, 403, 405) in the Error shape: the path is not part of the interface',
        received: `HTTP ${status} carrying ${carried.id}`,
      };
    return null;
  },
};
