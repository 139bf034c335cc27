/**
 * A kept-alive connection as bytes (RFC 9112 §9.3: HTTP/1.1 connections persist unless one side
 * signals `Connection: close`): a first answer read to its end by its framing (RFC 9112 §6.3), then
 * a second request written on the same connection and its answer read to its end. Pure:
 * lib/adapters/node-keep-alive-exchange.ts does the I/O.
 */
import { finalHead, type Ending, type ReadHead, type WireReader } from './head-framing.ts';

/** What came of the second request, sent on the connection once the first answer had ended. */
type AfterAnswer =
  /** A complete answer, of this status. */
  | { kind: 'answered'; status: number }
  /** The first answer said the connection ends with it (`Connection: close`, HTTP/1.0 without keep-alive, or no framing): no second request sent. */
  | { kind: 'close-signalled' }
  /** The server closed the connection after the first answer, before any byte of a second (RFC 9112 §9.6 allows it). */
  | { kind: 'closed' }
  /** Not one byte within the wait, the connection left open. */
  | { kind: 'silent' }
  /** An answer begun and not finished: the connection closed or the wait ran out in it. */
  | { kind: 'unfinished'; octets: number; ending: 'closed' | 'timeout' }
  /** Bytes that do not begin an HTTP/1.x answer. */
  | { kind: 'garbled'; start: string };

/** One raw exchange of two requests on one connection, as lib/checks/connection-reusable.ts judges it. */
export type KeepAliveExchange =
  /** No connection, or no complete first answer: nothing is judged, for this reason. */
  | { kind: 'unjudged'; why: string }
  | { kind: 'answered'; status: number; after: AfterAnswer; waitMs: number };

/** A complete answer: its status, where it ends, and whether the connection may carry another. */
export interface WholeAnswer {
  status: number;
  end: number;
  persistent: boolean;
}

/** How much of garbled octets a finding quotes. */
const QUOTED = 60;

const fieldValues = (head: ReadHead, name: string): string[] =>
  head.fields
    .filter((field) => field.toLowerCase().startsWith(`${name}:`))
    .flatMap((field) => field.slice(name.length + 1).split(','))
    .map((value) => value.trim().toLowerCase());

/**
 * RFC 9112 §9.3: a connection persists after an HTTP/1.1 answer unless it says `close`, after an
 * HTTP/1.0 one only when it says `keep-alive`.
 */
function persists(head: ReadHead): boolean {
  const options = fieldValues(head, 'connection');
  if (options.includes('close')) return false;
  return head.version !== '1.0' || options.includes('keep-alive');
}

/** Where a chunked body starting at `start` ends (its last chunk and trailer section), if it has. */
function chunkedEnd(bytes: Buffer, start: number): number | 'malformed' | null {
  let at = start;
  for (;;) {
    const line = bytes.indexOf('\n', at);
    if (line < 0) return null;
    const size = /^([0-9a-fA-F]+)[ \t]*(;[^\r\n]*)?\r?$/.exec(bytes.subarray(at, line).toString('latin1'));
    if (size?.[1] === undefined) return 'malformed';
    at = line + 1;
    const length = Number.parseInt(size[1], 16);
    if (length === 0) break;
    const after = at + length;
    const next = bytes.indexOf('\n', after);
    if (next < 0) return null;
    at = next + 1;
  }
  // The trailer section: field lines up to an empty line (RFC 9112 §7.1.2).
  for (;;) {
    const line = bytes.indexOf('\n', at);
    if (line < 0) return null;
    const empty = line === at || (line === at + 1 && bytes[at] === 0x0d);
    at = line + 1;
    if (empty) return at;
  }
}

/**
 * The first complete answer in `bytes` (past interim 1xx ones) to a request of `method`, framed as
 * RFC 9112 §6.3 says: no content for HEAD, 204 and 304, else a chunked body, a Content-Length, or
 * (neither) everything to the close. Null while incomplete; `malformed` when it is no HTTP/1.x answer.
 */
export function wholeAnswer(bytes: Buffer, method: string, ending: Ending): WholeAnswer | 'malformed' | null {
  const head = finalHead(bytes);
  if (head === null || head === 'malformed') return head;
  const whole = (end: number, persistent = persists(head)) =>
    end <= bytes.length ? { status: head.status, end, persistent } : null;
  if (method === 'HEAD' || head.status === 204 || head.status === 304) return whole(head.end);
  const codings = fieldValues(head, 'transfer-encoding');
  if (codings.at(-1) === 'chunked') {
    const end = chunkedEnd(bytes, head.end);
    return end === 'malformed' || end === null ? end : whole(end);
  }
  const lengths = new Set(fieldValues(head, 'content-length'));
  if (codings.length === 0 && lengths.size === 1) {
    const [length = ''] = lengths;
    return /^\d+$/.test(length) ? whole(head.end + Number(length)) : 'malformed';
  }
  if (lengths.size > 1) return 'malformed';
  // Read to the close: the connection ends with the answer.
  return ending === 'closed' ? whole(bytes.length, false) : null;
}

/** What the bytes after the first answer are: the second answer, or what came instead. */
function afterAnswer(rest: Buffer, method: string, ending: Ending): AfterAnswer | null {
  if (rest.length === 0) {
    if (ending === 'open') return null;
    return { kind: ending === 'closed' ? 'closed' : 'silent' };
  }
  const answer = wholeAnswer(rest, method, ending === 'full' ? 'open' : ending);
  if (answer === 'malformed') return { kind: 'garbled', start: rest.subarray(0, QUOTED).toString('utf8') };
  if (answer !== null) return { kind: 'answered', status: answer.status };
  if (ending === 'open' || ending === 'full') return null;
  return { kind: 'unfinished', octets: rest.length, ending };
}

/**
 * The reader of a keep-alive exchange (lib/http/head-framing.ts WireReader): the first answer (to
 * a request of `methods[0]`) read to its end; unless it ends the connection, `second` written and
 * its answer (to `methods[1]`) read to its end. `waitMs` is the wait the driver gives each: it
 * goes into the result for a finding to say. Past the byte bound nothing is judged.
 */
export function keepAliveReader(
  second: string,
  methods: readonly [string, string],
  waitMs: number,
): WireReader<KeepAliveExchange> {
  let first: WholeAnswer | null = null;
  return (bytes, ending) => {
    if (ending === 'full')
      return { done: { kind: 'unjudged', why: `more than ${bytes.length} bytes: too long to read` } };
    if (first === null) {
      const read = wholeAnswer(bytes, methods[0], ending);
      if (read === 'malformed')
        return { done: { kind: 'unjudged', why: 'the first answer is no HTTP/1.x answer' } };
      if (read === null) {
        if (ending === 'open') return null;
        return { done: { kind: 'unjudged', why: `no complete first answer (${ending})` } };
      }
      first = read;
      const answered = { kind: 'answered', status: read.status, waitMs } as const;
      if (!read.persistent) return { done: { ...answered, after: { kind: 'close-signalled' } } };
      // A connection already closed, or a wait already over, is judged as it stands.
      if (ending === 'open') return { write: second };
    }
    const after = afterAnswer(bytes.subarray(first.end), methods[1], ending);
    return after === null ? null : { done: { kind: 'answered', status: first.status, after, waitMs } };
  };
}
