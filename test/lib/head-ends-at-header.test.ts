/**
 * A HEAD's answer ends at its header section (RFC 9112 §6.3): the bytes read back (head-framing),
 * the raw exchange over a socket of its own against small servers (raw-server.ts), and the check.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { headExchange } from '../../lib/adapters/node-head-exchange.ts';
import { headEndsAtHeader, headExchangeUnjudged } from '../../lib/checks/head-ends-at-header.ts';
import { afterHead, rawRequest, readHead, type HeadExchange } from '../../lib/http/head-framing.ts';
import { NO_KEY_CALL, rawServers } from './raw-server.ts';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');
const HEAD_401 = 'HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: 54\r\n\r\n';
const CHUNKED = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n';
const ERROR = '{"statusCode":401,"error":"Unauthorized","message":"x"}';

describe('head-framing', () => {
  it('should read an answer head, with CRLF or bare LF, and its framing fields', () => {
    expect(readHead(bytes(`${HEAD_401}{`))).toEqual({
      status: 401,
      framing: 'content-length: 54',
      end: HEAD_401.length,
      version: '1.1',
      fields: ['content-type: application/json', 'content-length: 54'],
    });
    expect(readHead(bytes('HTTP/1.0 404 Not Found\nContent-Length: 9\n\n'))).toMatchObject({
      status: 404,
      end: 42,
    });
    expect(readHead(bytes(CHUNKED))).toMatchObject({ framing: 'transfer-encoding: chunked' });
    expect(readHead(bytes('HTTP/1.1 200 OK\r\ncontent-type: a'))).toBeNull();
    expect(readHead(bytes('{"statusCode":401}\r\n\r\n'))).toBe('malformed');
  });

  it('should take the next answer right after the head, and count octets before it as stray', () => {
    expect(afterHead(bytes('HTTP/1.1 200 OK\r\n'), 'open')).toEqual({ kind: 'next-answer' });
    expect(afterHead(bytes(`${ERROR}HTTP/1.1 401 Unauthorized`), 'open')).toEqual({
      kind: 'stray',
      octets: ERROR.length,
      start: ERROR.slice(0, 60),
    });
    // The last chunk a chunked HEAD must not send (RFC 9112 §6.3 rule 1: no content, whatever the framing).
    expect(afterHead(bytes('0\r\n\r\nHTTP/1.1 200 OK'), 'open')).toMatchObject({ kind: 'stray', octets: 5 });
  });

  it('should wait while what came cannot tell, and say how the reading ended when it ends', () => {
    expect(afterHead(bytes(''), 'open')).toBeNull();
    expect(afterHead(bytes('HTTP/'), 'open')).toBeNull();
    expect(afterHead(bytes('{"statusCode":4'), 'open')).toBeNull();
    expect(afterHead(bytes(''), 'closed')).toEqual({ kind: 'closed' });
    expect(afterHead(bytes(''), 'timeout')).toEqual({ kind: 'silent' });
    expect(afterHead(bytes('{"statusCode":4'), 'closed')).toMatchObject({ kind: 'stray', octets: 15 });
  });

  it('should write a request line, Host, one line per value and keep-alive; never a header with a line break', () => {
    const text = rawRequest('HEAD', '/api/v1/public/orders?limit=0', '127.0.0.1:8080', {
      accept: 'application/json',
      'x-brand-api-key': ['k1', 'k2'],
    });
    expect(text).toBe(
      'HEAD /api/v1/public/orders?limit=0 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\naccept: application/json\r\n' +
        'x-brand-api-key: k1\r\nx-brand-api-key: k2\r\nconnection: keep-alive\r\n\r\n',
    );
    expect(rawRequest('HEAD', '/', 'h', { authorization: 'Bearer k\r\nx: y' })).toBeNull();
  });
});

describe('head-ends-at-header', () => {
  const answered = (after: Extract<HeadExchange, { kind: 'answered' }>['after']): HeadExchange => ({
    kind: 'answered',
    status: 401,
    framing: 'content-length: 54',
    after,
  });

  it('should fail octets after the head, naming how many and how they start', () => {
    const failure = headEndsAtHeader.run({
      request: 'no key, orders first page via bearer',
      exchange: answered({ kind: 'stray', octets: 54, start: ERROR }),
    });
    expect(failure?.code).toBe('HEAD_CONTENT_SENT');
    expect(failure?.message).toMatch(/HEAD's 401 \(content-length: 54\) was followed by 54 octets/);
    expect(failure?.received).toBe(`54 octets: ${JSON.stringify(ERROR)}`);
  });

  it('should pass the next answer or a close, and say why a silent or unreached exchange judged nothing', () => {
    for (const after of [{ kind: 'next-answer' }, { kind: 'closed' }] as const) {
      expect(headEndsAtHeader.run({ request: 'r', exchange: answered(after) })).toBeNull();
      expect(headExchangeUnjudged(answered(after))).toBeNull();
    }
    expect(headExchangeUnjudged(answered({ kind: 'silent' }))).toMatch(/got nothing in time/);
    expect(
      headExchangeUnjudged({ kind: 'unjudged', why: 'no connection of its own (ECONNREFUSED)' }),
    ).toMatch(/ECONNREFUSED/);
  });
});

describe('headExchange', () => {
  const { serve, stop } = rawServers();
  afterEach(stop);

  const call = NO_KEY_CALL;

  it('should find the Error body a server writes after a HEAD 401, and pass a chunked head with nothing after it', async () => {
    const body = await serve((n, socket) => socket.write(n === 0 ? HEAD_401 + ERROR : HEAD_401));
    expect(await headExchange(body, call)).toEqual({
      kind: 'answered',
      status: 401,
      framing: 'content-length: 54',
      after: { kind: 'stray', octets: ERROR.length, start: ERROR },
    });
    await stop();
    const chunked = await serve((_, socket) => socket.write(CHUNKED));
    expect(await headExchange(chunked, call)).toMatchObject({ status: 200, after: { kind: 'next-answer' } });
  });

  it('should find a chunked HEAD followed by its last chunk, and read past an interim 103', async () => {
    const target = await serve((_, socket) =>
      socket.write(`HTTP/1.1 103 Early Hints\r\n\r\n${CHUNKED}0\r\n\r\n`),
    );
    expect(await headExchange(target, call)).toMatchObject({
      status: 200,
      after: { kind: 'stray', octets: 5, start: '0\r\n\r\n' },
    });
  });

  it('should pass a server that closes after the head, and judge nothing of one silent after it', async () => {
    const closing = await serve((n, socket) => (n === 0 ? socket.end(HEAD_401) : undefined));
    expect(await headExchange(closing, call)).toMatchObject({ after: { kind: 'closed' } });
    await stop();
    const silent = await serve((n, socket) => (n === 0 ? socket.write(HEAD_401) : undefined));
    expect(await headExchange(silent, call, { timeoutMs: 200 })).toMatchObject({ after: { kind: 'silent' } });
  });

  it('should judge nothing of an https target whose TLS handshake never completes', async () => {
    const target = await serve(() => undefined);
    const https = { ...target, baseUrl: target.baseUrl.replace(/^http:/, 'https:') };
    expect(await headExchange(https, call, { timeoutMs: 300 })).toMatchObject({ kind: 'unjudged' });
  });

  it('should judge nothing where nothing listens', async () => {
    const target = await serve(() => undefined);
    await stop();
    expect(await headExchange(target, call)).toEqual({
      kind: 'unjudged',
      why: 'no connection of its own (ECONNREFUSED)',
    });
  });
});
