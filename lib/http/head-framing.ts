/**
 * A HEAD's answer as bytes on its connection (RFC 9112 §6.3: a response to HEAD ends at the end of
 * its header section, whatever its Content-Length or Transfer-Encoding say): the request text a raw
 * exchange writes, the answer's head read back, and what followed it once a second request went
 * on the same connection. Pure: lib/adapters/node-head-exchange.ts does the I/O.
 */
import type { RequestHeaders } from './call.ts';

/** What followed a HEAD's header section on its kept-alive connection after a second request. */
export type AfterHead =
  /** The next bytes began the second answer's status line: the HEAD ended at its header section. */
  | { kind: 'next-answer' }
  /** The server closed the connection after the head, nothing after it (allowed: RFC 9112 §9.6). */
  | { kind: 'closed' }
  /** Nothing came within the wait, not even the second answer: the end of the HEAD is not known. */
  | { kind: 'silent' }
  /** Octets before the second answer (or before the close, or the wait's end): content of the HEAD. */
  | { kind: 'stray'; octets: number; start: string };

/** One raw HEAD exchange, as lib/checks/head-ends-at-header.ts judges it. */
export type HeadExchange =
  /** No connection, or no complete answer head: nothing is judged, for this reason. */
  | { kind: 'unjudged'; why: string }
  | {
      kind: 'answered';
      status: number;
      /** The answer's framing fields in words: `Content-Length: 87`, `Transfer-Encoding: chunked`. */
      framing: string;
      after: AfterHead;
    };

/** How every HTTP/1.x answer starts: the second answer's status line (RFC 9112 §4). */
const NEXT_ANSWER = Buffer.from('HTTP/1.');

/** How much of the stray octets a finding quotes. */
const QUOTED = 60;

const UNSAFE_FIELD = /[\r\n\0]/;

/**
 * A request as written on the wire: its request line, Host, the call's headers (a list as one line
 * each) and `Connection: keep-alive`. Null when a header holds CR, LF or NUL, which no client writes.
 */
export function rawRequest(
  method: string,
  target: string,
  host: string,
  headers: RequestHeaders,
): string | null {
  const lines = [`${method} ${target} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(headers))
    for (const each of typeof value === 'string' ? [value] : value) {
      if (UNSAFE_FIELD.test(each) || UNSAFE_FIELD.test(name)) return null;
      lines.push(`${name}: ${each}`);
    }
  lines.push('connection: keep-alive');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** An answer's head read from the bytes: its status, its framing fields, and where it ends. */
export interface ReadHead {
  status: number;
  framing: string;
  /** The offset of the first byte after the head's empty line. */
  end: number;
  /** The minor version of its status line: `1.0` or `1.1`. */
  version: string;
  /** Its field lines as they came, trimmed. */
  fields: readonly string[];
}

/**
 * The first answer head in `bytes` (RFC 9112 §2.2: a recipient may take a bare LF for CRLF); null
 * while it is incomplete, `malformed` when its first line is no HTTP/1.x status line.
 */
export function readHead(bytes: Buffer): ReadHead | 'malformed' | null {
  const crlf = bytes.indexOf('\r\n\r\n');
  const lf = bytes.indexOf('\n\n');
  const at = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
  if (at < 0) return null;
  const end = at + (at === crlf ? 4 : 2);
  const [statusLine = '', ...fields] = bytes.subarray(0, at).toString('latin1').split(/\r?\n/);
  const [, version, status] = /^HTTP\/(1\.\d) (\d{3})/.exec(statusLine) ?? [];
  if (status === undefined || version === undefined) return 'malformed';
  const trimmed = fields.map((field) => field.trim());
  const framing = trimmed
    .filter((field) => /^(content-length|transfer-encoding)\s*:/i.test(field))
    .join(', ');
  return {
    status: Number(status),
    framing: framing || 'no Content-Length or Transfer-Encoding',
    end,
    version,
    fields: trimmed,
  };
}

/**
 * How the reading of a connection ended, if it did: still open, closed (or reset) by the server,
 * its wait over, or its byte bound reached (what came is judged as it stands).
 */
export type Ending = 'open' | 'closed' | 'timeout' | 'full';

/**
 * What the bytes after a HEAD's head are, as far as they go: null while more are needed to tell (the
 * connection still open). Stray octets are counted up to the second answer's status line.
 */
export function afterHead(bytes: Buffer, ending: Ending): AfterHead | null {
  const begun = bytes.subarray(0, NEXT_ANSWER.length);
  if (begun.equals(NEXT_ANSWER)) return { kind: 'next-answer' };
  if (bytes.length === 0)
    return ending === 'open' ? null : { kind: ending === 'closed' ? 'closed' : 'silent' };
  const prefix = NEXT_ANSWER.subarray(0, begun.length).equals(begun);
  if (prefix) return ending === 'open' ? null : { kind: 'closed' };
  const next = bytes.indexOf(NEXT_ANSWER);
  if (next < 0 && ending === 'open') return null;
  const octets = next < 0 ? bytes.length : next;
  return { kind: 'stray', octets, start: bytes.subarray(0, Math.min(octets, QUOTED)).toString('utf8') };
}

/**
 * What a reader of one connection does with all it has read so far: write a request next, end with
 * its result, or (null) read on. lib/adapters/node-wire.ts drives it; the reader holds no socket.
 */
type WireMove<Result> = { write: string } | { done: Result } | null;

/** A reader of one connection: given every byte read and how reading ended, its next move. */
export type WireReader<Result> = (bytes: Buffer, ending: Ending) => WireMove<Result>;

/**
 * The reader of a raw HEAD exchange: past any interim 1xx answer (RFC 9110 §15.2) to the HEAD's own
 * head, then `request` (a second HEAD) written on the connection, and what followed the head.
 */
export function headReader(request: string): WireReader<HeadExchange> {
  let head: ReadHead | null = null;
  return (bytes, ending) => {
    if (head === null) {
      const read = finalHead(bytes);
      if (read === 'malformed')
        return { done: { kind: 'unjudged', why: 'the answer is no HTTP/1.x answer' } };
      if (read === null) {
        if (ending === 'open') return null;
        const why = `no complete answer head (${ending === 'full' ? 'too long' : ending})`;
        return { done: { kind: 'unjudged', why } };
      }
      head = read;
      return { write: request };
    }
    const after = afterHead(bytes.subarray(head.end), ending === 'full' ? 'timeout' : ending);
    if (after === null) return null;
    return { done: { kind: 'answered', status: head.status, framing: head.framing, after } };
  };
}

/**
 * The first final answer head in `bytes`, past any interim 1xx answer (RFC 9110 §15.2) before it;
 * its `end` counted from the start of `bytes`.
 */
export function finalHead(bytes: Buffer): ReadHead | 'malformed' | null {
  let start = 0;
  for (;;) {
    const read = readHead(bytes.subarray(start));
    if (read === null || read === 'malformed') return read;
    if (read.status >= 200) return { ...read, end: start + read.end };
    start += read.end;
  }
}
