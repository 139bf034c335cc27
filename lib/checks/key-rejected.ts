import { KEY_PLACE_RULES } from '../http/key-place.ts';
import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck, ProbeContext } from './types.ts';

/**
 * A key sent as a query parameter the spec does not define (spec §4 lists each endpoint's): a
 * strict server may refuse the parameter (400) before it looks for the key. Either refuses.
 */
const inQuery = ({ call }: ProbeContext): boolean => {
  const place = call.credential.keyPlace;
  return place !== undefined && KEY_PLACE_RULES[place].where === 'query';
};

/**
 * spec §5: a missing, malformed, revoked or expired key yields 401 (a key header with no key in it
 * is a missing key, not a 400 of a validator run before authentication); a real key with its case
 * changed is a string that was never issued, so malformed too; a real key sent in neither of the
 * two headers §5 names (a query parameter, a cookie, another header or Authorization scheme) is a
 * request missing its key.
 */
export const keyRejected: ProbeCheck = {
  name: 'key-rejected',
  description:
    'Missing (no key header, or one with no key in it: empty, blanks, Bearer alone), malformed (a real key in another case, altered, or wrapped: after a Bearer of its own, quoted, in a list: twice, with junk or a comma after it, the key header sent twice; two different real keys listed or on two lines of the key header), revoked and expired keys are 401 on both endpoints and both schemes; so is a real key sent elsewhere than the two headers (a query parameter may be 400).',
  catches: [
    'revoked-key-works',
    'expired-key-works',
    'auth-cached-per-tenant',
    'key-case-folded',
    'key-prefix-only',
    'key-header-bearer-accepted',
    'first-of-repeated-key',
    'last-of-repeated-key',
    'key-in-query',
    'key-in-other-header',
    'key-in-cookie',
    'authorization-other-scheme',
    'empty-key-400',
  ],
  run: (context) =>
    inQuery(context)
      ? unexpectedStatus(context, '401 (or 400)', (s) => s === 401 || s === 400)
      : unexpectedStatus(context, '401', (s) => s === 401),
};
