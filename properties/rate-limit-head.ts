/**
 * A throttled key's HEAD (spec §7, §8: 429; RFC 9110 §9.3.2: no content): on each list's first
 * page via each header, the target's lowRateLimit key is burst past its small limit as the
 * rate-limit property bursts it, then the same page is sent as HEAD on a connection of its own
 * (properties/http-head-wire.ts): its 429 must end at its header section (head-ends-at-header). A
 * HEAD served there may have met a window that had just reopened, so one HEAD is not held to GET:
 * rounds of HEADs between GETs are (./rate-limit-head-rounds.ts, head-throttled-like-get), every
 * answer of them judged as a burst's, and the raw HEAD's status too (throttle-is-429: a HEAD
 * answered 503, any 5xx or another status than 200 or 429 fails). In the ratelimit family, run
 * after the other families and one property at a time with the rate-limit properties: its bursts
 * leave the key throttled for a moment, which a property that waits out a Retry-After must not meet.
 */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { headEndsAtHeader } from '../lib/checks/head-ends-at-header.ts';
import { headThrottledLikeGet } from '../lib/checks/head-throttled-like-get.ts';
import { throttleIs429 } from '../lib/checks/throttle-is-429.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { toApiResponse } from '../lib/http/response.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { ContractViolation } from '../lib/props/transcript.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { fixedCells, spotWhere, type CellInput, type PageSpot } from './http-pages.ts';
import { onWire } from './http-head-wire.ts';
import { burstUntilThrottled, exchange } from './rate-limit.ts';
import { sent, servedHeadJudged } from './rate-limit-head-rounds.ts';
import { credential } from './walks.ts';

interface ThrottledInput extends CellInput {
  spot: PageSpot;
}

/** Bursts before the HEAD: a window that opened between a burst's 429 and the HEAD is met once more. */
export const ATTEMPTS = 2;

/**
 * throttle-is-429 on the raw HEAD's status (200 or 429; a 503 fails): the exchange read its status
 * line and framing only, and a HEAD has no body, so its status is all there is to judge of it.
 */
function rawHeadStatus(request: string, headCall: ApiCall, status: number): Failure[] {
  const response = toApiResponse(status, {}, '', 0);
  const probe = `${request}: the raw HEAD right after the burst's 429,`;
  return runProbeChecks([throttleIs429], { call: headCall, response, probe });
}

/**
 * The spot's first page burst with its tenant's lowRateLimit key until a 429 (bounded as the
 * rate-limit property's burst, at most the target's load.maxRps), then its HEAD read raw: a 429
 * passes. A HEAD not refused is judged by rounds of HEADs between GETs (servedHeadJudged), then by
 * its own status (rawHeadStatus). A burst that met no 429, a HEAD served and no round settled
 * (twice), or an exchange that judged nothing is inconclusive, never a pass.
 */
async function throttledHead(context: PropertyContext, { cell, spot }: ThrottledInput): Promise<void> {
  const request = `${cell.label}, ${cell.where}`;
  const call: ApiCall = {
    endpoint: spot.endpoint,
    query: {},
    credential: credential(spot.tenant, 'lowRateLimit', spot.scheme),
  };
  const headCall: ApiCall = { ...call, method: 'HEAD' };
  let why = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    let served = 0;
    // The burst's answers are ratelimit.retry-after-honest's to judge: here they spend the limit,
    // and its 200s say how many a window serves.
    const burst = await burstUntilThrottled(
      context.raw,
      () => call,
      context.target.load.maxRps,
      (_, response) => {
        if (response.status === 200) served += 1;
        return [];
      },
    );
    if (burst.latest === undefined)
      return context.inconclusive(`${request}: ${burst.sent} requests in ${burst.tookMs} ms met no 429`);
    const wire = await onWire(context, request, headCall);
    // Sent raw, past the recording client: the burst's last 429 and the HEAD are the transcript.
    if (wire.failures.length > 0)
      throw new ContractViolation(wire.failures, [
        exchange(call, burst.latest.response),
        sent(headCall, wire.status),
      ]);
    if (wire.unjudged !== null) return context.inconclusive(`${request}: ${wire.unjudged}`);
    if (wire.status === 429) return;
    const latest = burst.latest.response;
    const settled = await servedHeadJudged(context, request, call, { latest, served, head: wire.status });
    // Its rounds found nothing: the raw HEAD's own status is judged still, a 503 not lost to them.
    const status = rawHeadStatus(request, headCall, wire.status);
    if (status.length > 0)
      throw new ContractViolation(status, [exchange(call, latest), sent(headCall, wire.status)]);
    if (settled === null) return;
    why = `the raw HEAD was served; ${settled}`;
  }
  context.inconclusive(`${request}: no HEAD refused after ${ATTEMPTS} bursts; after the last, ${why}`);
}

export const headThrottledProperty = defineProperty({
  name: 'ratelimit.head-throttled',
  family: 'ratelimit',
  description:
    "A HEAD of a key throttled on a first page (the lowRateLimit key, burst past its limit) is a 429 that ends at its header section: on its kept-alive connection the next bytes are the next answer's, no Error body (RFC 9110 §9.3.2, RFC 9112 §6.3); a HEAD served there is sent again in two rounds of more HEADs than the burst got served, between GETs of the page: all served while every GET is refused 429 fails (spec §8), and any HEAD or GET of them (the raw HEAD too) answered other than 200 or 429, a 503 say, fails; both endpoints, via both headers.",
  checks: [headEndsAtHeader.name, headThrottledLikeGet.name, throttleIs429.name, errorBodyShape.name],
  needs: [{ kind: 'key', role: 'lowRateLimit', tenants: 1 }, { kind: 'load' }],
  runs: 1,
  prepare(context) {
    const tenant = context.target.tenants.find((each) => each.keys.lowRateLimit !== undefined)?.name ?? '';
    const inputs: ThrottledInput[] = ENDPOINTS.flatMap((endpoint) =>
      (['bearer', 'serviceHeader'] as const).map((scheme) => {
        const where = { endpoint, page: 'first' as const, scheme };
        return { cell: { where: spotWhere(where), label: 'throttled key' }, spot: { ...where, tenant } };
      }),
    );
    const coverage = fixedCells(inputs, []);
    return Promise.resolve(
      prepared(fc.constantFrom(...inputs), (input) => throttledHead(context, input), coverage),
    );
  },
});
