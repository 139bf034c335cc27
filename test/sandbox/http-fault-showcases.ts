/** Showcases of the faults of HTTP semantics: HEAD, conditional requests, Accept, framing. */
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { expectErrorShape, get, MENU, ORDERS, type SandboxClient } from './client.ts';
import { until, type FaultShowcase } from './showcase.ts';

/** Every byte a HEAD of `url` gets on a connection the server closes after its answer (bounded: 5 s). */
function headOnSocket(url: string, headers: Record<string, string>): Promise<string> {
  const { hostname, port, pathname, search } = new URL(url);
  const fields = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () =>
      socket.write(
        `HEAD ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}\r\n${fields.join('')}connection: close\r\n\r\n`,
      ),
    );
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error('no end of the answer in 5 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

/**
 * On one kept-alive connection: a GET of `first`, read to the end its Content-Length sets, then a
 * GET of `second`, and every byte that came for it within `waitMs` (the connection left open).
 */
function twoOnSocket(first: string, second: string, headers: Record<string, string>, waitMs: number) {
  const { hostname, port } = new URL(first);
  const fields = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = (url: string) => {
    const { pathname, search } = new URL(url);
    return `GET ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}\r\n${fields.join('')}\r\n`;
  };
  return new Promise<{ first: string; second: string }>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request(first)));
    let bytes = '';
    let answered: string | undefined;
    socket.setTimeout(5000, () => socket.destroy(new Error('no first answer in 5 s')));
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.toString('utf8');
      const length = /content-length: (\d+)/i.exec(bytes)?.[1];
      const end = bytes.indexOf('\r\n\r\n') + 4;
      if (answered !== undefined || length === undefined || bytes.length < end + Number(length)) return;
      answered = bytes;
      bytes = '';
      socket.write(request(second));
      setTimeout(() => {
        socket.destroy();
        resolve({ first: answered ?? '', second: bytes });
      }, waitMs);
    });
    socket.on('error', reject);
  });
}

const header = (value: string | string[] | undefined): string => String(value ?? '');

/** The first page of the orders of tenant 0, as its full key reads it. */
const firstOrders = (client: SandboxClient, headers: Record<string, string> = {}) =>
  client.get(ORDERS, { limit: 10 }, { ...client.bearer(0), ...headers });

export const HTTP_FAULT_SHOWCASES = {
  'head-skips-auth': {
    async show(client) {
      const url = `${client.sandbox.baseUrl}${ORDERS}`;
      expect((await get(url)).status).toBe(401);
      expect((await get(url, {}, 'HEAD')).status).toBe(200);
    },
  },
  'head-content-length-zero': {
    async show(client) {
      const url = `${client.sandbox.baseUrl}${ORDERS}?limit=10`;
      expect((await get(url, client.bearer(0))).raw.length).toBeGreaterThan(100);
      const head = await get(url, client.bearer(0), 'HEAD');
      expect([head.status, header(head.headers['content-length'])]).toEqual([200, '0']);
      // A refusal's HEAD too: GET's 401 has an Error body.
      const refused = await get(`${client.sandbox.baseUrl}${MENU}`, {}, 'HEAD');
      expect([refused.status, header(refused.headers['content-length'])]).toEqual([401, '0']);
    },
  },
  'head-etag-of-empty-body': {
    async show(client) {
      const url = `${client.sandbox.baseUrl}${ORDERS}?limit=10`;
      const [first, head, again] = [
        await get(url, client.bearer(0)),
        await get(url, client.bearer(0), 'HEAD'),
        await get(url, client.bearer(0)),
      ];
      expect(header(first.headers.etag)).toMatch(/^"[\w-]+"$/);
      expect(header(again.headers.etag)).toBe(header(first.headers.etag));
      expect(head.status).toBe(200);
      expect(header(head.headers.etag)).not.toBe(header(first.headers.etag));
      // Only the tag: HEAD's Content-Length still counts GET's octets.
      expect(header(head.headers['content-length'])).toBe(String(first.raw.length));
    },
  },
  'head-error-body': {
    async show(client) {
      // Below any HTTP client, which ends a HEAD's answer at its head and drops what follows.
      const bytes = await headOnSocket(`${client.sandbox.baseUrl}${ORDERS}?limit=0`, client.bearer(0));
      const [head = '', ...after] = bytes.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 .*\r\ncontent-length: [1-9]\d*\r\n/is);
      expect(JSON.parse(after.join('\r\n\r\n'))).toMatchObject({ statusCode: 400 });
      const page = await headOnSocket(`${client.sandbox.baseUrl}${ORDERS}?limit=10`, client.bearer(0));
      expect(page).toMatch(/^HTTP\/1\.1 200 [^]*\r\n\r\n$/);
    },
  },
  'connection-dead-after-404': {
    async show(client) {
      const base = client.sandbox.baseUrl;
      const page = `${base}${ORDERS}?limit=1`;
      const dead = await twoOnSocket(`${base}${ORDERS}?locationId=nowhere`, page, client.bearer(0), 1000);
      expect(dead.first).toMatch(/^HTTP\/1\.1 404 [^]*\r\n\r\n\{"statusCode":404,/);
      expect(dead.first).not.toMatch(/^connection: close/im);
      expect(dead.second).toBe('');
      // A 400 leaves its connection alive, and a new connection is served.
      const alive = await twoOnSocket(`${base}${ORDERS}?limit=0`, page, client.bearer(0), 1000);
      expect(alive.second).toMatch(/^HTTP\/1\.1 200 /);
      expect((await client.get(ORDERS, { limit: 1 })).status).toBe(200);
    },
  },
  'etag-ignores-tenant': {
    async show(client) {
      const tag = header((await client.get(MENU)).headers.etag);
      expect(tag).not.toBe('');
      const other = await client.get(MENU, {}, { ...client.bearer(1), 'if-none-match': tag });
      expect(other.status).toBe(304);
    },
  },
  'last-modified-stale': {
    // Churn on: tenant 0's orders change while the validator is kept.
    options: { churn: 200 },
    async show(client) {
      const first = await firstOrders(client);
      const since = header(first.headers['last-modified']);
      expect(since).not.toBe('');
      await until(async () => (await firstOrders(client)).text !== first.text, 5000);
      expect((await firstOrders(client, { 'if-modified-since': since })).status).toBe(304);
    },
  },
  'not-modified-unasked': {
    async show(client) {
      expect((await firstOrders(client)).status).toBe(200);
      const again = await firstOrders(client);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    },
  },
  'accept-params-406': {
    async show(client) {
      expect((await client.get(ORDERS, {}, { ...client.bearer(0), accept: 'application/json' })).status).toBe(
        200,
      );
      const weighted = await client.get(
        ORDERS,
        {},
        { ...client.bearer(0), accept: 'application/json;q=0.9' },
      );
      expectErrorShape(weighted, 406);
    },
  },
  'gzip-twice-on-repeat': {
    async show(client) {
      const asked = { ...client.bearer(0), 'accept-encoding': 'gzip, deflate, br' };
      const first = await client.get(ORDERS, { limit: 10 }, asked);
      expect(first.headers['content-encoding']).toBe('gzip');
      const page = gunzipSync(first.raw).toString('utf8');
      expect(JSON.parse(page)).toHaveProperty('pagination');
      const again = await client.get(ORDERS, { limit: 10 }, asked);
      expect(again.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gunzipSync(again.raw)).toString('utf8')).toBe(page);
      // Not asked, not coded.
      expect((await firstOrders(client)).headers['content-encoding']).toBeUndefined();
    },
  },
  'error-bom': {
    async show(client) {
      const refused = await client.get(ORDERS, { limit: 500 });
      expect(refused.status).toBe(400);
      expect([...refused.raw.subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x7b]);
      // Only 400: a 401's body and a page start with their JSON.
      expect((await get(`${client.sandbox.baseUrl}${ORDERS}`)).raw[0]).toBe(0x7b);
      expect((await firstOrders(client)).raw[0]).toBe(0x7b);
    },
  },
  'error-no-date': {
    async show(client) {
      expect((await client.get(ORDERS, { limit: 500 })).headers.date).toBeUndefined();
      expect((await get(`${client.sandbox.baseUrl}${ORDERS}`)).headers.date).toBeUndefined();
      expect(header((await firstOrders(client)).headers.date)).toMatch(/ GMT$/);
    },
  },
  'date-local-time': {
    async show(client) {
      // Every answer an hour ahead, a page and a refusal alike; the clean sandbox's are its clock's.
      for (const reply of [await firstOrders(client), await client.get(ORDERS, {}, {})]) {
        const aheadMs = Date.parse(header(reply.headers.date)) - Date.now();
        expect(aheadMs).toBeGreaterThan(59 * 60_000);
        expect(aheadMs).toBeLessThan(61 * 60_000);
      }
    },
  },
  'error-two-content-types': {
    async show(client) {
      // An id of the key's own form that no location has: 404 (spec §5, §7).
      const missing = await client.get(ORDERS, { locationId: 'loc_none' });
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toEqual([
        'application/json; charset=utf-8',
        'text/html; charset=utf-8',
      ]);
      // A 400 and a page keep their one line.
      expect(header((await client.get(ORDERS, { limit: 500 })).headers['content-type'])).toMatch(
        /^application\/json/,
      );
      expect(header((await firstOrders(client)).headers['content-type'])).toMatch(/^application\/json/);
    },
  },
  'content-type-unquoted-parameter': {
    async show(client) {
      expect(header((await firstOrders(client)).headers['content-type'])).toBe(
        'application/json; charset=utf-8; profile=https://api.example.test/schemas/page-v1',
      );
      // An error keeps its own.
      expect(header((await client.get(ORDERS, { limit: 500 })).headers['content-type'])).toBe(
        'application/json; charset=utf-8',
      );
    },
  },
  'method-405-no-allow': {
    async show(client) {
      const url = `${client.sandbox.baseUrl}${ORDERS}`;
      const refused = await get(url, client.bearer(0), 'DELETE');
      expectErrorShape(refused, 405);
      expect(refused.headers.allow).toBeUndefined();
      // OPTIONS still says what the list serves.
      expect(header((await get(url, {}, 'OPTIONS')).headers.allow)).toMatch(/\bGET\b/);
    },
  },
  'post-creates-order': {
    async show(client) {
      const json = { ...client.bearer(0), 'content-type': 'application/json' };
      const order = JSON.stringify({ number: '#probe', status: 'OPEN', locationId: null });
      const made = await get(`${client.sandbox.baseUrl}${ORDERS}`, json, 'POST', order);
      expect(made.status).toBe(201);
      expect(header(made.headers.location)).toBe(`/api/v1${ORDERS}/${String(made.body.id)}`);
      // Newest first: the order made now heads tenant 0's list.
      expect((await firstOrders(client)).body.data?.[0]?.id).toBe(made.body.id);
    },
  },
  'order-detail-route': {
    async show(client) {
      const foreign = (await client.get(ORDERS, { limit: 1 }, client.bearer(1))).body.data?.[0]?.id ?? '';
      const read = await get(`${client.sandbox.baseUrl}${ORDERS}/${foreign}`, client.bearer(0));
      expect(read.status).toBe(200);
      expect(read.body.id).toBe(foreign);
    },
  },
  'menu-public-cacheable': {
    async show(client) {
      const menu = await client.get(MENU);
      expect(menu.status).toBe(200);
      expect(menu.headers['cache-control']).toBe('public, max-age=300');
      expect(menu.headers.vary).toBe('Accept-Encoding');
      expect((await client.get(ORDERS)).headers['cache-control']).toBeUndefined();
    },
  },
} satisfies Partial<Record<FaultName, FaultShowcase>>;
