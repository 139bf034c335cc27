/**
 * One HEAD sent on a connection of its own (lib/adapters/node-wire.ts), below any HTTP client
 * (undici ends a HEAD's answer at its head and drops whatever follows with the connection, so it
 * cannot see octets a server writes after it): `HEAD` with the call's headers and
 * `Connection: keep-alive`, its answer's head read, then a second HEAD on the same connection, and
 * what came between the two answers (lib/http/head-framing.ts).
 */
import type { ApiCall } from '../http/call.ts';
import { headReader, type HeadExchange } from '../http/head-framing.ts';
import type { Target } from '../target/target.ts';
import { converse, written, type WireOptions } from './node-wire.ts';

/** Sends `call` as HEAD on a connection of its own and reads what its answer was followed by. */
export function headExchange(
  target: Target,
  call: ApiCall,
  options: WireOptions = {},
): Promise<HeadExchange> {
  const request = written(target, { ...call, method: 'HEAD' });
  if (request === null)
    return Promise.resolve({ kind: 'unjudged', why: 'a request header holds a line break' });
  return converse(
    target.baseUrl,
    request,
    headReader(request),
    (why): HeadExchange => ({ kind: 'unjudged', why }),
    options,
  );
}
