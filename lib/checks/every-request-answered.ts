import type { FailureFields } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import { noAnswerMessage } from '../http/no-answer.ts';
import type { ProbeCheck } from './types.ts';

/**
 * Spec §5 (a missing, malformed, revoked or expired key yields 401) and §7 (every error in the
 * Error shape): every request the target is sent gets an HTTP answer. A connection closed or reset
 * without one, an answer that is not HTTP, a body cut short or no answer in time, once the target
 * was reached (it accepted a connection), is the target's failure: lib/adapters/node-http.ts tells
 * it from an unreachable target, which is the user's (exit 2). Judged wherever a property, probe
 * or survey request meets it (lib/props/runner.ts), and under load on the status-0 response the
 * load's measured send makes of it (ApiResponse.noAnswer, lib/load/vu-measure.ts).
 */
export const everyRequestAnswered: ProbeCheck = {
  name: 'every-request-answered',
  description:
    'Every request gets an HTTP answer once the target was reached (it accepted a connection): no connection closed or reset without one, no answer that is not HTTP or cut short, none missing its time (spec §5, spec §7).',
  catches: ['malformed-key-drops-connection', 'overload-drops-connection'],
  run: ({ call, response }) =>
    response.noAnswer === undefined ? null : noAnswerFields(call, response.noAnswer),
};

/** The finding of `call`, which got no answer, `why` saying what came instead. */
export const noAnswerFields = (call: ApiCall, why: string): FailureFields => ({
  code: 'NO_HTTP_ANSWER',
  message: noAnswerMessage(call, why),
  expected:
    'an HTTP answer: a page, or an error status in the Error shape (a malformed, missing, revoked or expired key: 401; over a rate limit: 429; spec §5, §7, §8)',
  received: why,
});
