/**
 * http.head below undici: every cell's HEAD sent once more on a connection of its own, where the
 * octets that follow its answer's head can be read (head-ends-at-header, RFC 9112 §6.3); and the
 * cells of a throttled key, whose HEAD is a 429 (spec §7, §8): the target's lowRateLimit key burst
 * past its limit on a first page, then its HEAD read raw. Only raw: GET's and HEAD's statuses
 * depend on the pace there, so HEAD is not held to GET's.
 */
import { headEndsAtHeader, headExchangeUnjudged } from '../lib/checks/head-ends-at-header.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { CoverageCell } from '../lib/props/coverage.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { loadRefusal } from '../lib/target/loopback.ts';
import type { Target } from '../lib/target/target.ts';
import { spotWhere, type PageSpot } from './http-pages.ts';
import { burstUntilThrottled } from './rate-limit.ts';
import { credential, verdict } from './walks.ts';

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

export const THROTTLED = 'lowRateLimit key, throttled';

/** The throttled cell of `endpoint`'s first page via `scheme`: its spot, or why it cannot be reached. */
export function throttledCell(
  target: Target,
  tenant: string | undefined,
  where: Omit<PageSpot, 'tenant'>,
): { spot: PageSpot } | CoverageCell {
  const cell = { where: spotWhere(where), label: THROTTLED };
  if (tenant === undefined) return { ...cell, why: 'the target file has no lowRateLimit key' };
  const refusal = loadRefusal(target);
  return refusal === null ? { spot: { ...where, tenant } } : { ...cell, why: refusal };
}

/**
 * The spot's first page burst with its tenant's lowRateLimit key until a 429 (bounded as the
 * rate-limit property's burst, at most the target's load.maxRps), then its HEAD read raw: a 429
 * whose head must end the answer. A burst that met no 429, or a HEAD served by the time it went,
 * is inconclusive.
 */
export async function throttledHead(
  context: PropertyContext,
  spot: PageSpot,
  request: string,
): Promise<void> {
  const call: ApiCall = {
    endpoint: spot.endpoint,
    query: {},
    credential: credential(spot.tenant, 'lowRateLimit', spot.scheme),
  };
  // The burst's answers are the rate-limit property's to judge: here they only spend the limit.
  const burst = await burstUntilThrottled(
    context.raw,
    () => call,
    context.target.load.maxRps,
    () => [],
  );
  if (burst.latest === undefined)
    return context.inconclusive(`${request}: ${burst.sent} requests in ${burst.tookMs} ms met no 429`);
  const wire = await onWire(context, request, { ...call, method: 'HEAD' });
  verdict(context, wire.failures);
  if (wire.unjudged !== null) return context.inconclusive(`${request}: ${wire.unjudged}`);
  if (wire.status !== 429)
    context.inconclusive(`${request}: the raw HEAD was answered ${wire.status}: no longer throttled`);
}
