/**
 * A burst (properties/rate-limit.ts, properties/rate-limit-tenant.ts) sends the same request again
 * and again; GET is idempotent (RFC 9110 §9.2.2, spec §4: both endpoints are GET), so on a quiescent
 * tenant every 200 of one request is the page its first 200 was: the same records (every field of
 * each) and hasMore, judged as a repeated request is (repeat-gives-same-page: not the order, not the
 * token's text). "Soft" throttling, a request over the limit answered 200 with an empty last page
 * instead of 429, fails here though the burst never met a 429, where it would otherwise be
 * inconclusive ("never throttled"). On a tenant whose data changes nothing is compared.
 */
import { callPath, type ApiCall } from '../lib/http/call.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { isQuiescent, type Target } from '../lib/target/target.ts';
import { compared } from './repeats.ts';

/** A request as the burst repeats it: its key's role and scheme, path and query. */
const requestOf = (call: ApiCall): string =>
  `GET ${callPath(call)} with the ${call.credential.role} key (${call.credential.scheme})`;

const NONE: readonly Failure[] = [];

/**
 * The tenants a burst is sent on: the quiescent ones among `tenants` when there are any, where each
 * answer is also judged as the same page; else all of them. A limiter does not care whether data
 * changes, so nothing a burst judges is lost by the choice.
 */
export function stillFirst<T extends { quiescent: boolean }>(tenants: readonly T[]): readonly T[] {
  const still = tenants.filter((tenant) => tenant.quiescent);
  return still.length > 0 ? still : tenants;
}

/**
 * A judge of a burst's answers on `tenant`: each 200 of a request against its first 200, when the
 * target file says the tenant's data holds still (`quiescent`); nothing otherwise.
 */
export function sameEveryTime(
  target: Target,
  tenant: string,
): (call: ApiCall, response: ApiResponse) => readonly Failure[] {
  if (!isQuiescent(target.tenants, tenant)) return () => NONE;
  const firstServed = new Map<string, { response: ApiResponse; served: number }>();
  return (call, response) => {
    if (response.status !== 200) return NONE;
    const request = requestOf(call);
    const first = firstServed.get(request);
    if (first === undefined) {
      firstServed.set(request, { response, served: 1 });
      return NONE;
    }
    first.served += 1;
    const words = `${request}, its 200 number ${first.served} in a burst until throttled`;
    return compared(call, first.response, response, words);
  };
}
