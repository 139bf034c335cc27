/** Showcases of the faults that need load: concurrency, rate, depth and uptime. */
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { get, ORDERS, type SandboxClient } from './client.ts';
import { idsOf, timed, type FaultShowcase } from './showcase.ts';

/** The fastest of n sequential calls: the injected delay is a floor, contention only adds to it. */
async function fastest(n: number, call: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await timed(call));
  return Math.min(...times);
}

/** True as soon as one of up to n tries succeeds. */
async function anyOf(n: number, attempt: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < n; i++) if (await attempt()) return true;
  return false;
}

const burst = (client: SandboxClient, size: number) =>
  Promise.all(Array.from({ length: size }, () => client.get(ORDERS, { limit: 1 })));

export const LOAD_FAULT_SHOWCASES = {
  'shared-cache': {
    async show(client) {
      // The leak needs B's request within the cache TTL of A's; a stalled machine gets more tries.
      const leaked = await anyOf(5, async () => {
        const a = idsOf((await client.get(ORDERS, { limit: 5 }, client.bearer(0))).body.data);
        const b = idsOf((await client.get(ORDERS, { limit: 5 }, client.bearer(1))).body.data);
        return a.length > 0 && a.join() === b.join();
      });
      expect(leaked).toBe(true);
    },
  },
  'global-rate-limit': {
    options: { rateLimit: { perKey: 1000, perTenant: 5, windowMs: 60_000 } },
    async show(client) {
      for (let i = 0; i < 5; i++) expect((await client.get(ORDERS, {}, client.bearer(0))).status).toBe(200);
      expect((await client.get(ORDERS, {}, client.bearer(1))).status).toBe(429);
    },
  },
  'global-rate-limit-high': {
    options: { rateLimit: { perKey: 1000, perTenant: 2, windowMs: 60_000 } },
    async show(client) {
      // Tenant 0 alone may go past its own limit of 2, up to the shared 6.
      for (let i = 0; i < 6; i++) expect((await client.get(ORDERS, {}, client.bearer(0))).status).toBe(200);
      expect((await client.get(ORDERS, {}, client.bearer(1))).status).toBe(429);
    },
  },
  'overload-5xx': {
    async show(client) {
      const statuses: number[] = [];
      await anyOf(3, async () => {
        statuses.push(...(await burst(client, 40)).map((reply) => reply.status));
        return statuses.includes(503);
      });
      expect(statuses).toContain(503);
      expect(statuses).not.toContain(429);
    },
  },
  'overload-drops-connection': {
    async show(client) {
      // Alone, a request is answered; past the pool, its connection closes with no answer at all.
      expect((await client.get(ORDERS, { limit: 1 })).status).toBe(200);
      const statuses: number[] = [];
      let dropped = 0;
      await anyOf(3, async () => {
        const settled = await Promise.allSettled(
          Array.from({ length: 40 }, () => client.get(ORDERS, { limit: 1 })),
        );
        for (const outcome of settled)
          if (outcome.status === 'fulfilled') statuses.push(outcome.value.status);
          else dropped += 1;
        return dropped > 0;
      });
      expect(dropped).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    },
  },
  'deep-page-slowdown': {
    async show(client) {
      const pages = await client.walk(ORDERS, { limit: 1 }, client.bearer(2), 40);
      const deepToken = String(pages.at(-1)?.pagination.nextPageToken);
      const shallow = await fastest(3, () => client.get(ORDERS, { limit: 1 }, client.bearer(2)));
      const deep = await fastest(3, () =>
        client.get(ORDERS, { limit: 1, cursor: deepToken }, client.bearer(2)),
      );
      // Page 41 waits 80 ms more than page 1.
      expect(deep - shallow).toBeGreaterThan(50);
    },
  },
  'throttle-text-body': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 60_000 } },
    async show(client) {
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      const throttled = await client.get(ORDERS, {});
      expect(throttled.status).toBe(429);
      expect(throttled.contentType).toMatch(/^text\/plain/);
      // Every other error keeps the Error shape.
      expect((await client.get(ORDERS, { limit: 0 }, client.bearer(1))).contentType).toMatch(/json/);
    },
  },
  'scope-skipped-under-concurrency': {
    async show(client) {
      const noOrders = client.bearer(0, 'noOrdersRead');
      // Alone, the key lacking orders.read is refused; sent among a burst, some of it is served.
      expect((await client.get(ORDERS, { limit: 1 }, noOrders)).status).toBe(403);
      const statuses = (
        await Promise.all(Array.from({ length: 12 }, () => client.get(ORDERS, { limit: 1 }, noOrders)))
      ).map((reply) => reply.status);
      expect(statuses).toContain(200);
    },
  },
  'limit-unchecked-when-busy': {
    async show(client) {
      // Alone, a limit above 100 is refused; sent among a burst, some of it is served.
      expect((await client.get(ORDERS, { limit: 101 })).status).toBe(400);
      const statuses = (
        await Promise.all(Array.from({ length: 12 }, () => client.get(ORDERS, { limit: 101 })))
      ).map((reply) => reply.status);
      expect(statuses).toContain(200);
    },
  },
  'default-limit-when-busy': {
    async show(client) {
      // Alone, a page without limit holds the default of 50; among a burst, some hold 20.
      expect((await client.get(ORDERS)).body.data).toHaveLength(50);
      const sizes = (await Promise.all(Array.from({ length: 12 }, () => client.get(ORDERS)))).map(
        (reply) => reply.body.data?.length,
      );
      expect(sizes).toContain(20);
    },
  },
  'auth-cached-per-tenant': {
    async show(client) {
      // Alone, the revoked key is refused; right after a full key of its tenant, it is served.
      expect((await client.get(ORDERS, { limit: 1 }, client.bearer(0, 'revoked'))).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await client.get(ORDERS, { limit: 1 }, client.bearer(0))).status).toBe(200);
      expect((await client.get(ORDERS, { limit: 1 }, client.bearer(0, 'revoked'))).status).toBe(200);
      expect((await client.get(ORDERS, { limit: 1 }, client.bearer(0, 'noOrdersRead'))).status).toBe(200);
      // Another tenant's decision is its own.
      expect((await client.get(ORDERS, { limit: 1 }, client.bearer(1, 'expired'))).status).toBe(401);
    },
  },
  'flood-blocked-403': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 60_000 } },
    async show(client) {
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      // A client that backs off meets 429s; one that keeps sending is blocked after 50 of them.
      for (let i = 0; i < 50; i++) expect((await client.get(ORDERS, {})).status).toBe(429);
      const blocked = await client.get(ORDERS, {});
      expect(blocked.status).toBe(403);
      expect(blocked.contentType).toMatch(/json/);
      // Another key of the tenant is its own.
      expect((await client.get(ORDERS, {}, client.bearer(0, 'noMenuRead'))).status).toBe(200);
    },
  },
  'retry-after-short': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 800 } },
    async show(client) {
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      const throttled = await client.get(ORDERS, {});
      expect(throttled.status).toBe(429);
      // Under a second of the window is left: the honest hint is 1, this one says 0.
      expect(throttled.headers['retry-after']).toBe('0');
      expect((await client.get(ORDERS, {})).status).toBe(429);
    },
  },
  'retry-after-milliseconds': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 2000 } },
    async show(client) {
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      const throttled = await client.get(ORDERS, {});
      expect(throttled.status).toBe(429);
      // Under 2 s of the window is left, a thousand times over: hundreds to 2000 "seconds".
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(100);
      expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(2000);
    },
  },
  'retry-after-fractional': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 2000 } },
    async show(client) {
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      const throttled = await client.get(ORDERS, {});
      expect(throttled.status).toBe(429);
      expect(throttled.headers['retry-after']).toMatch(/^[0-2]\.\d{3}$/);
    },
  },
  'throttle-cacheable': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 2000 } },
    async show(client) {
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      const throttled = await client.get(ORDERS, {});
      expect(throttled.status).toBe(429);
      const retryAfter = String(throttled.headers['retry-after']);
      expect(throttled.headers['cache-control']).toBe(`public, max-age=${retryAfter}`);
    },
  },
  'head-not-rate-limited': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 60_000 } },
    async show(client) {
      const head = (tenant: number) =>
        get(`${client.sandbox.baseUrl}${ORDERS}`, client.bearer(tenant), 'HEAD');
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      expect((await client.get(ORDERS, {})).status).toBe(429);
      // Past the limit, the same request as HEAD is served, as often as it is sent.
      for (let i = 0; i < 5; i++) expect((await head(0)).status).toBe(200);
      expect((await client.get(ORDERS, {})).status).toBe(429);
      // Nor is it counted: another key's HEADs leave its two GETs.
      for (let i = 0; i < 5; i++) expect((await head(1)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {}, client.bearer(1))).status).toBe(200);
    },
  },
  'head-throttled-503': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 60_000 } },
    async show(client) {
      const head = () => get(`${client.sandbox.baseUrl}${ORDERS}`, client.bearer(0), 'HEAD');
      for (let i = 0; i < 2; i++) expect((await client.get(ORDERS, {})).status).toBe(200);
      // Past the limit the GET is refused 429, the same request as HEAD 503, and the GET 429 again.
      expect((await client.get(ORDERS, {})).status).toBe(429);
      const refused = await head();
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect((await client.get(ORDERS, {})).status).toBe(429);
    },
  },
  'throttle-serves-empty-page': {
    options: { rateLimit: { perKey: 2, perTenant: 1000, windowMs: 2000 } },
    async show(client) {
      const first = await client.get(ORDERS, { limit: 1 });
      expect(first.body.data).toHaveLength(1);
      expect((await client.get(ORDERS, { limit: 1 })).status).toBe(200);
      // The same request over the limit: a complete empty list, as if the tenant had no orders.
      const throttled = await client.get(ORDERS, { limit: 1 });
      expect(throttled.status).toBe(200);
      expect(throttled.body).toEqual({ data: [], pagination: { nextPageToken: null, hasMore: false } });
    },
  },
  'tenant-limit-503': {
    options: { rateLimit: { perKey: 3, perTenant: 4, windowMs: 60_000 } },
    async show(client) {
      // Two keys of tenant 0 share its 4; the fifth request, within its key's own 3, is refused 503.
      for (const role of ['full', 'full', 'noOrdersRead', 'noOrdersRead'] as const)
        expect((await client.get(ORDERS, {}, client.bearer(0, role))).status).not.toBe(503);
      const shared = await client.get(ORDERS, {}, client.bearer(0, 'noOrdersRead'));
      expect(shared.status).toBe(503);
      expect(shared.body).toMatchObject({ statusCode: 503 });
      expect(shared.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      // Tenant 1's key past its own 3, its tenant's 4 not reached: still 429.
      for (let i = 0; i < 3; i++) expect((await client.get(ORDERS, {}, client.bearer(1))).status).toBe(200);
      expect((await client.get(ORDERS, {}, client.bearer(1))).status).toBe(429);
    },
  },
  'soak-drift': {
    async show(client) {
      const early = await fastest(5, () => client.get(ORDERS, { limit: 1 }));
      for (let batch = 0; batch < 10; batch++) await burst(client, 40);
      const late = await fastest(5, () => client.get(ORDERS, { limit: 1 }));
      // After ~400 requests each one waits at least ~20 ms more.
      expect(late).toBeGreaterThanOrEqual(19);
      expect(late - early).toBeGreaterThan(10);
    },
  },
} satisfies Partial<Record<FaultName, FaultShowcase>>;
