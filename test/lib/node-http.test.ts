import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';

const KEY = 'node-http-test-key';
const seen: IncomingMessage[] = [];
let server: Server;
let baseUrl: string;

const targetFor = (url: string) =>
  resolveInlineTarget({
    baseUrl: url,
    apiKeyHeader: 'X-Test-Api-Key',
    load: { allowed: false, maxRps: 1 },
    tenants: [{ name: 'a', quiescent: true, keys: { full: { value: KEY } } }],
  });

const call: ApiCall = {
  endpoint: 'orders',
  query: { limit: '5', q: 'a b' },
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    response.setHeader('X-Multi', ['one', 'two']);
    response.setHeader('Content-Type', 'application/json');
    // A byte order mark before the JSON: kept in bodyText (no-byte-order-mark judges it), parsed past.
    response.end(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"data":[],"pagination":{}}')]),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Node client', () => {
  it('should send the path under the base URL with the key, and read status, headers and body', async () => {
    const client = createNodeClient(targetFor(baseUrl));
    const response = await client.send(call);
    await client.close();

    expect(seen.at(-1)?.url).toBe('/api/v1/public/orders?limit=5&q=a+b');
    expect(seen.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(response.status).toBe(200);
    expect(response.headers['x-multi']).toBe('one, two');
    // The one field that came on two lines is named (single-valued-fields judges which may not).
    expect(response.repeatedFields).toEqual(['x-multi']);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body).toEqual({ data: [], pagination: {} });
    expect(response.bodyText.startsWith('\uFEFF{')).toBe(true);
    expect(response.durationMs).toBeGreaterThan(0);
  });

  it('should send the key header twice as two lines, which Node joins with a comma and a space', async () => {
    const client = createNodeClient(targetFor(baseUrl));
    const twice = { ...call.credential, scheme: 'serviceHeader' as const, keyCase: 'header-twice' as const };
    await client.send({ ...call, credential: twice });
    await client.close();

    const raw = seen.at(-1)?.rawHeaders ?? [];
    const lines = raw.filter((_, index) => index % 2 === 0 && raw[index]?.toLowerCase() === 'x-test-api-key');
    expect(lines).toHaveLength(2);
    expect(seen.at(-1)?.headers['x-test-api-key']).toBe(`${KEY}, ${KEY}`);
    expect(seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('should fail with one line naming the origin, never the key, when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createNodeClient(targetFor(`http://127.0.0.1:${port}/api/v1`));

    const error = (await client.send(call).catch((caught: unknown) => caught)) as Error;
    await client.close();

    expect(error).toMatchObject({ name: 'HarnessError' });
    expect(error.message).toMatch(
      new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`),
    );
    expect(error.message).not.toContain(KEY);
  });

  describe('when the server closes the connection before answering', () => {
    /** A server that closes the socket of its first `closing` requests, then answers 200. */
    async function closingServer(closing: number) {
      let closed = 0;
      const closer = createServer((request, response) => {
        if (closed < closing) {
          closed += 1;
          request.socket.destroy();
          return;
        }
        response.setHeader('Content-Type', 'application/json');
        response.end('{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}');
      });
      await new Promise<void>((resolve) => closer.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(closer.address() as AddressInfo).port}/api/v1`;
      return {
        url,
        closed: () => closed,
        stop: () => new Promise<void>((done) => closer.close(() => done())),
      };
    }

    it('should send it once more when asked to, and answer with the second answer', async () => {
      const server = await closingServer(1);
      const client = createNodeClient(targetFor(server.url), { resendOnClose: true });
      const response = await client.send(call);
      await client.close();
      await server.stop();
      expect(server.closed()).toBe(1);
      expect(response.status).toBe(200);
    });

    // The connection was accepted: the target was reached, and a request it leaves without an answer is
    // its finding (NoAnswer, exit 1), never "cannot reach" (exit 2), named without its key.
    it('should fail with the request named when the second is closed too, or when not asked to send again', async () => {
      for (const [closing, resendOnClose] of [
        [2, true],
        [1, false],
      ] as const) {
        const server = await closingServer(closing);
        const client = createNodeClient(targetFor(server.url), { resendOnClose });
        const error = (await client.send(call).catch((caught: unknown) => caught)) as Error;
        await client.close();
        await server.stop();
        expect(error).toMatchObject({ name: 'NoAnswer', call });
        expect(error.message).toMatch(
          /^no HTTP answer to GET \/public\/orders\?limit=5&q=a\+b \(tenant a's full key by bearer\): the connection ended without a complete HTTP answer \((UND_ERR_SOCKET|ECONNRESET)\)/,
        );
        expect(error.message).not.toContain(KEY);
        expect(server.closed()).toBe(closing);
      }
    });
  });

  // Raw answers after a good one, on a connection each: not HTTP, or cut short.
  it.each([
    [
      'two Content-Lengths that differ',
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 7\r\n\r\n{}',
    ],
    ['a body cut short', 'HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n{"data":'],
    ['bad chunking', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'],
  ])('should make %s a NoAnswer naming the request', async (_name, raw) => {
    let answered = 0;
    const rawServer = createNetServer((socket) =>
      socket.once('data', () => {
        answered += 1;
        if (answered === 1) socket.end('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
        else socket.end(raw);
      }),
    );
    await new Promise<void>((resolve) => rawServer.listen(0, '127.0.0.1', resolve));
    const client = createNodeClient(
      targetFor(`http://127.0.0.1:${(rawServer.address() as AddressInfo).port}/api/v1`),
    );
    try {
      expect((await client.send(call)).status).toBe(200);
      const error = (await client.send(call).catch((caught: unknown) => caught)) as Error;
      expect(error).toMatchObject({ name: 'NoAnswer', call });
      expect(error.message).toMatch(/^no HTTP answer to GET \/public\/orders\?limit=5&q=a\+b /);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => rawServer.close(() => resolve()));
    }
  });

  // Accepted, then nothing in the request's time: the headers never come, or the body stops halfway.
  it.each([
    ['no headers', 'UND_ERR_HEADERS_TIMEOUT', () => {}],
    [
      'a body that stops halfway',
      'UND_ERR_BODY_TIMEOUT',
      (socket: Socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 40\r\n\r\n{"data":'),
    ],
  ])(
    'should make %s within the timeout a NoAnswer saying so, in the time given',
    async (_name, code, reply) => {
      const silent = createNetServer((socket) => socket.once('data', () => reply(socket)));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const client = createNodeClient(
        targetFor(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/v1`),
        { timeoutMs: 300 },
      );
      const started = Date.now();
      try {
        const error = (await client.send(call).catch((caught: unknown) => caught)) as Error;
        expect(error).toMatchObject({ name: 'NoAnswer', call });
        expect(error.message).toBe(
          `no HTTP answer to GET /public/orders?limit=5&q=a+b (tenant a's full key by bearer): no answer in time (${code}), though the target was reached`,
        );
        expect(Date.now() - started).toBeLessThan(5000);
      } finally {
        await client.close();
        silent.close();
      }
    },
  );

  it('should name a target that stopped answering after answering, not call it unreachable', async () => {
    const stopping = createServer((_request, response) => response.end('{}'));
    await new Promise<void>((resolve) => stopping.listen(0, '127.0.0.1', resolve));
    const client = createNodeClient(
      targetFor(`http://127.0.0.1:${(stopping.address() as AddressInfo).port}/api/v1`),
    );
    expect((await client.send(call)).status).toBe(200);
    await client.close();
    stopping.closeAllConnections();
    await new Promise<void>((resolve) => stopping.close(() => resolve()));

    const again = createNodeClient(client.target as NonNullable<typeof client.target>);
    const error = (await again.send(call).catch((caught: unknown) => caught)) as Error;
    await again.close();
    expect(error).toMatchObject({ name: 'NoAnswer' });
    expect(error.message).toMatch(/connection refused \(ECONNREFUSED\): the target stopped answering/);
  });
});

describe("the Node client's wait for a connection", () => {
  const HOLD_MS = 150;

  it('should measure from the send to the write: the wait of a request queued behind a held connection', async () => {
    const holding = createServer((_request, response) => {
      setTimeout(() => response.end('{}'), HOLD_MS);
    });
    await new Promise<void>((resolve) => holding.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(holding.address() as AddressInfo).port}/api/v1`;
    // One connection: the second request can be written only once the first's answer is read.
    const client = createNodeClient(targetFor(url), { connections: 1 });
    try {
      const [first, second] = await Promise.all([client.send(call), client.send(call)]);

      expect(second.waitMs).toBeGreaterThanOrEqual(HOLD_MS - 10);
      expect(first.waitMs).toBeGreaterThanOrEqual(0);
      expect(first.waitMs).toBeLessThan(second.waitMs ?? 0);
      // The wait is part of latency; what follows it is the target's hold.
      for (const response of [first, second]) {
        expect(response.durationMs - (response.waitMs ?? 0)).toBeGreaterThanOrEqual(HOLD_MS - 10);
        expect(response.durationMs).toBeGreaterThan(response.waitMs ?? Infinity);
      }
    } finally {
      await client.close();
      await new Promise<void>((resolve) => holding.close(() => resolve()));
    }
  });
});
