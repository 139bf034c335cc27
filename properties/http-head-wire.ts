/**
 * HEAD below undici: a HEAD sent once more on a connection of its own, where the octets that follow
 * its answer's head can be read (head-ends-at-header, RFC 9112 §6.3). http.head reads every cell's
 * HEAD so, ratelimit.head-throttled a throttled key's 429.
 */
import { headEndsAtHeader, headExchangeUnjudged } from '../lib/checks/head-ends-at-header.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { PropertyContext } from '../lib/props/types.ts';

/**
 * head-ends-at-header on `headCall` sent again on a connection of its own: its failures, its status
 * (0 when none came), and why the exchange judged nothing when it did not (the run is then
 * inconclusive, never a pass).
 */
export async function onWire(
  context: PropertyContext,
  request: string,
  headCall: ApiCall,
): Promise<{ failures: Failure[]; status: number; unjudged: string | null }> {
  const exchange = await context.headOnWire(headCall);
  const status = exchange.kind === 'answered' ? exchange.status : 0;
  const failures = runWalkSetCheck(headEndsAtHeader, { request, exchange }, [
    requestRecord(headCall, status),
  ]);
  return { failures, status, unjudged: headExchangeUnjudged(exchange) };
}
