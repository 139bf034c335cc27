/**
 * A connection of its own to the target, below any HTTP client (undici ends a HEAD's answer at its
 * head, and keeps its connections to itself): a first request written, then a reader
 * (lib/http/head-framing.ts WireReader) told every byte that comes and how reading ended, which
 * writes what it asks and ends with its result. Only to the target's own host and port, over TLS
 * for https; bounded in bytes and time. The key travels in the requests and nowhere else: no
 * error here quotes it.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { requestParts, type ApiCall } from '../http/call.ts';
import { rawRequest, type Ending, type WireReader } from '../http/head-framing.ts';
import type { Target } from '../target/target.ts';

export interface WireOptions {
  /** Each wait for the server: from the connection to what the reader needs, and from each write on. @default 2000 */
  timeoutMs?: number;
  /** Bytes read in all: past them, what came is judged as it stands (`full`). @default 65536 */
  maxBytes?: number;
}

/** `call` as a client writes it, keep-alive (rawRequest); null for a header with a line break. */
export function written(target: Target, call: ApiCall): string | null {
  const base = new URL(target.baseUrl);
  const { path, headers } = requestParts(target, call);
  return rawRequest(call.method ?? 'GET', base.pathname + path, base.host, headers);
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

/**
 * Writes `first` on a connection of its own to `baseUrl`'s host and lets `read` lead the rest; a
 * connection that never came up ends in `unconnected(why)`.
 */
export function converse<Result>(
  baseUrl: string,
  first: string,
  read: WireReader<Result>,
  unconnected: (why: string) => Result,
  options: WireOptions = {},
): Promise<Result> {
  const base = new URL(baseUrl);
  const maxBytes = options.maxBytes ?? 65_536;
  const waitMs = options.timeoutMs ?? 2000;
  return new Promise((resolve) => {
    const socket = open(base);
    let bytes = Buffer.alloc(0);
    let connected = false;
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Result) => {
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => step('timeout'), waitMs);
    };
    const step = (ending: Ending) => {
      // Each write restarts the wait, and the reader is asked again: it may have its answer already.
      for (let move = read(bytes, ending); !done && move !== null; move = read(bytes, ending)) {
        if ('done' in move) return finish(move.done);
        if (socket.writable) socket.write(move.write);
        wait();
      }
    };
    wait();
    socket.on(base.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      connected = true;
      socket.write(first);
    });
    socket.on('data', (chunk: Buffer) => {
      if (done) return;
      bytes = Buffer.concat([bytes, chunk]);
      step(bytes.length >= maxBytes ? 'full' : 'open');
    });
    socket.on('end', () => !done && step('closed'));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (done) return;
      if (!connected) finish(unconnected(`no connection of its own (${error.code ?? 'error'})`));
      else step('closed');
    });
  });
}
