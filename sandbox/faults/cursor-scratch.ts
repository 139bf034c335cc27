/**
 * The cursor-shared-scratch fault: a server that decodes each request's cursor into one variable
 * of its module, shared by every request in flight (as a formatter or parser object shared by a
 * server's worker threads), and reads the position back only after yielding to the event loop.
 * Each request alone gets its own page; requests in flight together take each other's position.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CursorPayload } from '../cursor.ts';

/** The decoded cursor of the request the module last read one for: shared by every request. */
let scratch: CursorPayload | undefined;

/** `decoded`, read back through the shared scratch after a turn of the event loop. */
export async function throughScratch(decoded: CursorPayload): Promise<CursorPayload> {
  scratch = decoded;
  await nextTurn();
  return scratch;
}
