/**
 * The tenant's shared limit (spec §8 "Exceeding the rate limit gives 429", and §7's table, where
 * 429 is the throttle status): every key of one tenant bursts at once, each on a list it may or
 * may not read, until one request is throttled. Whichever limit refused (a key's own, or the
 * tenant's that its keys share), every answer is a page (200, every page check), a 403 in the
 * Error shape for a key lacking a scope, or a 429 in the Error shape: a 503, any 5xx or another
 * status fails (`throttle-is-429`). On a quiescent tenant each 200 of one key's request is the
 * page its first 200 was (./burst-same-page.ts: a request over the limit served an empty last page
 * fails, 429 or none). A burst that was never throttled, and served the same page every time,
 * proves nothing: inconclusive, with its figures.
 *
 * The burst is ordered so the tenant's limit is what refuses first wherever it is under what the
 * keys may send each: its first half of requests in flight goes to the list keys, spread so each
 * sends few, and its second half to the tenant's lowRateLimit key when the target has one (the
 * sandbox does), whose own small limit those pass on any machine, so the run is judged even where
 * the tenant's limit is out of the client's reach (the sandbox's 3,000 a second).
 */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { throttleIs429 } from '../lib/checks/throttle-is-429.ts';
import { retryAfterValid } from '../lib/checks/retry-after-valid.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { throttleNotStorable } from '../lib/checks/throttle-not-storable.ts';
import { retryAfterMs } from '../lib/backoff.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import type { KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';
import { ContractViolation, type Exchange } from '../lib/props/transcript.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import {
  BURST,
  burstFigures,
  burstUntilThrottled,
  exchange,
  LONGEST_WAIT_MS,
  waitAllOf,
} from './rate-limit.ts';
import { burstAnswerFailures } from './burst-answer.ts';
import { sameEveryTime, stillFirst } from './burst-same-page.ts';
import { credential } from './walks.ts';

/** The keys of a tenant that read lists or are refused them (a 403'd request may still count). */
const LIST_ROLES = [
  'full',
  'noMenuRead',
  'noOrdersRead',
  'noPublicRead',
] as const satisfies readonly KeyRole[];

interface Input {
  tenant: string;
  /** The tenant's list keys, each with the list it asks for. */
  keys: { role: KeyRole; endpoint: Endpoint }[];
  /** Whether the tenant has a lowRateLimit key, which then sends half the burst. */
  lowKey: boolean;
  scheme: 'bearer' | 'serviceHeader';
}

/** How many answers read before a failing one its transcript (and reproduction) keeps. */
const TRANSCRIPT_BEFORE = 15;

/** Worker `index`'s key: the list keys round in the first half, the lowRateLimit key in the second. */
function keyOf(input: Input, index: number): { role: KeyRole; endpoint: Endpoint } {
  const half = BURST.concurrency / 2;
  if (input.lowKey && index >= half) return { role: 'lowRateLimit', endpoint: 'menuItems' };
  const key = input.keys[index % input.keys.length];
  if (key === undefined) throw new Error('a tenant burst needs at least one key');
  return key;
}

/** Worker `index`'s request: a first page of one record, its key's list. */
function callOf(input: Input, index: number): ApiCall {
  const { role, endpoint } = keyOf(input, index);
  return { endpoint, query: { limit: '1' }, credential: credential(input.tenant, role, input.scheme) };
}

/** What one answer broke (burstAnswerFailures): a soft-throttled 200 is the same page or a finding. */
function judged(
  target: Target,
  call: ApiCall,
  response: ApiResponse,
  sameAsFirst: ReturnType<typeof sameEveryTime>,
): Failure[] {
  const probe = `a ${call.credential.role} key's request in a burst of every key of its tenant`;
  return burstAnswerFailures(target, call, response, probe, sameAsFirst);
}

/** One run: every key of the tenant at once until throttled, every answer judged. */
async function tenantBurst(context: PropertyContext, input: Input): Promise<void> {
  const maxRps = context.target.load.maxRps;
  // The answers in the order read, so a failure's transcript holds what came before it: a bug that
  // shows only after another key's request (a cache of the tenant's) replays in that order.
  const read: Exchange[] = [];
  const sameAsFirst = sameEveryTime(context.target, input.tenant);
  const burst = await burstUntilThrottled(
    context.raw,
    (index) => callOf(input, index),
    maxRps,
    (call, response) => {
      read.push(exchange(call, response));
      return judged(context.target, call, response, sameAsFirst);
    },
  );
  if (burst.failed !== undefined && burst.failedCall !== undefined) {
    const at = read.findIndex(
      (seen) => seen.call === burst.failedCall && seen.status === burst.failed?.status,
    );
    const before = read.slice(Math.max(0, at - TRANSCRIPT_BEFORE), Math.max(0, at));
    throw new ContractViolation(burst.failures, [...before, exchange(burst.failedCall, burst.failed)]);
  }
  if (burst.latest === undefined) {
    context.inconclusive(
      `no key of tenant ${input.tenant} was throttled: ${burstFigures(burst, maxRps)}, got no 429 nor any other refusal for a limit`,
    );
    return;
  }
  // Wait out the last Retry-After (when short enough): the tenant's shared window must not still be
  // spent when the next run or property sends, or a key's own retry could meet the tenant's 429.
  const hintMs = retryAfterMs(burst.latest.response.headers['retry-after'], burst.latest.receivedAt);
  if (hintMs !== null && hintMs <= LONGEST_WAIT_MS) await waitAllOf(burst.latest, hintMs);
}

/**
 * The tenants with at least two list keys (a shared limit needs several keys to share it), the
 * quiescent ones when there are any.
 */
function burstable(target: Target): readonly { tenant: string; roles: KeyRole[]; lowKey: boolean }[] {
  const shared = target.tenants
    .map((tenant) => ({
      tenant: tenant.name,
      quiescent: tenant.quiescent,
      roles: LIST_ROLES.filter((role) => tenant.keys[role] !== undefined),
      lowKey: tenant.keys.lowRateLimit !== undefined,
    }))
    .filter(({ roles }) => roles.length >= 2);
  return stillFirst(shared);
}

const tenantLimit = defineProperty({
  name: 'ratelimit.tenant-limit-429',
  family: 'ratelimit',
  description:
    "Every key of one tenant at once (full, noMenuRead, noOrdersRead, noPublicRead, each on a list it may or may not read; the lowRateLimit key too), sent until throttled: every answer a page (on a quiescent tenant, the page its key's first answer was), a 403 for a lacking scope, or a 429, whichever limit refused (spec §8), never 503 or another status.",
  checks: [
    throttleIs429.name,
    retryAfterValid.name,
    throttleNotStorable.name,
    repeatGivesSamePage.name,
    errorBodyShape.name,
  ],
  needs: [{ kind: 'load' }],
  runs: 2,
  async prepare(context) {
    const tenants = burstable(context.target);
    if (tenants.length === 0)
      return {
        skip: 'needs a tenant with two or more of the full, noMenuRead, noOrdersRead, noPublicRead keys',
      };
    const arbitrary = fc.constantFrom(...tenants).chain(({ tenant, roles, lowKey }) =>
      fc.record({
        tenant: fc.constant(tenant),
        keys: fc.tuple(
          ...roles.map((role) => fc.constantFrom(...ENDPOINTS).map((endpoint) => ({ role, endpoint }))),
        ),
        lowKey: fc.constant(lowKey),
        scheme: fc.constantFrom('bearer' as const, 'serviceHeader' as const),
      }),
    );
    return Promise.resolve(prepared(arbitrary, (input) => tenantBurst(context, input)));
  },
});

export const TENANT_RATE_LIMIT = [tenantLimit];
