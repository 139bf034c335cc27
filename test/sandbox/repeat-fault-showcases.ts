/** Showcases of the faults of a server that remembers cursors: a page asked twice, walks at once. */
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { expectErrorShape, MENU, ORDERS, type SandboxClient } from './client.ts';
import { idsOf, type FaultShowcase } from './showcase.ts';

/** The token of the first page of orders at `limit`. */
async function secondPageCursor(client: SandboxClient, limit: number): Promise<string> {
  const first = await client.get(ORDERS, { limit });
  const cursor = first.body.pagination?.nextPageToken;
  expect(typeof cursor).toBe('string');
  return cursor as string;
}

/** Rounds of cursor pages sent at once before a showcase gives up on seeing them swap places. */
const ROUNDS_AT_ONCE = 3;

export const REPEAT_FAULT_SHOWCASES = {
  'cursor-single-use': {
    async show(client) {
      const cursor = await secondPageCursor(client, 5);
      expect((await client.get(ORDERS, { limit: 5, cursor })).status).toBe(200);
      expectErrorShape(await client.get(ORDERS, { limit: 5, cursor }), 400);
    },
  },
  'cursor-advances-on-repeat': {
    async show(client) {
      const cursor = await secondPageCursor(client, 5);
      const once = await client.get(ORDERS, { limit: 5, cursor });
      const again = await client.get(ORDERS, { limit: 5, cursor });
      const next = once.body.pagination?.nextPageToken ?? undefined;
      // The repeat is the page after: the page the first answer's token leads to.
      const after = await client.get(ORDERS, { limit: 5, cursor: next });
      expect(idsOf(again.body.data)).not.toEqual(idsOf(once.body.data));
      expect(idsOf(again.body.data)).toEqual(idsOf(after.body.data));
    },
  },
  'record-drifts-on-read': {
    async show(client) {
      const once = await client.get(MENU, { limit: 3 });
      const again = await client.get(MENU, { limit: 3 });
      expect(idsOf(again.body.data)).toEqual(idsOf(once.body.data));
      expect(JSON.stringify(again.body.data)).not.toBe(JSON.stringify(once.body.data));
    },
  },
  'cursor-mixup-under-concurrency': {
    async show(client) {
      const alone = await client.ids(ORDERS, { limit: 7 });
      const together = await Promise.all([7, 11, 13].map((limit) => client.ids(ORDERS, { limit })));
      const exact = (ids: string[]) => ids.length === alone.length && new Set(ids).size === ids.length;
      expect(together.every(exact)).toBe(false);
    },
  },
  'cursor-shared-scratch': {
    async show(client) {
      // Pages 2 to 8 of orders, each asked alone, then all at once (each on a connection of its own).
      const pages = await client.walk(ORDERS, { limit: 5 }, client.bearer(0), 8);
      const cursors = pages.slice(0, -1).map((page) => page.pagination.nextPageToken ?? undefined);
      const alone = pages.slice(1).map((page) => idsOf(page.data));
      let swapped = false;
      for (let round = 0; round < ROUNDS_AT_ONCE && !swapped; round += 1) {
        const together = await Promise.all(cursors.map((cursor) => client.get(ORDERS, { limit: 5, cursor })));
        swapped = together.some((reply, page) => idsOf(reply.body.data).join() !== alone[page]?.join());
      }
      expect(swapped).toBe(true);
    },
  },
} satisfies Partial<Record<FaultName, FaultShowcase>>;
