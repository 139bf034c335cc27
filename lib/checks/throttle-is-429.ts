import { unexpectedStatus } from './expect-status.ts';
import { lacksScope } from './scope-enforced.ts';
import type { ProbeCheck } from './types.ts';

/**
 * spec §8 "Exceeding the rate limit gives 429", and §7's table, where 429 is the one throttle
 * status: a request of a burst is served (200), refused for a scope its key lacks (403), or
 * throttled (429), whichever limit it exceeded (its key's own or its tenant's, shared by the
 * tenant's keys). A 503, any 5xx, or another status for a limit is a failure, to a HEAD as to a GET
 * (RFC 9110 §9.3.2: HEAD is GET without content; ratelimit.head-throttled's rounds).
 */
export const throttleIs429: ProbeCheck = {
  name: 'throttle-is-429',
  description:
    "A request of a burst past a rate limit (a key's own or its tenant's) is answered 429, or served, or 403 for a scope its key lacks: never 503 or another status.",
  catches: ['tenant-limit-503', 'head-throttled-503'],
  run(context) {
    const { role } = context.call.credential;
    const expected = lacksScope(role, context.call.endpoint) ? 403 : 200;
    return unexpectedStatus(context, `${expected} or 429`, (s) => s === expected || s === 429);
  },
};
