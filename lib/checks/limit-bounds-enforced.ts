import { LIMITS } from '../contract/endpoints.ts';
import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/** True for the limit values spec §4 accepts: integers 1..100 written plainly. */
const isValidLimit = (text: string): boolean =>
  /^\d+$/.test(text) && Number(text) >= LIMITS.min && Number(text) <= LIMITS.max;

/** spec §4.3 rule 6, §8: limit 1..100 is served; anything else is a 400, never silently altered. */
export const limitBoundsEnforced: ProbeCheck = {
  name: 'limit-bounds-enforced',
  description: 'limit 1..100 is served with 200; 0, negatives, >100, non-integers and non-numbers are 400.',
  catches: ['limit-clamp', 'bad-limit-accepted', 'limit-unchecked-when-busy'],
  run(context) {
    const limit = context.call.query.limit;
    if (limit === undefined || isValidLimit(limit)) return unexpectedStatus(context, '200', (s) => s === 200);
    return unexpectedStatus(context, '400', (s) => s === 400);
  },
};
