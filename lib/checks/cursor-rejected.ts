import { isClientError } from '../http/response.ts';
import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/** spec §4.3 rule 3: a cursor the server did not issue for this list is refused: a 4xx, never data, never a 5xx. */
export const cursorRejected: ProbeCheck = {
  name: 'cursor-rejected',
  description: 'Tampered, truncated, random, cross-endpoint, cross-filter and cross-tenant cursors are 4xx.',
  catches: ['cursor-500', 'cross-tenant-cursor'],
  run: (context) => unexpectedStatus(context, 'a 4xx', isClientError),
};
