import type { ProbeCheck } from './types.ts';

/**
 * RFC 9110 §10.2.3 (spec §7: "the client backs off before retrying"): Retry-After says how long a
 * client ought to wait; a client that waited all of it, with nothing else spending its key
 * meanwhile, is served, not throttled again. The probe is that client's next request: the
 * ratelimit property's, or any property's whose request the 429 loop retried twice in a row so
 * (lib/paging/walk-list.ts).
 */
export const retryAfterHonest: ProbeCheck = {
  name: 'retry-after-honest',
  description:
    'A client that waits the whole Retry-After of a 429, alone on its key, is not throttled again on its next request.',
  catches: ['retry-after-short'],
  run(context) {
    if (context.response.status !== 429) return null;
    return {
      code: 'RETRY_AFTER_TOO_SHORT',
      message: `Retry-After too short: ${context.probe} answered 429 again`,
      expected: 'served after waiting all of Retry-After',
      received: `429, Retry-After: ${context.response.headers['retry-after'] ?? '(none)'}`,
    };
  },
};
