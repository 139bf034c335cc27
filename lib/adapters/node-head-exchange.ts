/**
 * One HEAD sent on a socket of its own, below any HTTP client (undici ends a HEAD's answer at its
 * head and drops whatever follows with the connection, so it cannot see octets a server writes
 * after it): `HEAD` with the call's headers and `Connection: keep-alive`, its answer's head read,
 * then a second HEAD on the same connection, and what came between the two answers
 * (lib/http/head-framing.ts). Only to the target's own host and port, over TLS for https; bounded
 * in bytes and time. The key travels in the request and nowhere else: no error here quotes it.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { requestParts, type ApiCall } from '../http/call.ts';
import { afterHead, rawRequest, readHead, type Ending, type HeadExchange } from '../http/head-framing.ts';
import type { Target } from '../target/target.ts';

export interface HeadExchangeOptions {
  /** The whole exchange, connection to verdict. @default 2000 */
  timeoutMs?: number;
  /** Bytes read in all: past them, what came is judged as it stands. @default 65536 */
  maxBytes?: number;
}

function open(base: URL): Socket {
  const host = base.hostname.replace(/^\[(.*)\]$/, '$1');
  if (base.protocol === 'https:') {
    const port = Number(base.port || 443);
    // SNI names a host, never an address (RFC 6066 §3).
    const servername = /^[\d.]+$|:/.test(host) ? undefined : host;
    return connectTls({ host, port, servername });
  }
  return connectTcp({ host, port: Number(base.port || 80) });
}

/** Sends `call` as HEAD on a connection of its own and reads what its answer was followed by. */
export function headExchange(
  target: Target,
  call: ApiCall,
  options: HeadExchangeOptions = {},
): Promise<HeadExchange> {
  const base = new URL(target.baseUrl);
  const { path, headers } = requestParts(target, { ...call, method: 'HEAD' });
  const request = rawRequest('HEAD', base.pathname + path, base.host, headers);
  if (request === null)
    return Promise.resolve({ kind: 'unjudged', why: 'a request header holds a line break' });
  const maxBytes = options.maxBytes ?? 65_536;
  return new Promise((resolve) => {
    const socket = open(base);
    let bytes = Buffer.alloc(0);
    let head: { status: number; framing: string; end: number } | null = null;
    let done = false;
    const finish = (exchange: HeadExchange) => {
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(exchange);
    };
    const judge = (ending: Ending) => {
      if (done) return;
      if (head === null) {
        const read = readHead(bytes);
        if (read === 'malformed')
          return finish({ kind: 'unjudged', why: 'the answer is no HTTP/1.x answer' });
        // An interim 1xx answer (RFC 9110 §15.2) precedes the HEAD's own: read past it.
        if (read !== null && read.status < 200) {
          bytes = bytes.subarray(read.end);
          return judge(ending);
        }
        if (read === null) {
          if (ending !== 'open' || bytes.length >= maxBytes)
            finish({
              kind: 'unjudged',
              why: `no complete answer head (${ending === 'open' ? 'too long' : ending})`,
            });
          return;
        }
        head = read;
        socket.write(request);
      }
      const after = afterHead(bytes.subarray(head.end), bytes.length >= maxBytes ? 'timeout' : ending);
      if (after !== null) finish({ kind: 'answered', status: head.status, framing: head.framing, after });
    };
    const timer = setTimeout(() => judge('timeout'), options.timeoutMs ?? 2000);
    socket.on(base.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      judge('open');
    });
    socket.on('end', () => judge('closed'));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      head === null
        ? finish({ kind: 'unjudged', why: `no connection of its own (${error.code ?? 'error'})` })
        : judge('closed'),
    );
  });
}
