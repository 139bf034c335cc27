import { isClientError } from '../http/response.ts';
import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/**
 * spec §4.3 rules 3 and 5: a cursor the server did not issue for this list (a constructed one
 * too: offset pagination does not exist) is refused: a 4xx, never data, never a 5xx.
 */
export const cursorRejected: ProbeCheck = {
  name: 'cursor-rejected',
  description:
    'Tampered, truncated, random, constructed (10, page=2, base64 of {"offset":10}, null), cross-endpoint, cross-filter and cross-tenant cursors are 4xx.',
  catches: ['cursor-500', 'cross-tenant-cursor', 'digit-cursor-offset'],
  run: (context) => unexpectedStatus(context, 'a 4xx', isClientError),
};
