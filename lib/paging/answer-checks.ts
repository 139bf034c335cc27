/**
 * The checks every answer must pass whatever was asked (a page, a refusal, a 429, a HEAD): its Date
 * header, that Date the time the answer was made, its single-valued fields sent once, a Retry-After (when sent) in its grammar, a 429 no
 * cache may store, its body's first bytes, no key but its request's own in it, and its
 * WWW-Authenticate a challenge on every 401 if on any. Run by the one 429 loop on each answer it
 * receives (every property, walk and repro request) and by the load's single requests
 * (lib/load/vu.ts); of a request a load's target left without an answer (status 0),
 * every-request-answered instead.
 */
import { challengeOnEvery401, noChallengeAdvisory } from '../checks/challenge-on-every-401.ts';
import { everyRequestAnswered } from '../checks/every-request-answered.ts';
import { dateCurrent } from '../checks/date-current.ts';
import { dateHeaderSent } from '../checks/date-header-sent.ts';
import { keyNotDisclosed } from '../checks/key-not-disclosed.ts';
import { noByteOrderMark } from '../checks/no-byte-order-mark.ts';
import { retryAfterValid } from '../checks/retry-after-valid.ts';
import { singleValuedFields } from '../checks/single-valued-fields.ts';
import { throttleNotStorable } from '../checks/throttle-not-storable.ts';
import { ANSWER_CHECKS } from '../checks/registry.ts';
import type { Failure } from '../failure.ts';
import { callPath, UNKNOWN_METHOD, type ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';
import { requestRecord } from './records.ts';
import { runProbeChecks } from './run-checks.ts';

/** Checks of any answer's framing, as the registry lists them. */
export { ANSWER_CHECKS };

/** The check of a request that got no answer (a load's status 0): every-request-answered. */
export const NO_ANSWER_CHECKS = [everyRequestAnswered] as const;

/**
 * Which answers are searched for the target's keys: every one, or every one but a 2xx. The search
 * of a page costs about what parsing it does (some 10 µs a 15-record page, 50 a 100-record one), so
 * a load, whose pages the properties search in full, searches its refusals, errors and 429s only.
 */
export type KeySearch = 'every-answer' | 'not-pages';

/** What a load searches: its pages are searched in full by the properties of the same gate. */
export const LOAD_KEY_SEARCH: KeySearch = 'not-pages';

/** Shared, never written to: what almost every answer adds. */
const NONE: Failure[] = [];

/**
 * What `response` broke of the rules every answer keeps. Each check runs once with a placeholder
 * first, so an answer that keeps them costs four header lookups, a status compared, one character,
 * a clock read and a search of its text for the keys of `keysOf` (when given: no key is looked for
 * without it, and no Date is compared with the target's others), no text built.
 */
export function everyAnswerFailures(
  call: ApiCall,
  response: ApiResponse,
  keysOf?: Target,
  search: KeySearch = 'every-answer',
): Failure[] {
  // No answer at all (a load's status 0, ApiResponse.noAnswer): nothing else of it to judge.
  if (response.noAnswer !== undefined)
    return runProbeChecks(NO_ANSWER_CHECKS, { call, response, probe: 'a request left without an answer' });
  // A method no server knows is refused by the HTTP parser before any code of the API runs (Node's
  // own 400 has no Date): its answer says nothing of the implementation.
  if (call.method === UNKNOWN_METHOD) return NONE;
  const page = response.status >= 200 && response.status < 300;
  const quiet = {
    call,
    response,
    probe: '',
    ...(keysOf && { target: keysOf }),
    ...(search === 'not-pages' && page && { searchKeys: false }),
  };
  if (
    dateHeaderSent.run(quiet) === null &&
    dateCurrent.run(quiet) === null &&
    singleValuedFields.run(quiet) === null &&
    retryAfterValid.run(quiet) === null &&
    throttleNotStorable.run(quiet) === null &&
    noByteOrderMark.run(quiet) === null &&
    keyNotDisclosed.run(quiet) === null &&
    challengeOnEvery401.run(quiet) === null
  )
    return NONE;
  const probe = `${call.method ?? 'GET'} ${callPath(call)}`;
  return runProbeChecks(ANSWER_CHECKS, { ...quiet, probe });
}

/**
 * What the answers to `target` so far leave open, once per target: a target whose 401s carried no
 * WWW-Authenticate at all (challenge-on-every-401). Asked as each property ends (lib/props/runner.ts).
 */
export function answerAdvisories(target: Target): Failure[] {
  const none = noChallengeAdvisory(target);
  if (none === null) return NONE;
  const { call, fields } = none;
  return [
    {
      ...fields,
      severity: 'advisory',
      check: challengeOnEvery401.name,
      requests: [requestRecord(call, 401)],
    },
  ];
}
