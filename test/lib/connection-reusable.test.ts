/**
 * A kept-alive connection stays usable after an answer (RFC 9112 §9.3): answers read to their end
 * by their framing (keep-alive), the raw exchange of two requests on a socket of its own against
 * small servers (raw-server.ts), and the check.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keepAliveExchange } from '../../lib/adapters/node-keep-alive-exchange.ts';
import { connectionReusable, keepAliveUnjudged } from '../../lib/checks/connection-reusable.ts';
import { keepAliveReader, wholeAnswer, type KeepAliveExchange } from '../../lib/http/keep-alive.ts';
import { NO_KEY_CALL, rawServers } from './raw-server.ts';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');
const ERROR = '{"statusCode":404,"error":"Not Found","message":"x"}';
const NOT_FOUND = `HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: ${ERROR.length}\r\n\r\n${ERROR}`;
const PAGE = '{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}';
const OK = `HTTP/1.1 200 OK\r\ncontent-length: ${PAGE.length}\r\n\r\n${PAGE}`;
const CHUNKED = `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\n{"dat\r\n3;x=1\r\na":\r\n0\r\n\r\n`;

describe('wholeAnswer', () => {
  it('should end an answer where its Content-Length or last chunk says, past an interim 1xx', () => {
    expect(wholeAnswer(bytes(NOT_FOUND + 'HTTP/1.1'), 'GET', 'open')).toEqual({
      status: 404,
      end: NOT_FOUND.length,
      persistent: true,
    });
    expect(wholeAnswer(bytes(CHUNKED), 'GET', 'open')).toMatchObject({ status: 200, end: CHUNKED.length });
    const early = `HTTP/1.1 103 Early Hints\r\n\r\n${OK}`;
    expect(wholeAnswer(bytes(early), 'GET', 'open')).toMatchObject({ status: 200, end: early.length });
    // A HEAD's answer, a 204 and a 304 end at their heads, whatever their Content-Length says.
    const head = NOT_FOUND.slice(0, NOT_FOUND.indexOf('{'));
    expect(wholeAnswer(bytes(head), 'HEAD', 'open')).toMatchObject({ end: head.length });
  });

  it('should wait for the rest of a body, a chunk or the close an unframed answer ends at', () => {
    expect(wholeAnswer(bytes(NOT_FOUND.slice(0, -1)), 'GET', 'open')).toBeNull();
    expect(wholeAnswer(bytes(CHUNKED.slice(0, -2)), 'GET', 'open')).toBeNull();
    const unframed = 'HTTP/1.1 200 OK\r\n\r\n{}';
    expect(wholeAnswer(bytes(unframed), 'GET', 'open')).toBeNull();
    expect(wholeAnswer(bytes(unframed), 'GET', 'closed')).toEqual({
      status: 200,
      end: 21,
      persistent: false,
    });
  });

  it('should read Connection: close, and an HTTP/1.0 answer without keep-alive, as the end of the connection', () => {
    const close = NOT_FOUND.replace('content-type', 'Connection: Close\r\ncontent-type');
    expect(wholeAnswer(bytes(close), 'GET', 'open')).toMatchObject({ persistent: false });
    const old = NOT_FOUND.replace('HTTP/1.1', 'HTTP/1.0');
    expect(wholeAnswer(bytes(old), 'GET', 'open')).toMatchObject({ persistent: false });
    const kept = old.replace('content-type', 'connection: keep-alive\r\ncontent-type');
    expect(wholeAnswer(bytes(kept), 'GET', 'open')).toMatchObject({ persistent: true });
  });

  it('should call no HTTP answer, two Content-Lengths or a bad chunk size malformed', () => {
    expect(wholeAnswer(bytes('{"x":1}\r\n\r\n'), 'GET', 'open')).toBe('malformed');
    const two = 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}';
    expect(wholeAnswer(bytes(two), 'GET', 'open')).toBe('malformed');
    const chunk = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n';
    expect(wholeAnswer(bytes(chunk), 'GET', 'open')).toBe('malformed');
  });
});

describe('keepAliveReader', () => {
  const methods = ['GET', 'GET'] as const;

  it('should write the second request once the first answer ended, and end at its answer', () => {
    const read = keepAliveReader('GET /2', methods, 5000);
    expect(read(bytes(NOT_FOUND.slice(0, 20)), 'open')).toBeNull();
    expect(read(bytes(NOT_FOUND), 'open')).toEqual({ write: 'GET /2' });
    expect(read(bytes(NOT_FOUND + OK.slice(0, 30)), 'open')).toBeNull();
    expect(read(bytes(NOT_FOUND + OK), 'open')).toEqual({
      done: { kind: 'answered', status: 404, after: { kind: 'answered', status: 200 }, waitMs: 5000 },
    });
  });

  it('should tell silence, a close, an unfinished and a garbled second answer apart', () => {
    const after = (rest: string, ending: 'closed' | 'timeout') => {
      const read = keepAliveReader('GET /2', methods, 5000);
      read(bytes(NOT_FOUND), 'open');
      const move = read(bytes(NOT_FOUND + rest), ending);
      return move !== null && 'done' in move && move.done.kind === 'answered' ? move.done.after : move;
    };
    expect(after('', 'timeout')).toEqual({ kind: 'silent' });
    expect(after('', 'closed')).toEqual({ kind: 'closed' });
    expect(after(OK.slice(0, 30), 'timeout')).toEqual({ kind: 'unfinished', octets: 30, ending: 'timeout' });
    expect(after(OK.slice(0, 30), 'closed')).toEqual({ kind: 'unfinished', octets: 30, ending: 'closed' });
    expect(after('garbage\r\n\r\n', 'timeout')).toEqual({ kind: 'garbled', start: 'garbage\r\n\r\n' });
  });

  it('should send no second request after an answer that ends the connection', () => {
    const read = keepAliveReader('GET /2', methods, 5000);
    const close = NOT_FOUND.replace('content-type', 'connection: close\r\ncontent-type');
    expect(read(bytes(close), 'open')).toMatchObject({ done: { after: { kind: 'close-signalled' } } });
  });

  it('should judge nothing of a first answer that never ended, or of more bytes than its bound', () => {
    expect(keepAliveReader('GET /2', methods, 5000)(bytes(NOT_FOUND.slice(0, 20)), 'timeout')).toEqual({
      done: { kind: 'unjudged', why: 'no complete first answer (timeout)' },
    });
    expect(keepAliveReader('GET /2', methods, 5000)(bytes('x'), 'full')).toMatchObject({
      done: { kind: 'unjudged' },
    });
  });
});

describe('connection-reusable', () => {
  const answered = (after: Extract<KeepAliveExchange, { kind: 'answered' }>['after']): KeepAliveExchange => ({
    kind: 'answered',
    status: 404,
    after,
    waitMs: 5000,
  });
  const request = 'an unknown locationId, orders via bearer';

  it('should fail a connection silent after a complete answer, naming the answer and the wait', () => {
    const failure = connectionReusable.run({ request, exchange: answered({ kind: 'silent' }) });
    expect(failure?.code).toBe('CONNECTION_DEAD');
    expect(failure?.message).toBe(
      'the connection went dead after a 404 for an unknown locationId, orders via bearer: the next request on it got no answer within 5 s',
    );
  });

  it('should fail a next answer cut short, left unfinished or garbled', () => {
    for (const after of [
      { kind: 'unfinished', octets: 30, ending: 'closed' },
      { kind: 'unfinished', octets: 30, ending: 'timeout' },
      { kind: 'garbled', start: 'garbage' },
    ] as const) {
      const failure = connectionReusable.run({ request, exchange: answered(after) });
      expect(failure?.code).toBe('NEXT_ANSWER_INCOMPLETE');
      expect(failure?.message).toMatch(/^the connection broke after a 404 for an unknown locationId/);
    }
  });

  it('should pass the next answer, a signalled close or a closed connection, and say why an exchange judged nothing', () => {
    for (const after of [
      { kind: 'answered', status: 200 },
      { kind: 'close-signalled' },
      { kind: 'closed' },
    ] as const) {
      expect(connectionReusable.run({ request, exchange: answered(after) })).toBeNull();
      expect(keepAliveUnjudged(answered(after))).toBeNull();
    }
    const unjudged: KeepAliveExchange = { kind: 'unjudged', why: 'no connection of its own (ECONNREFUSED)' };
    expect(connectionReusable.run({ request, exchange: unjudged })).toBeNull();
    expect(keepAliveUnjudged(unjudged)).toMatch(/ECONNREFUSED/);
  });
});

describe('keepAliveExchange', () => {
  const { serve, stop } = rawServers();
  afterEach(stop);

  const call = NO_KEY_CALL;

  it('should read both answers of a server that keeps its connection', async () => {
    const target = await serve((n, socket) => socket.write(n === 0 ? NOT_FOUND : CHUNKED));
    expect(await keepAliveExchange(target, call, call)).toEqual({
      kind: 'answered',
      status: 404,
      after: { kind: 'answered', status: 200 },
      waitMs: 5000,
    });
  });

  it('should find a connection that goes silent after the first answer, within its bounded wait', async () => {
    const target = await serve((n, socket) => (n === 0 ? socket.write(NOT_FOUND) : undefined));
    const started = Date.now();
    expect(await keepAliveExchange(target, call, call, { timeoutMs: 300 })).toMatchObject({
      status: 404,
      after: { kind: 'silent' },
      waitMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('should pass a server that says Connection: close or closes after the answer', async () => {
    const saying = await serve((_, socket) =>
      socket.end(NOT_FOUND.replace('content-type', 'connection: close\r\ncontent-type')),
    );
    expect(await keepAliveExchange(saying, call, call)).toMatchObject({ after: { kind: 'close-signalled' } });
    await stop();
    const closing = await serve((n, socket) => (n === 0 ? socket.end(NOT_FOUND) : undefined));
    expect(await keepAliveExchange(closing, call, call)).toMatchObject({ after: { kind: 'closed' } });
  });

  it('should find a second answer cut short by a close', async () => {
    const target = await serve((n, socket) =>
      n === 0 ? socket.write(NOT_FOUND) : socket.end(OK.slice(0, 30)),
    );
    expect(await keepAliveExchange(target, call, call)).toMatchObject({
      after: { kind: 'unfinished', octets: 30, ending: 'closed' },
    });
  });

  it('should judge nothing where nothing listens', async () => {
    const target = await serve(() => undefined);
    await stop();
    expect(await keepAliveExchange(target, call, call)).toEqual({
      kind: 'unjudged',
      why: 'no connection of its own (ECONNREFUSED)',
    });
  });
});
