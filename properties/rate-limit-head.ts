/**
 * A throttled key's HEAD (spec §7, §8: 429; RFC 9110 §9.3.2: no content): on each list's first
 * page via each header, the target's lowRateLimit key is burst past its small limit as the
 * rate-limit property bursts it, then the same page is sent as HEAD on a connection of its own
 * (properties/http-head-wire.ts): its 429 must end at its header section (head-ends-at-header). A
 * HEAD served there may have met a window that had just reopened, so one HEAD is not held to GET:
 * rounds of HEADs between GETs are (./rate-limit-head-rounds.ts, head-throttled-like-get). In the
 * ratelimit family, run after the other families and one property at a time with the rate-limit
 * properties: its bursts leave the key throttled for a moment, which a property that waits out a
 * Retry-After must not meet.
 */
import fc from 'fast-check';
import { headEndsAtHeader } from '../lib/checks/head-ends-at-header.ts';
import { headThrottledLikeGet } from '../lib/checks/head-throttled-like-get.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { ContractViolation } from '../lib/props/transcript.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { fixedCells, spotWhere, type CellInput, type PageSpot } from './http-pages.ts';
import { onWire } from './http-head-wire.ts';
import { burstUntilThrottled, exchange } from './rate-limit.ts';
import { servedHeadJudged } from './rate-limit-head-rounds.ts';
import { credential } from './walks.ts';

interface ThrottledInput extends CellInput {
  spot: PageSpot;
}

/** Bursts before the HEAD: a window that opened between a burst's 429 and the HEAD is met once more. */
const ATTEMPTS = 2;

/**
 * The spot's first page burst with its tenant's lowRateLimit key until a 429 (bounded as the
 * rate-limit property's burst, at most the target's load.maxRps), then its HEAD read raw: a 429
 * passes. A HEAD served is judged by rounds of HEADs between GETs (servedHeadJudged). A burst that
 * met no 429, a HEAD served and no round settled (twice), or an exchange that judged nothing is
 * inconclusive, never a pass.
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
        { call: headCall, status: wire.status, nextPageToken: null },
      ]);
    if (wire.unjudged !== null) return context.inconclusive(`${request}: ${wire.unjudged}`);
    if (wire.status === 429) return;
    if (wire.status !== 200) {
      why = `the raw HEAD was answered ${wire.status}`;
      continue;
    }
    const settled = await servedHeadJudged(context, request, call, { latest: burst.latest.response, served });
    if (settled === null) return;
    why = `the raw HEAD was served; ${settled}`;
  }
  context.inconclusive(`${request}: no HEAD refused after ${ATTEMPTS} bursts; after the last, ${why}`);
}

export const headThrottledProperty = defineProperty({
  name: 'ratelimit.head-throttled',
  family: 'ratelimit',
  description:
    "A HEAD of a key throttled on a first page (the lowRateLimit key, burst past its limit) is a 429 that ends at its header section: on its kept-alive connection the next bytes are the next answer's, no Error body (RFC 9110 §9.3.2, RFC 9112 §6.3); a HEAD served there is sent again in two rounds of more HEADs than the burst got served, between GETs of the page: all served while every GET is refused 429 fails (spec §8); both endpoints, via both headers.",
  checks: [headEndsAtHeader.name, headThrottledLikeGet.name],
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
