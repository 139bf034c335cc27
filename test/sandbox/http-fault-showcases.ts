/** Showcases of the faults of HTTP semantics: HEAD, conditional requests, Accept. */
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { expectErrorShape, get, MENU, ORDERS, type SandboxClient } from './client.ts';
import { until, type FaultShowcase } from './showcase.ts';

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
} satisfies Partial<Record<FaultName, FaultShowcase>>;
