import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/**
 * spec §5: a missing, malformed, revoked or expired key yields 401; a real key with its case
 * changed is a string that was never issued, so malformed too.
 */
export const keyRejected: ProbeCheck = {
  name: 'key-rejected',
  description:
    'Missing, malformed (a real key in another case too), revoked and expired keys are 401 on both endpoints and both schemes.',
  catches: [
    'revoked-key-works',
    'expired-key-works',
    'auth-cached-per-tenant',
    'key-case-folded',
    'key-prefix-only',
  ],
  run: (context) => unexpectedStatus(context, '401', (s) => s === 401),
};
