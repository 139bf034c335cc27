import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_KEY_LIMIT } from '../../sandbox/rate-limit.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { expectErrorShape, get, MENU, ORDERS, SandboxClient } from './client.ts';

let sandbox: RunningSandbox;
let client: SandboxClient;

beforeAll(async () => {
  // A long window, so the counts below cannot be reset mid-test by the clock.
  sandbox = await startSandbox({
    orders: 300,
    menuItemsPerTenant: 30,
    rateLimit: { perKey: 3, perTenant: 5, windowMs: 60_000 },
  });
  client = new SandboxClient(sandbox);
});
afterAll(() => sandbox.close());

/** Sends raw bytes, for requests an HTTP client refuses to build. */
function rawRequest(text: string): Promise<string> {
  const { port } = new URL(sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('errors use the Error shape and application/json (spec §7)', () => {
  it.each([
    ['an unknown route', '/public/customers'],
    ['a trailing slash', '/public/orders/'],
    ['the root', '/'],
  ])('should answer %s with 404', async (_case, path) => {
    expectErrorShape(
      await get(`${sandbox.baseUrl.replace('/api/v1', '')}${path === '/' ? '/' : `/api/v1${path}`}`),
      404,
    );
  });

  it('should answer another method than GET with 405 and Allow, OPTIONS with 204 and Allow (RFC 9110)', async () => {
    const refused = await get(`${sandbox.baseUrl}${ORDERS}`, client.bearer(2), 'POST');
    expectErrorShape(refused, 405);
    expect(refused.headers.allow).toBe('GET, HEAD');
    const options = await get(`${sandbox.baseUrl}${MENU}`, {}, 'OPTIONS');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it('should answer a method it does not know with 501 in the Error shape, with a Date', async () => {
    const response = await rawRequest('FROB /api/v1/public/orders HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 501/);
    expect(response).toMatch(/\r\nDate: \w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT\r\n/);
    expect(response).toMatch(/"statusCode":501/);
  });

  it('should answer a malformed URL with 400 in the Error shape', async () => {
    const response = await rawRequest(
      'GET /api/v1/public/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(response).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(response).toMatch(/content-type: application\/json/i);
    expect(response).toMatch(/"statusCode":4\d\d/);
  });

  it('should answer a broken HTTP request with 400 in the Error shape', async () => {
    const response = await rawRequest('GET /api/v1/public/orders HTTP/1.1\r\nBad Header\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(response).toMatch(/"statusCode":400/);
  });
});

describe('rate limits (spec §7, §8: 429)', () => {
  it('should send RateLimit headers on success', async () => {
    const reply = await client.get(MENU, {}, client.bearer(2, 'noOrdersRead'));
    expect(reply.status).toBe(200);
    expect(reply.headers['ratelimit-limit']).toBe('3');
    expect(reply.headers['ratelimit-remaining']).toBe('2');
    expect(Number(reply.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  });

  it('should limit each key, then its tenant, and never another tenant', async () => {
    const full = client.bearer(0, 'full');
    const other = client.bearer(0, 'noMenuRead');
    for (let i = 0; i < 3; i++) expect((await client.get(ORDERS, {}, full)).status).toBe(200);
    const limited = await client.get(ORDERS, {}, full);
    expectErrorShape(limited, 429);
    expect(String(limited.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    // The tenant has 5: three used by the first key, two left for the second.
    for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {}, other)).status).toBe(200);
    expectErrorShape(await client.get(ORDERS, {}, other), 429);
    expect((await client.get(ORDERS, {}, client.bearer(1))).status).toBe(200);
  });

  it('should limit the lowRateLimit key by its own 4 requests a 2 s window, and no other key by it', async () => {
    const own = await startSandbox({ orders: 300, menuItemsPerTenant: 30 });
    try {
      const keys = new SandboxClient(own);
      // Six at once, as the rate-limit property's burst sends them: within one window on any machine.
      const low = keys.bearer(0, 'lowRateLimit');
      const replies = await Promise.all(Array.from({ length: 6 }, () => keys.get(MENU, {}, low)));
      expect(replies.map((reply) => reply.status).sort((a, b) => a - b)).toEqual([
        200, 200, 200, 200, 429, 429,
      ]);
      for (const limited of replies.filter((reply) => reply.status === 429)) {
        expectErrorShape(limited, 429);
        expect(limited.headers['ratelimit-limit']).toBe(String(LOW_KEY_LIMIT.points));
        expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOW_KEY_LIMIT.windowMs / 1000);
      }
      // The tenant's other keys keep the default limit (1000 a key a second).
      const full = await Promise.all(Array.from({ length: 6 }, () => keys.get(MENU, {}, keys.bearer(0))));
      expect(full.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(full[0]?.headers['ratelimit-limit']).toBe('1000');
    } finally {
      await own.close();
    }
  });
});
