import type { FailureFields } from '../failure.ts';
import { callPath, type ApiCall } from '../http/call.ts';
import { challengeSchemes } from '../http/challenges.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';
import type { ProbeCheck, ProbeFailureFields } from './types.ts';

/** A 401 the run received, and the request in words as a finding names it: never its key. */
interface Seen401 {
  call: ApiCall;
  response: ApiResponse;
  /** Method, path, which key and how it was sent. */
  words: string;
}

/** What a run has seen of one target's 401s: the first with WWW-Authenticate and the first without. */
interface Memory {
  challenged?: Seen401;
  unchallenged?: Seen401;
  /** Whether the advisory of a target that sends no challenge at all was given. */
  advised: boolean;
}

/**
 * By the target object a target file or sandbox gave, which every client and job of one run shares
 * (as lib/adapters/node-http.ts's reached targets): the memory lives as long as the run's target.
 */
const memories = new WeakMap<Target, Memory>();

function memoryOf(target: Target): Memory {
  let memory = memories.get(target);
  if (memory === undefined) {
    memory = { advised: false };
    memories.set(target, memory);
  }
  return memory;
}

const FIELD = 'www-authenticate';

function keyWords(call: ApiCall): string {
  const { tenant, role, scheme, keyCase, keyPlace } = call.credential;
  const key = role === 'none' ? 'no key' : `${tenant}'s ${role} key`;
  const how = [keyCase && `in ${keyCase}`, keyPlace ? `in ${keyPlace}` : `by ${scheme}`].filter(Boolean);
  return `${key} ${how.join(' ')}`;
}

function seen(call: ApiCall, response: ApiResponse): Seen401 {
  return { call, response, words: `${call.method ?? 'GET'} ${callPath(call)} with ${keyWords(call)}` };
}

/** A field as received, cut short for a finding's text. */
const shown = (value: string): string => `WWW-Authenticate: ${value.slice(0, 160)}`;

const EXPECTED =
  'WWW-Authenticate with at least one challenge on every 401, as on the others (RFC 9110 §15.5.2; spec §5: Bearer, RFC 6750 §3)';

function invalid(probe: string, response: ApiResponse, value: string): FailureFields {
  return {
    code: 'CHALLENGE_INVALID',
    message: `${probe}: HTTP ${response.status} sent a WWW-Authenticate that holds no challenge of RFC 9110 §11.6.1's grammar (auth-scheme [ 1*SP ( token68 / #auth-param ) ])`,
    expected: 'WWW-Authenticate: one or more challenges, e.g. Bearer realm="api" (RFC 9110 §11.6.1)',
    received: shown(value),
  };
}

function missing(probe: string, challenged: Seen401): ProbeFailureFields {
  return {
    code: 'CHALLENGE_MISSING',
    message: `${probe}: HTTP 401 without WWW-Authenticate, though the 401 to ${challenged.words} carried one (RFC 9110 §15.5.2: a 401 MUST send at least one challenge)`,
    expected: EXPECTED,
    received: `(no WWW-Authenticate); the 401 to ${challenged.words} sent ${shown(challenged.response.headers[FIELD] ?? '')}`,
    related: [{ call: challenged.call, status: 401 }],
  };
}

function missingBefore(probe: string, response: ApiResponse, unchallenged: Seen401): ProbeFailureFields {
  return {
    code: 'CHALLENGE_MISSING',
    message: `${probe}: HTTP 401 carries WWW-Authenticate, but the earlier 401 to ${unchallenged.words} carried none (RFC 9110 §15.5.2: a 401 MUST send at least one challenge)`,
    expected: EXPECTED,
    received: `${shown(response.headers[FIELD] ?? '')} here; no WWW-Authenticate on the 401 to ${unchallenged.words}`,
    related: [{ call: unchallenged.call, status: 401 }],
  };
}

/**
 * RFC 9110 §15.5.2: a 401 MUST send WWW-Authenticate with at least one challenge; spec §5 uses the
 * Bearer scheme (RFC 6750 §3). Many API-key services send none, so a target that sends it on none
 * of its 401s is an advisory (noChallengeAdvisory); one that sends it on some 401s and not others
 * enforces the rule at some sites only, an error: each 401 without it fails once a 401 with it was
 * seen, and the first 401 with it fails if one without came before. Every WWW-Authenticate sent, on
 * any status, must parse as challenges. Remembers a run's 401s per target (the properties' and
 * each load worker's); run on every answer any job receives (lib/paging/answer-checks.ts).
 */
export const challengeOnEvery401: ProbeCheck = {
  name: 'challenge-on-every-401',
  description:
    'A target that sends WWW-Authenticate on one 401 sends it on every 401 (every key kind and place, both schemes, both lists, first and cursor pages, HEAD), and every WWW-Authenticate parses as at least one challenge (RFC 9110 §15.5.2, RFC 9110 §11.6.1). Sending it on no 401 is an advisory.',
  catches: ['challenge-dropped-revoked-expired'],
  run({ call, response, probe, target }) {
    const value = response.headers[FIELD];
    if (value !== undefined && challengeSchemes(value) === null) return invalid(probe, response, value);
    if (response.status !== 401 || target === undefined) return null;
    const memory = memoryOf(target);
    if (value === undefined) {
      memory.unchallenged ??= seen(call, response);
      return memory.challenged === undefined ? null : missing(probe, memory.challenged);
    }
    memory.challenged ??= seen(call, response);
    // The first challenged 401 after unchallenged ones says so, once: it is judged twice when it
    // fails another framing check (lib/paging/answer-checks.ts), so the same answer says it again.
    const first = memory.challenged.response === response;
    return first && memory.unchallenged !== undefined
      ? missingBefore(probe, response, memory.unchallenged)
      : null;
  },
};

/** The fields of the advisory of a target that sent no challenge on a 401 (noChallengeAdvisory). */
export interface NoChallenge {
  fields: FailureFields;
  /** The first 401 without WWW-Authenticate. */
  call: ApiCall;
}

/**
 * The advisory of a target whose 401s so far all came without WWW-Authenticate, given once per
 * target (lib/paging/answer-checks.ts answerAdvisories): RFC 9110 §15.5.2 asks for a challenge, but
 * many API-key services send none, and failing them all would judge a convention the spec does not
 * state (spec §5 names the Bearer scheme, no challenge).
 */
export function noChallengeAdvisory(target: Target): NoChallenge | null {
  const memory = memories.get(target);
  if (memory?.unchallenged === undefined || memory.challenged !== undefined || memory.advised) return null;
  memory.advised = true;
  const { words, call } = memory.unchallenged;
  return {
    call,
    fields: {
      code: 'CHALLENGE_NEVER_SENT',
      severity: 'advisory',
      message: `No 401 so far carried WWW-Authenticate (the first: ${words}); RFC 9110 §15.5.2 says a 401 MUST send at least one challenge, e.g. WWW-Authenticate: Bearer realm="api" (RFC 6750 §3)`,
      expected: EXPECTED,
      received: '(no WWW-Authenticate on any 401)',
    },
  };
}
