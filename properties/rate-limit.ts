/**
 * Rate-limit semantics (spec §7, RFC 9110 §10.2.3): a client alone on its key sends first pages
 * until it is throttled, waits all of the Retry-After it was given, and asks once more: it must be
 * served. Every answer of the burst is judged: a page by every page check and, on a quiescent
 * tenant, as the same page every time (GET is idempotent: a 200 with an empty last page for a
 * request over the limit fails, 429 or none), a 429 by the Error shape and as no cache may store
 * it, anything else (a 5xx, another refusal) fails. The spec names no rate-limit header, so a
 * 429 without Retry-After is allowed (the property is then skipped, with that reason); a
 * Retry-After too short to be true fails (`retry-after-honest`), and one of 10 minutes or more
 * that the key outlives within 15 s, probed once a second, fails too (`retry-after-not-overstated`).
 * Under load, where walks of one
 * key race for the tokens that refill, the same figure is only reported (`retry_after_honest`,
 * docs/load.md).
 *
 * The key: the target's lowRateLimit keys when it has any (the sandbox does), whose small limit the
 * burst's first round of requests in flight passes on any machine; else a key that reads a list,
 * whose limit the burst reaches only if the client can send faster than it (else inconclusive).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { retryAfterHonest } from '../lib/checks/retry-after-honest.ts';
import { retryAfterValid } from '../lib/checks/retry-after-valid.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { throttleNotStorable } from '../lib/checks/throttle-not-storable.ts';
import {
  OVERSTATED_HINT_MS,
  PROBING,
  retryAfterNotOverstated,
} from '../lib/checks/retry-after-not-overstated.ts';
import { retryAfterMs } from '../lib/backoff.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { pacer } from '../lib/http/pacer.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { walkRoles } from '../lib/load/walk-plan.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { everyAnswerFailures } from '../lib/paging/answer-checks.ts';
import { answerFailures, type Sender } from '../lib/paging/walk-list.ts';
import type { KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';
import { ContractViolation, type Exchange } from '../lib/props/transcript.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { sameEveryTime, stillFirst } from './burst-same-page.ts';
import { credential } from './walks.ts';

/** Bounds of one burst: requests in flight, its length, and requests at most. */
export const BURST = { concurrency: 16, seconds: 5, maxRequests: 20_000 };
/** The longest Retry-After the property waits out; a longer one makes the run inconclusive. */
export const LONGEST_WAIT_MS = 10_000;
/** Timers fire on a millisecond clock: waiting this much more is still waiting all of it. */
const CLOCK_MARGIN_MS = 10;

export interface Throttled {
  response: ApiResponse;
  /** Epoch ms when the 429 was read: Retry-After counts from here. */
  receivedAt: number;
}

export interface Burst {
  /** The last 429 read, once the requests in flight have settled; none when no request got one. */
  latest?: Throttled;
  sent: number;
  /** How long it lasted, ms: with `sent`, the rate it achieved. */
  tookMs: number;
  /** What the answers broke: a 429's Error shape, any other answer's page checks. */
  failures: Failure[];
  /** The answer that broke something first, for the transcript, and its request. */
  failed?: ApiResponse;
  failedCall?: ApiCall;
}

/**
 * Sends `callOf(worker)` again and again, BURST.concurrency at a time (worker 0 to 15) and at most
 * `maxRps`, until a 429 is read or an answer breaks the contract; bounded in requests and time.
 * The requests already in flight then finish, and the last 429 of all is the one whose Retry-After
 * the client honours.
 */
export async function burstUntilThrottled(
  sender: Sender,
  callOf: (worker: number) => ApiCall,
  maxRps: number,
  judge: (call: ApiCall, response: ApiResponse) => Failure[],
): Promise<Burst> {
  const started = Date.now();
  const deadline = started + BURST.seconds * 1000;
  const maxRequests = Math.min(BURST.maxRequests, maxRps * BURST.seconds);
  const pace = pacer(maxRps);
  const burst: Burst = { sent: 0, tookMs: 0, failures: [] };
  const stopped = () => burst.latest !== undefined || burst.failed !== undefined || Date.now() >= deadline;
  const worker = async (index: number) => {
    const call = callOf(index);
    while (!stopped() && burst.sent < maxRequests) {
      burst.sent += 1;
      await pace?.();
      // Throttled while this one waited for its turn: sent now, it would open the next window
      // after the 429 whose Retry-After the client honours, and the retry would meet it.
      if (stopped()) {
        burst.sent -= 1;
        break;
      }
      const response = await sender.send(call);
      const failures = judge(call, response);
      burst.failures.push(...failures);
      if (failures.length > 0 && burst.failed === undefined) {
        burst.failed = response;
        burst.failedCall = call;
      }
      if (response.status === 429) burst.latest = { response, receivedAt: Date.now() };
    }
  };
  await Promise.all(Array.from({ length: BURST.concurrency }, (_, index) => worker(index)));
  burst.tookMs = Date.now() - started;
  return burst;
}

interface Input {
  tenant: string;
  role: KeyRole;
  endpoint: Endpoint;
  scheme: 'bearer' | 'serviceHeader';
}

/**
 * The keys to burst, with the lists each reads: the lowRateLimit keys (every list) when the target
 * has any, else every key that can read a list; of the quiescent tenants when there are any.
 */
function keyedLists(target: Target): Omit<Input, 'scheme'>[] {
  const low = target.tenants.filter((tenant) => tenant.keys.lowRateLimit !== undefined);
  if (low.length > 0)
    return stillFirst(low).flatMap((tenant) =>
      ENDPOINTS.map((endpoint) => ({ tenant: tenant.name, role: 'lowRateLimit' as const, endpoint })),
    );
  return stillFirst(target.tenants).flatMap((tenant) =>
    ENDPOINTS.flatMap((endpoint) =>
      walkRoles(tenant, endpoint).map((role) => ({ tenant: tenant.name, role, endpoint })),
    ),
  );
}

/** Why a burst that got no 429 proves nothing, in figures: what it sent, how fast, what capped it. */
function neverThrottled(burst: Burst, input: Input, maxRps: number): string {
  const lowKey =
    input.role === 'lowRateLimit'
      ? ''
      : '; a lowRateLimit key in the target file is throttled on any machine';
  return `the key was never throttled: ${burstFigures(burst, maxRps)}, got no 429${lowKey}`;
}

/** What a burst sent, how fast, and what capped it: the figures of an inconclusive run. */
export function burstFigures(burst: Burst, maxRps: number): string {
  const seconds = burst.tookMs / 1000;
  const achieved = Math.round(burst.sent / Math.max(seconds, 0.001));
  return `${burst.sent} requests in ${seconds.toFixed(1)} s (${achieved} a second achieved, up to ${BURST.concurrency} in flight; the target file's load.maxRps allows ${maxRps})`;
}

/** One request and its answer, for a transcript. */
export const exchange = (call: ApiCall, response: ApiResponse): Exchange => ({
  call,
  status: response.status,
  nextPageToken: null,
});

/** Sleeps until all of a 429's Retry-After (`hintMs`, read from it) has passed since it was read. */
export async function waitAllOf(throttled: Throttled, hintMs: number): Promise<void> {
  const waitMs = throttled.receivedAt + hintMs + CLOCK_MARGIN_MS - Date.now();
  if (waitMs > 0) await sleep(waitMs);
}

/**
 * Judges each answer of a burst, sent raw (past the one 429 loop, which runs the framing checks):
 * its Date and first bytes, a page by every page check and, on a quiescent tenant, as the page its
 * first 200 was (./burst-same-page.ts), a 429 in the Error shape naming no record the burst's own
 * pages served (the list it refuses).
 */
function burstJudge(target: Target, tenant: string): (call: ApiCall, response: ApiResponse) => Failure[] {
  const served = new Set<string>();
  const owner = (id: string) => (served.has(id) ? tenant : undefined);
  const sameAsFirst = sameEveryTime(target, tenant);
  return (call, response) => {
    const data = (response.body as { data?: unknown } | undefined)?.data;
    if (response.status === 200 && Array.isArray(data))
      for (const record of data as { id?: unknown }[]) served.add(String(record?.id));
    return [
      ...everyAnswerFailures(call, response, target),
      ...answerFailures(call, response, owner),
      ...sameAsFirst(call, response),
    ];
  };
}

/**
 * After a 429 whose Retry-After said to wait OVERSTATED_HINT_MS or more: the same first page once a
 * second (PROBING), each answer judged as the burst's; the first one served fails
 * retry-after-not-overstated. Still throttled throughout: the hint may be true, the run proves
 * nothing.
 */
async function servedBeforeLongHint(
  context: PropertyContext,
  call: ApiCall,
  latest: Throttled,
  hintMs: number,
  judge: (call: ApiCall, response: ApiResponse) => Failure[],
): Promise<void> {
  const header = latest.response.headers['retry-after'];
  const transcript = [exchange(call, latest.response)];
  let probes = 0;
  for (let at = PROBING.everyMs; at <= PROBING.withinMs && probes < PROBING.requests; at += PROBING.everyMs) {
    const waitMs = latest.receivedAt + at - Date.now();
    if (waitMs > 0) await sleep(waitMs);
    if (Date.now() - latest.receivedAt > PROBING.withinMs) break;
    probes += 1;
    const response = await context.raw.send(call);
    const broken = judge(call, response);
    if (broken.length > 0) throw new ContractViolation(broken, [...transcript, exchange(call, response)]);
    if (response.status === 429) continue;
    const servedAfterS = ((Date.now() - latest.receivedAt) / 1000).toFixed(1);
    const probe = `the first page, asked alone once a second after a 429 whose Retry-After: ${header} said to wait ${Math.round(hintMs / 60_000)} minutes, was served ${servedAfterS} s after it (request ${probes})`;
    const failures = runProbeChecks([retryAfterNotOverstated], { call, response, probe });
    throw new ContractViolation(failures, [...transcript, exchange(call, response)]);
  }
  context.inconclusive(
    `the 429's Retry-After (${header}) is longer than the ${LONGEST_WAIT_MS / 1000} s this property waits out, and the key stayed throttled through ${probes} requests over ${PROBING.withinMs / 1000} s, one a second`,
  );
}

/**
 * One run: throttled, then waiting all of Retry-After, then served; or, given a Retry-After of
 * OVERSTATED_HINT_MS or more, probed for being served long before it.
 */
async function waitedAndServed(context: PropertyContext, input: Input): Promise<void> {
  const call: ApiCall = {
    endpoint: input.endpoint,
    query: { limit: '1' },
    credential: credential(input.tenant, input.role, input.scheme),
  };
  const judge = burstJudge(context.target, input.tenant);
  const burst = await burstUntilThrottled(context.raw, () => call, context.target.load.maxRps, judge);
  if (burst.failed !== undefined) throw new ContractViolation(burst.failures, [exchange(call, burst.failed)]);
  const { latest } = burst;
  if (latest === undefined) {
    context.inconclusive(neverThrottled(burst, input, context.target.load.maxRps));
    return;
  }
  const transcript = [exchange(call, latest.response)];
  const hintMs = retryAfterMs(latest.response.headers['retry-after'], latest.receivedAt);
  if (hintMs !== null && hintMs >= OVERSTATED_HINT_MS) {
    await servedBeforeLongHint(context, call, latest, hintMs, judge);
    return;
  }
  // No Retry-After is allowed (spec §8 shows no header); one too long to wait out proves nothing.
  if (hintMs === null || hintMs > LONGEST_WAIT_MS) {
    const header = latest.response.headers['retry-after'];
    context.inconclusive(
      header === undefined
        ? 'the 429 carried no Retry-After (allowed: spec §8 names no header), so there is nothing to honour'
        : `the 429's Retry-After (${header}) is longer than the ${LONGEST_WAIT_MS / 1000} s this property waits out`,
    );
    return;
  }
  await waitAllOf(latest, hintMs);
  const retried = await context.raw.send(call);
  const probe = `after ${burst.sent} requests, the first page retried once the whole Retry-After: ${latest.response.headers['retry-after']} had passed`;
  // Served: judged as the burst's pages (the same page among them); else its framing here.
  const answered =
    retried.status === 200 ? judge(call, retried) : everyAnswerFailures(call, retried, context.target);
  const failures = [
    ...answered,
    ...runProbeChecks([retryAfterHonest, errorBodyShape], { call, response: retried, probe }),
  ];
  if (failures.length > 0) throw new ContractViolation(failures, [...transcript, exchange(call, retried)]);
}

const honestRetryAfter = defineProperty({
  name: 'ratelimit.retry-after-honest',
  family: 'ratelimit',
  description:
    'A key alone (the lowRateLimit key when the target has one), sent first pages until throttled (every answer a page that passes the page checks and, on a quiescent tenant, is the page its first answer was, or a 429 in the Error shape; never a 5xx), that then waits all of its Retry-After is served (RFC 9110 §10.2.3); given a Retry-After of 10 minutes or more, it is not served within 15 s, asked once a second.',
  checks: [
    retryAfterHonest.name,
    retryAfterNotOverstated.name,
    retryAfterValid.name,
    throttleNotStorable.name,
    repeatGivesSamePage.name,
    errorBodyShape.name,
  ],
  needs: [{ kind: 'load' }],
  runs: 2,
  async prepare(context) {
    const lists = keyedLists(context.target);
    if (lists.length === 0)
      return { skip: 'needs a key that can read a list (lowRateLimit, full, noMenuRead or noOrdersRead)' };
    const arbitrary = fc
      .record({
        list: fc.constantFrom(...lists),
        scheme: fc.constantFrom('bearer' as const, 'serviceHeader' as const),
      })
      .map(({ list, scheme }): Input => ({ ...list, scheme }));
    return Promise.resolve(prepared(arbitrary, (input) => waitedAndServed(context, input)));
  },
});

export const RATE_LIMIT = [honestRetryAfter];
