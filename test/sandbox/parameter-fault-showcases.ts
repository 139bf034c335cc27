/** Showcases of the faults in how the query string is read: enums, booleans, long values, escapes. */
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { expectErrorShape, MENU, ORDERS, type Item } from './client.ts';
import type { FaultShowcase } from './showcase.ts';

const statusesOf = (data: Item[] | undefined) => new Set((data ?? []).map((order) => order.status));

export const PARAMETER_FAULT_SHOWCASES = {
  'enum-case-insensitive': {
    async show(client) {
      const reply = await client.get(ORDERS, { status: 'open' });
      expect(reply.status).toBe(200);
      expect(statusesOf(reply.body.data)).toEqual(new Set(['OPEN']));
    },
  },
  'empty-filter-ignored': {
    async show(client) {
      const unfiltered = await client.get(ORDERS, { limit: 100 });
      for (const empty of [{ status: '' }, { locationId: '' }]) {
        const reply = await client.get(ORDERS, { ...empty, limit: 100 });
        expect(reply.status).toBe(200);
        expect(reply.body.data).toEqual(unfiltered.body.data);
      }
      expect((await client.get(MENU, { status: '' })).status).toBe(400);
    },
  },
  'bad-enum-500': {
    async show(client) {
      expectErrorShape(await client.get(ORDERS, { status: 'BOGUS' }), 500);
      expectErrorShape(await client.get(MENU, { status: 'active' }), 500);
    },
  },
  'active-only-any-word': {
    async show(client) {
      const reply = await client.get(ORDERS, { activeOnly: 'maybe', limit: 100 });
      expect(reply.status).toBe(200);
      expect(statusesOf(reply.body.data)).toEqual(new Set(['OPEN', 'SENT_TO_KITCHEN']));
    },
  },
  'active-only-spelling-ignored': {
    async show(client) {
      const reply = await client.get(ORDERS, { activeOnly: 'TRUE', limit: 100 });
      expect(reply.status).toBe(200);
      expect(statusesOf(reply.body.data).has('CLOSED')).toBe(true);
    },
  },
  'limit-radix-prefix': {
    async show(client) {
      expect((await client.get(MENU, { limit: '010' })).body.data).toHaveLength(8);
      expect((await client.get(ORDERS, { limit: '0x10' })).body.data).toHaveLength(16);
    },
  },
  'long-param-500': {
    async show(client) {
      expectErrorShape(await client.get(MENU, { q: 'x'.repeat(201) }), 500);
      expectErrorShape(await client.get(ORDERS, { locationId: 'x'.repeat(300) }), 500);
    },
  },
  'bad-escape-500': {
    async show(client) {
      expectErrorShape(await client.get(`${ORDERS}?status=%FF`), 500);
      expectErrorShape(await client.get(`${MENU}?q=caf%C3%28`), 500);
    },
  },
  'repeated-param-500': {
    async show(client) {
      expectErrorShape(await client.get(`${ORDERS}?status=OPEN&status=PAID`), 500);
    },
  },
  'repeated-param-first-wins': {
    async show(client) {
      const reply = await client.get(`${ORDERS}?limit=5&limit=500`);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toHaveLength(5);
      expect((await client.get(`${ORDERS}?status=OPEN&status=BOGUS`)).status).toBe(200);
    },
  },
  'unknown-place-empty': {
    async show(client) {
      const reply = await client.get(ORDERS, { locationId: 'zz-no-such-place' });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ data: [], pagination: { nextPageToken: null, hasMore: false } });
    },
  },
  'place-id-format-400': {
    async show(client) {
      expectErrorShape(await client.get(ORDERS, { locationId: 'nowhere' }), 400);
      expectErrorShape(await client.get(MENU, { categoryId: 'cat-1' }), 400);
      expectErrorShape(await client.get(MENU, { locationId: 'loc_000000000000' }), 404);
    },
  },
  'encoded-name-ignored': {
    async show(client) {
      expect((await client.get(`${ORDERS}?limit=500`)).status).toBe(400);
      const reply = await client.get(`${ORDERS}?%6Cimit=500`);
      expect(reply.status).toBe(200);
      expect(reply.body.data).toHaveLength(50);
    },
  },
  'offset-honoured': {
    async show(client) {
      const plain = await client.get(MENU, { limit: 3 });
      const skipped = await client.get(MENU, { limit: 3, offset: 1 });
      expect(skipped.status).toBe(200);
      expect(skipped.body.data?.[0]).toEqual(plain.body.data?.[1]);
      const orders = await client.get(ORDERS, { limit: 3 });
      expect((await client.get(ORDERS, { limit: 3, offset: 1 })).body.data).toEqual(orders.body.data);
    },
  },
  'null-literal-location': {
    async show(client) {
      const unfiltered = await client.get(ORDERS, { limit: 100 });
      const reply = await client.get(ORDERS, { locationId: 'null', limit: 100 });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual(unfiltered.body.data);
      expect((await client.get(MENU, { locationId: 'undefined' })).status).toBe(200);
      expect((await client.get(ORDERS, { locationId: 'true' })).status).toBe(404);
    },
  },
} satisfies Partial<Record<FaultName, FaultShowcase>>;
