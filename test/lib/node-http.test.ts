import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

    it('should fail when the second is closed too, or when not asked to send again', async () => {
      for (const [closing, resendOnClose] of [
        [2, true],
        [1, false],
      ] as const) {
        const server = await closingServer(closing);
        const client = createNodeClient(targetFor(server.url), { resendOnClose });
        const error = (await client.send(call).catch((caught: unknown) => caught)) as Error;
        await client.close();
        await server.stop();
        expect(error).toMatchObject({ name: 'HarnessError' });
        expect(error.message).toMatch(
          /^cannot reach http:\/\/127\.0\.0\.1:\d+ \((UND_ERR_SOCKET|ECONNRESET)\)/,
        );
        expect(server.closed()).toBe(closing);
      }
    });
  });
});
