/**
 * Two requests on one connection of its own (lib/adapters/node-wire.ts), below any HTTP client (a
 * pool may send the next request elsewhere, or retry it on a new connection): the first call with
 * `Connection: keep-alive`, its answer read to its end, then the second call on the same
 * connection and its answer read to its end (lib/http/keep-alive.ts), each within its wait.
 */
import type { ApiCall } from '../http/call.ts';
import { keepAliveReader, type KeepAliveExchange } from '../http/keep-alive.ts';
import type { Target } from '../target/target.ts';
import { converse, written } from './node-wire.ts';

export interface KeepAliveOptions {
  /** Each wait: for the first answer, then for the second from its request's write. @default 5000 */
  timeoutMs?: number;
  /** Bytes read in all: past them nothing is judged. @default 1048576 */
  maxBytes?: number;
}

/** Sends `first`, then `second` on the same connection once the first answer has ended. */
export function keepAliveExchange(
  target: Target,
  first: ApiCall,
  second: ApiCall,
  options: KeepAliveOptions = {},
): Promise<KeepAliveExchange> {
  const [one, two] = [written(target, first), written(target, second)];
  if (one === null || two === null)
    return Promise.resolve({ kind: 'unjudged', why: 'a request header holds a line break' });
  const timeoutMs = options.timeoutMs ?? 5000;
  const methods = [first.method ?? 'GET', second.method ?? 'GET'] as const;
  return converse(
    target.baseUrl,
    one,
    keepAliveReader(two, methods, timeoutMs),
    (why): KeepAliveExchange => ({ kind: 'unjudged', why }),
    { timeoutMs, maxBytes: options.maxBytes ?? 1_048_576 },
  );
}
