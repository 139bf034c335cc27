import type { FailureFields } from '../failure.ts';
import type { NoAnswer } from '../http/no-answer.ts';
import type { CheckInfo } from './types.ts';

/**
 * Spec §5 (a missing, malformed, revoked or expired key yields 401) and §7 (every error in the
 * Error shape): every request the target is sent gets an HTTP answer. A connection closed or reset
 * without one, an answer that is not HTTP, a body cut short or no answer in time, once the target
 * was reached (it accepted a connection), is the target's failure: lib/adapters/node-http.ts tells
 * it from an unreachable target, which is the user's (exit 2). Judged wherever a property, probe
 * or survey request meets it (lib/props/runner.ts).
 */
export const everyRequestAnswered: CheckInfo = {
  name: 'every-request-answered',
  description:
    'Every request gets an HTTP answer once the target was reached (it accepted a connection): no connection closed or reset without one, no answer that is not HTTP or cut short, none missing its time (spec §5, spec §7).',
  catches: ['malformed-key-drops-connection'],
};

/** The finding of a request `error` says got no answer. */
export const noAnswerFields = (error: NoAnswer): FailureFields => ({
  code: 'NO_HTTP_ANSWER',
  message: error.message,
  expected:
    'an HTTP answer (a malformed, missing, revoked or expired key: 401 in the Error shape, spec §5, §7)',
  received: error.why,
});
