/**
 * The one walk: the async loop that performs the I/O the pure core (walk.ts) describes. Every job
 * calls it (properties, repro, capacity, the load engine): bounded in pages and in time, backing
 * off on 429 as spec §7 asks (Retry-After honoured, otherwise capped exponential backoff with full
 * jitter), and ending in a state that says whether it proved anything. The 429 retry loop lives in
 * withBackoff alone, and a sender it made is not wrapped twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BACKOFF, backoffDelayMs, retryAfterMs, type BackoffPolicy } from '../backoff.ts';
import { errorBodyShape } from '../checks/error-body-shape.ts';
import { refusalDisclosesNothing } from '../checks/refusal-discloses-nothing.ts';
import { retryAfterHonest } from '../checks/retry-after-honest.ts';
import type { PageCheck } from '../checks/types.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import { isClientError, type ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';
import { everyAnswerFailures, type KeySearch } from './answer-checks.ts';
import { runProbeChecks } from './run-checks.ts';
import type { TenantTraffic } from './tenant-traffic.ts';
import { foldPage, nextCall, startWalk, type WalkEnd, type WalkSpec, type WalkState } from './walk.ts';

/** Whatever sends one request: the undici client, or a recording or counting wrapper of it. */
export interface Sender {
  send(call: ApiCall): Promise<ApiResponse>;
  /** The backoff its owner configured (NodeClientOptions.backoff); SendOptions.backoff wins over it. */
  readonly backoff?: BackoffPolicy;
  /** The target it sends to: its answers are searched for its keys (key-not-disclosed). */
  readonly target?: Target;
  /** Which answers are searched for the target's keys. @default 'every-answer' */
  readonly keySearch?: KeySearch;
}

interface SendOptions {
  /** @default the sender's own, else DEFAULT_BACKOFF; `maxRetries: 0` gives up at the first 429. */
  backoff?: BackoffPolicy;
  /** Epoch ms: no wait reaches past it (the last 429 is returned instead). */
  deadlineMs?: number;
  /** @default Math.random */
  random?: () => number;
  /** Every response, 429s included, with its attempt number (0 first) and the wait that preceded it. */
  onResponse?: (call: ApiCall, response: ApiResponse, attempt: number, waitedMs: number) => void;
  /**
   * This process's traffic per tenant: given, a request throttled again after waiting all of its
   * Retry-After twice in a row, its tenant alone each time, fails retry-after-honest.
   */
  traffic?: TenantTraffic;
  /**
   * Judge each answer's framing (a Date, no byte order mark: ./answer-checks.ts). Off for the
   * survey only, which reads the lists for the properties' inputs: a page without a Date must not
   * cut its list short, and the properties' own requests meet the same answers and fail on them.
   * @default true
   */
  framing?: boolean;
}

interface Sent {
  response: ApiResponse;
  /** 429s absorbed before this response. */
  retries: number;
  /**
   * What the 429s said wrong (spec §7: every error body has the Error shape, a 429's too): a 429 is
   * never a contract failure by its status, but a 429 that is not an Error is.
   */
  failures: Failure[];
}

/** The tenant of each record id a caller knows: what no refusal may name (refusal-discloses-nothing). */
type RecordOwner = (id: string) => string | undefined;

/**
 * The checks of a 429 answer, which is backed off, never folded into a walk: its Error shape, and
 * no record in it (none of `recordOwner`'s ids either, when the caller knows some).
 */
export const throttledFailures = (
  call: ApiCall,
  response: ApiResponse,
  recordOwner?: RecordOwner,
): Failure[] =>
  response.status === 429
    ? runProbeChecks([errorBodyShape, refusalDisclosesNothing], {
        call,
        response,
        probe: 'a 429 answer',
        ...(recordOwner && { recordOwner }),
      })
    : [];

/**
 * What one answer to a first page asked alone (a burst's or a flood's request, never backed off)
 * broke: spec §7 allows it two answers, the page (every page check: a 5xx or any other refusal
 * fails walk-pages-succeed) or a 429 in the Error shape.
 */
export const answerFailures = (call: ApiCall, response: ApiResponse, recordOwner?: RecordOwner): Failure[] =>
  response.status === 429
    ? throttledFailures(call, response, recordOwner)
    : foldPage(startWalk({ ...call, maxPages: 1 }), call, response);

/** A sender that withBackoff made: its sends already back off on 429, so nothing retries them again. */
export interface BackoffSender extends Sender {
  readonly backsOff: true;
  /** Sends `call`, backing off on 429; returns the last 429 when the retries or the time run out. */
  sendBackingOff(call: ApiCall, options?: SendOptions): Promise<Sent>;
}

const backsOff = (sender: Sender): sender is BackoffSender =>
  (sender as Partial<BackoffSender>).backsOff === true;

/**
 * What the owner of a sender does with each send once its 429s are settled (records it, judges
 * it; it may throw): it sees what the one loop returned, with the options the caller gave it.
 */
type Settle = (call: ApiCall, sent: Sent) => void;

/** Waits in a row, each all of a Retry-After with the tenant alone, that a 429 ended: one can be chance. */
const UNHONOURED_IN_A_ROW = 2;

/** The retry-after-honest failure of a request throttled again after waiting all of Retry-After. */
function unhonoured(call: ApiCall, response: ApiResponse, waitedMs: number): Failure {
  const probe = `the same request, sent alone after waiting all of Retry-After (${waitedMs} ms) ${UNHONOURED_IN_A_ROW} times in a row`;
  const failure = runProbeChecks([retryAfterHonest], { call, response, probe });
  return failure[0] as Failure;
}

/**
 * The one 429 retry loop: sends `call` until it is not a 429, or the retries or the time run out.
 * Without tenant traffic to count (a load's walks), the loop's own promise: no async frame more
 * for every request.
 */
function backOff(sender: Sender, call: ApiCall, options: SendOptions): Promise<Sent> {
  const { traffic } = options;
  return traffic === undefined
    ? backOffLoop(sender, call, options)
    : countedBackOff(sender, call, options, traffic);
}

/** backOff with the request counted as its tenant's traffic while it and its retries go. */
async function countedBackOff(
  sender: Sender,
  call: ApiCall,
  options: SendOptions,
  traffic: TenantTraffic,
): Promise<Sent> {
  const end = traffic.begin(call.credential.tenant);
  try {
    return await backOffLoop(sender, call, options);
  } finally {
    end();
  }
}

async function backOffLoop(sender: Sender, call: ApiCall, options: SendOptions): Promise<Sent> {
  const policy = options.backoff ?? sender.backoff ?? DEFAULT_BACKOFF;
  const { traffic } = options;
  let waitedMs = 0;
  let honoured = false;
  let unhonouredInARow = 0;
  let mark: number | null = null;
  const failures: Failure[] = [];
  for (let attempt = 0; ; attempt += 1) {
    const response = await sender.send(call);
    options.onResponse?.(call, response, attempt, waitedMs);
    // Its Date and first bytes, whatever its status: a 429 retried away is an answer too.
    const framing =
      options.framing === false ? [] : everyAnswerFailures(call, response, sender.target, sender.keySearch);
    if (framing.length > 0) failures.push(...framing);
    if (response.status !== 429) return { response, retries: attempt, failures };
    failures.push(...throttledFailures(call, response));
    const alone = traffic?.aloneSince(call.credential.tenant, mark) ?? false;
    unhonouredInARow = honoured && alone ? unhonouredInARow + 1 : 0;
    if (unhonouredInARow >= UNHONOURED_IN_A_ROW) {
      failures.push(unhonoured(call, response, waitedMs));
      return { response, retries: attempt, failures };
    }
    if (attempt >= policy.maxRetries) return { response, retries: attempt, failures };
    const hinted = retryAfterMs(response.headers['retry-after'], Date.now());
    waitedMs = backoffDelayMs(attempt, hinted, policy, options.random ?? Math.random);
    honoured = hinted !== null && waitedMs >= hinted;
    if (options.deadlineMs !== undefined && Date.now() + waitedMs > options.deadlineMs)
      return { response, retries: attempt, failures };
    mark = traffic?.mark(call.credential.tenant) ?? null;
    await sleep(waitedMs);
  }
}

/**
 * `sender` behind the one 429 retry loop, each send handed to `settle` when one is given. A sender
 * that already backs off keeps its loop: without `settle` it comes back as it is, so wrapping it
 * again, or walking it (walkList wraps what it is given), never stacks two loops.
 */
export function withBackoff(sender: Sender, settle?: Settle): BackoffSender {
  if (backsOff(sender) && settle === undefined) return sender;
  const send = backsOff(sender)
    ? (call: ApiCall, options: SendOptions) => sender.sendBackingOff(call, options)
    : (call: ApiCall, options: SendOptions) => backOff(sender, call, options);
  // Without `settle`, the loop's own promise: no async wrapper around every send.
  const sendBackingOff =
    settle === undefined
      ? (call: ApiCall, options: SendOptions = {}) => send(call, options)
      : async (call: ApiCall, options: SendOptions = {}): Promise<Sent> => {
          const sent = await send(call, options);
          settle(call, sent);
          return sent;
        };
  return {
    backsOff: true,
    ...(sender.backoff && { backoff: sender.backoff }),
    ...(sender.target && { target: sender.target }),
    ...(sender.keySearch && { keySearch: sender.keySearch }),
    sendBackingOff,
    send: async (call) => (await sendBackingOff(call)).response,
  };
}

export interface WalkOptions extends SendOptions {
  /** Epoch ms after which the walk stops as `timed-out`. */
  deadlineMs: number;
  /** Stop after this many pages, as `page-limit` (a prefix is all that is needed). @default all */
  pages?: number;
  /** Pause between pages, so data that changes has time to change mid-walk. @default 0 */
  paceMs?: number;
  /** @default PAGE_CHECKS */
  checks?: readonly PageCheck[];
  /**
   * Each page once folded (every response but a 429), with the failures it showed, those of the
   * 429s that came before it included.
   */
  onPage?: (state: WalkState, call: ApiCall, response: ApiResponse, failures: readonly Failure[]) => void;
  /** The failures of a walk's last 429s, when it ends throttled (no page is folded then). */
  onThrottled?: (state: WalkState, call: ApiCall, failures: readonly Failure[]) => void;
  /** Asked before each page, after the pause: false ends the walk as `stopped` (its run is over). */
  running?: () => boolean;
}

export interface Walk extends WalkState {
  end: WalkEnd;
  /** 429s absorbed by backoff during the walk. */
  retries: number;
}

function finished(state: WalkState, retries: number, end: WalkEnd): Walk {
  return Object.assign(state, { end, retries });
}

/**
 * A later page refused with a 4xx (not a 429) after the walk waited on 429s for it: the spec
 * promises no cursor lifetime, so a cursor may expire during the wait (a 5xx there still fails).
 */
const refusedAfterWait = (call: ApiCall, sent: Sent): boolean =>
  sent.retries > 0 &&
  call.query.cursor !== undefined &&
  isClientError(sent.response.status) &&
  sent.response.status !== 429;

/** What a send without 429s added: shared, never written to (every page of every walk). */
const NONE: readonly Failure[] = [];

/** Walks the list `spec` names until it ends, fails, or a bound is reached. */
export async function walkList(sender: Sender, spec: WalkSpec, options: WalkOptions): Promise<Walk> {
  const state = startWalk(spec);
  const backingOff = withBackoff(sender);
  const pages = options.pages ?? Infinity;
  let retries = 0;
  for (let call = nextCall(state); call !== null; call = nextCall(state)) {
    if (state.pageCount >= pages) return finished(state, retries, 'page-limit');
    if (options.paceMs && state.pageCount > 0) await sleep(options.paceMs);
    if (options.running && !options.running()) return finished(state, retries, 'stopped');
    if (Date.now() > options.deadlineMs) return finished(state, retries, 'timed-out');
    const sent = await backingOff.sendBackingOff(call, options);
    retries += sent.retries;
    const shaped =
      sent.failures.length === 0
        ? NONE
        : sent.failures.map((failure) => ({
            ...failure,
            requests: [...state.requests, ...failure.requests],
          }));
    state.failures.push(...shaped);
    if (sent.response.status === 429) {
      options.onThrottled?.(state, call, shaped);
      return finished(state, retries, shaped.length > 0 ? 'failed' : 'throttled');
    }
    if (refusedAfterWait(call, sent)) {
      // The wait outlived the cursor: inconclusive, but the refusal must still be an Error.
      const refusal = runProbeChecks([errorBodyShape, refusalDisclosesNothing], {
        call,
        response: sent.response,
        probe: 'a cursor refused after 429s',
      });
      state.failures.push(...refusal);
      const end = [...shaped, ...refusal].some((failure) => failure.severity === 'error')
        ? 'failed'
        : 'cursor-refused';
      return finished(state, retries, end);
    }
    const folded = foldPage(state, call, sent.response, options.checks);
    const failures = shaped.length === 0 ? folded : [...shaped, ...folded];
    // A 429 that broke the Error shape, or an answer its framing (answer-checks.ts), ends the walk
    // as a failure, like any page that did.
    if (shaped.length > 0) state.end = 'failed';
    options.onPage?.(state, call, sent.response, failures);
  }
  return finished(state, retries, state.end ?? 'complete');
}
