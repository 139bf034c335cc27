import type { ProbeCheck } from './types.ts';

/**
 * The shortest Retry-After judged for overstating: 10 minutes. A conservative server may round its
 * hint up to its window, to the next minute, or send a constant minute whatever the window (a hint
 * of 60 for a 1 s window is not a bug); hints of 10 minutes and more are for hourly or daily quotas
 * and blocks, which do not refill within the probing below. Served within PROBING.withinMs after
 * such a hint, the hint was at least 40 times what the throttle lasted: a unit error (milliseconds
 * sent as seconds, x1000) or a wrong clock or time zone on an HTTP-date (hours), never rounding.
 */
export const OVERSTATED_HINT_MS = 10 * 60_000;

/**
 * How a key given an OVERSTATED_HINT_MS hint is probed: one first page a second from the 429 on,
 * at most `requests` of them and none later than `withinMs` after it. One a second stays under
 * any limit a server would throttle a key at for minutes; a window that counts refused requests
 * stays throttled, which is no finding.
 */
export const PROBING = { everyMs: 1000, requests: 12, withinMs: 15_000 } as const;

/**
 * RFC 9110 §10.2.3: Retry-After says how long the user agent ought to wait before a follow-up
 * request. A client that honours a hint of half an hour for a throttle of 2 s stalls for half an
 * hour: the hint is wrong, though spec §8 requires none. The probe is a first page asked alone on
 * the key after a 429 whose hint was at least OVERSTATED_HINT_MS, within PROBING.withinMs of it:
 * served, the throttle was over long before the hint said (properties/rate-limit.ts).
 */
export const retryAfterNotOverstated: ProbeCheck = {
  name: 'retry-after-not-overstated',
  description: `A 429's Retry-After of ${OVERSTATED_HINT_MS / 60_000} minutes or more is not served again within ${PROBING.withinMs / 1000} s on its key alone, probed once a second (RFC 9110 §10.2.3: how long to wait).`,
  catches: ['retry-after-milliseconds'],
  run(context) {
    if (context.response.status === 429) return null;
    return {
      code: 'RETRY_AFTER_OVERSTATED',
      message: `Retry-After overstated: ${context.probe}`,
      expected: `429 until the Retry-After had passed, or a Retry-After under ${OVERSTATED_HINT_MS / 60_000} minutes`,
      received: `HTTP ${context.response.status}`,
    };
  },
};
