/** Showcases of the faults in paging, cursors and limits. */
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { ORDERS, MENU, type SandboxClient } from './client.ts';
import { idsOf, pageIds, until, type FaultShowcase } from './showcase.ts';

const firstPage = async (client: SandboxClient, query = {}) => {
  const reply = await client.get(ORDERS, { limit: 10, ...query });
  return { ids: idsOf(reply.body.data), token: String(reply.body.pagination?.nextPageToken) };
};

export const PAGING_FAULT_SHOWCASES = {
  'page-boundary-duplicate': {
    async show(client) {
      const [first, second] = await client.walk(ORDERS, { limit: 10 }, client.bearer(0), 2);
      expect(second?.data[0]?.id).toBe(first?.data.at(-1)?.id);
    },
  },
  'page-boundary-skip': {
    async show(client) {
      const twenty = idsOf((await client.get(ORDERS, { limit: 20 })).body.data);
      const { token } = await firstPage(client);
      const second = idsOf((await client.get(ORDERS, { limit: 10, cursor: token })).body.data);
      expect(second[0]).toBe(twenty[11]);
      expect(second).not.toContain(twenty[10]);
    },
  },
  'unstable-order': {
    async show(client) {
      const small = await client.ids(ORDERS, { limit: 2 });
      const large = await client.ids(ORDERS, { limit: 100 });
      expect(new Set(small).size).toBeLessThan(new Set(large).size);
    },
  },
  'offset-cursor': {
    options: { churn: 500 },
    async show(client) {
      const first = await firstPage(client);
      const newest = async () => idsOf((await client.get(ORDERS, { limit: 1 })).body.data)[0];
      await until(async () => (await newest()) !== first.ids[0], 5000);
      const second = idsOf((await client.get(ORDERS, { limit: 10, cursor: first.token })).body.data);
      expect(second.filter((id) => first.ids.includes(id)).length).toBeGreaterThan(0);
    },
  },
  'page-number-cursor': {
    async show(client) {
      const twenty = idsOf((await client.get(ORDERS, { limit: 20 })).body.data);
      const { ids, token } = await firstPage(client);
      // Page 2 asked with limit 5 starts at (2 - 1) x 5: records 6-10 of page 1 come again.
      const second = idsOf((await client.get(ORDERS, { limit: 5, cursor: token })).body.data);
      expect(second).toEqual(ids.slice(5, 10));
      // With the limit unchanged, the same cursor is right: the bug shows only to a changing limit.
      const same = idsOf((await client.get(ORDERS, { limit: 10, cursor: token })).body.data);
      expect(same).toEqual(twenty.slice(10, 20));
    },
  },
  'cursor-cycle': {
    async show(client) {
      const pages = await client.walk(ORDERS, { limit: 10 }, client.bearer(0), 6);
      expect(idsOf(pages[3]?.data)).toEqual(idsOf(pages[1]?.data));
    },
  },
  'has-more-token-mismatch': {
    async show(client) {
      const reply = await client.get(MENU, { limit: 100 }, client.bearer(2));
      expect(reply.body.data?.length).toBeLessThan(100);
      expect(reply.body.pagination).toEqual({ nextPageToken: null, hasMore: true });
    },
  },
  'empty-result-shape': {
    async show(client) {
      const reply = await client.get(MENU, { q: 'nothing is called this' });
      expect(reply.body).toEqual({ data: [], pagination: { hasMore: false } });
    },
  },
  'page-overflow': {
    async show(client) {
      expect((await client.get(ORDERS, { limit: 5 })).body.data).toHaveLength(6);
    },
  },
  'limit-clamp': {
    async show(client) {
      for (const limit of [101, 5000]) {
        const reply = await client.get(ORDERS, { limit });
        expect(reply.status).toBe(200);
        expect(reply.body.data).toHaveLength(100);
      }
    },
  },
  'search-limit-capped': {
    // A full-size menu: a small one's 60 items leave no letter in more than 50 names.
    options: { menuItemsPerTenant: 300 },
    async show(client) {
      // A one-letter q that most names hold: its result is more than a page of 50.
      const walks = await Promise.all([...'aeiorn'].map((q) => client.walk(MENU, { q, limit: 100 })));
      const pages = walks.sort(
        (a, b) => b.flatMap((page) => page.data).length - a.flatMap((page) => page.data).length,
      )[0];
      expect(pages?.flatMap((page) => page.data).length).toBeGreaterThan(50);
      expect(pages?.[0]?.data).toHaveLength(50);
      expect(pages?.[0]?.pagination.hasMore).toBe(true);
      expect((await client.get(MENU, { limit: 100 })).body.data?.length).toBeGreaterThan(50);
    },
  },
  'bad-limit-accepted': {
    async show(client) {
      for (const limit of ['0', '-3', 'abc', '1.5'])
        expect((await client.get(ORDERS, { limit })).status).toBe(200);
      expect((await client.get(ORDERS, { limit: '1.5' })).body.data).toHaveLength(1);
    },
  },
  'cursor-500': {
    async show(client) {
      const { token } = await firstPage(client);
      const tampered = (token.startsWith('e') ? 'f' : 'e') + token.slice(1);
      const reply = await client.get(ORDERS, { cursor: tampered });
      expect(reply.status).toBe(500);
      expect(reply.body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
      });
    },
  },
  'last-status-empty': {
    async show(client) {
      expect((await client.get(MENU, { status: 'ARCHIVED' })).body.data).toEqual([]);
      expect((await client.get(ORDERS, { status: 'CANCELLED' })).body.data).toEqual([]);
      expect((await client.get(MENU, { status: 'ACTIVE' })).body.data?.length).toBeGreaterThan(0);
      expect((await client.get(ORDERS)).body.data?.some((order) => order.status === 'CANCELLED')).toBe(true);
    },
  },
  'filter-lost-on-later-pages': {
    async show(client) {
      const [first, ...later] = await client.walk(
        ORDERS,
        { limit: 5, status: 'CANCELLED' },
        client.bearer(0),
        3,
      );
      expect(new Set(first?.data.map((order) => order.status))).toEqual(new Set(['CANCELLED']));
      const laterStatuses = new Set(later.flatMap((page) => page.data.map((order) => order.status)));
      expect([...laterStatuses].some((status) => status !== 'CANCELLED')).toBe(true);
    },
  },
  'digit-cursor-offset': {
    async show(client) {
      const fifteen = idsOf((await client.get(MENU, { limit: 15 })).body.data);
      const reply = await client.get(MENU, { cursor: '10', limit: 5 });
      expect(reply.status).toBe(200);
      expect(idsOf(reply.body.data)).toEqual(fifteen.slice(10, 15));
      expect((await client.get(ORDERS, { cursor: '-1' })).status).toBe(400);
    },
  },
  'cross-tenant-cursor': {
    async show(client) {
      const ownIds = pageIds(await client.walk(ORDERS, { limit: 10 }, client.bearer(0), 2));
      const { token } = await firstPage(client);
      const reply = await client.get(ORDERS, { limit: 10, cursor: token }, client.bearer(1));
      expect(reply.status).toBe(200);
      expect(idsOf(reply.body.data)).toEqual(ownIds.slice(10, 20));
    },
  },
  'pagination-extra-field': {
    async show(client) {
      const reply = await client.get(ORDERS, { limit: 5 });
      expect(reply.body.pagination?.total).toEqual(expect.any(Number));
    },
  },
  'has-more-on-full-page': {
    async show(client) {
      const pages = await client.walk(MENU, { limit: 1 });
      expect(pages.at(-1)?.data).toEqual([]);
      expect(pages.at(-2)?.pagination.hasMore).toBe(true);
    },
  },
  'small-limit-skip': {
    async show(client) {
      const all = await client.ids(MENU, { limit: 100 });
      const deep = await client.ids(MENU, { limit: 2 });
      expect(all.length).toBeGreaterThan(40);
      expect(deep.length).toBeLessThan(all.length);
      expect(await client.ids(MENU, { limit: 4 })).toHaveLength(all.length);
    },
  },
  'cursor-state-per-key': {
    async show(client) {
      const order = await client.ids(MENU, { limit: 100 });
      const first = await client.get(MENU, { limit: 5 });
      await client.get(MENU, { limit: 10 });
      const cursor = first.body.pagination?.nextPageToken ?? undefined;
      const second = await client.get(MENU, { limit: 5, cursor });
      // The other walk's position wins: the page after ten records, not after five.
      expect(second.body.data?.[0]?.id).toBe(order[10]);
    },
  },
  'status-lowercase': {
    async show(client) {
      for (const path of [ORDERS, MENU]) {
        const statuses = (await client.get(path, { limit: 20 })).body.data?.map((record) => record.status);
        expect(statuses?.length).toBeGreaterThan(0);
        for (const status of statuses ?? []) expect(status).toMatch(/^[a-z_]+$/);
      }
    },
  },
  'default-limit-wrong': {
    async show(client) {
      expect((await client.get(ORDERS)).body.data).toHaveLength(20);
    },
  },
  'cursor-page-default-limit': {
    async show(client) {
      const first = await client.get(ORDERS);
      expect(first.body.data).toHaveLength(50);
      const cursor = first.body.pagination?.nextPageToken ?? undefined;
      expect((await client.get(ORDERS, { cursor })).body.data).toHaveLength(20);
    },
  },
} satisfies Partial<Record<FaultName, FaultShowcase>>;
