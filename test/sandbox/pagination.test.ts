import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { expectErrorShape, MENU, ORDERS, SandboxClient, type Page } from './client.ts';

let sandbox: RunningSandbox;
let client: SandboxClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, orders: 3000, menuItemsPerTenant: 200 });
  client = new SandboxClient(sandbox);
});
afterAll(() => sandbox.close());

const idsOf = (pages: Page[]) => pages.flatMap((page) => page.data.map((item) => item.id));

describe('pagination on the clean sandbox (spec §4.3)', () => {
  it.each([MENU, ORDERS])(
    'should walk %s to the end without duplicates, full pages until the last',
    async (path) => {
      const pages = await client.walk(path, { limit: 40 });
      const ids = idsOf(pages);
      expect(new Set(ids).size).toBe(ids.length);
      for (const page of pages.slice(0, -1)) {
        expect(page.data).toHaveLength(40);
        expect(page.pagination.hasMore).toBe(true);
        expect(typeof page.pagination.nextPageToken).toBe('string');
      }
      expect(pages.at(-1)?.pagination).toEqual({ nextPageToken: null, hasMore: false });
      expect(pages.length).toBeGreaterThan(3);
    },
  );

  it.each([MENU, ORDERS])('should return the same records for limits 7 and 100 on %s', async (path) => {
    const small = await client.ids(path, { limit: 7 });
    const large = await client.ids(path, { limit: 100 });
    expect(new Set(small)).toEqual(new Set(large));
  });

  it.each([
    [MENU, {}],
    [ORDERS, { status: 'PAID' }],
  ])(
    'should let a walk of %s with %o change its limit page by page (spec §4.3 rule 4 binds filters, not the limit)',
    async (path, filters) => {
      // Arrange: limits taken in turn, the filters the same on every page.
      const limits = [7, 1, 40, 13, 100];
      const ids: string[] = [];
      let cursor: string | undefined;

      // Act
      for (let page = 0; page < 500; page += 1) {
        const limit = limits[page % limits.length] ?? 50;
        const reply = await client.get(path, { ...filters, limit, cursor });
        expect(reply.status).toBe(200);
        expect(reply.body.data?.length).toBeLessThanOrEqual(limit);
        ids.push(...(reply.body.data ?? []).map((item) => item.id));
        if (reply.body.pagination?.hasMore !== true) break;
        cursor = String(reply.body.pagination.nextPageToken);
      }

      // Assert
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(await client.ids(path, { ...filters, limit: 100 })));
    },
  );

  it('should serve 50 records when limit is absent (spec §8)', async () => {
    const reply = await client.get(ORDERS);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(50);
  });

  it('should answer an empty list with exactly data [] and a null token (spec §4.3 rule 7)', async () => {
    const reply = await client.get(MENU, { q: 'no item has this name' });
    expect(reply.body).toEqual({ data: [], pagination: { nextPageToken: null, hasMore: false } });
  });

  it('should put no extra fields in the pagination object (spec §2 Pagination)', async () => {
    const reply = await client.get(ORDERS, { limit: 3 });
    expect(Object.keys(reply.body.pagination ?? {}).sort()).toEqual(['hasMore', 'nextPageToken']);
  });

  it('should keep tenants apart: no record id is listed for two tenants', async () => {
    for (const path of [MENU, ORDERS]) {
      const a = await client.ids(path, { limit: 100 }, client.bearer(0));
      const b = await client.ids(path, { limit: 100 }, client.bearer(1));
      expect(a.filter((id) => b.includes(id))).toEqual([]);
    }
  });
});

describe('cursors on the clean sandbox', () => {
  const firstToken = async (path: string, query = {}, tenant = 0): Promise<string> => {
    const reply = await client.get(path, { limit: 5, ...query }, client.bearer(tenant));
    return String(reply.body.pagination?.nextPageToken);
  };

  it('should accept its own cursor from another key of the same tenant', async () => {
    const token = await firstToken(ORDERS);
    const reply = await client.get(ORDERS, { limit: 5, cursor: token }, client.bearer(0, 'noMenuRead'));
    expect(reply.status).toBe(200);
  });

  it.each([
    ['a flipped character', (t: string) => t.slice(0, 10) + (t[10] === 'A' ? 'B' : 'A') + t.slice(11)],
    [
      'a flipped signature character',
      (t: string) => t.slice(0, -2) + (t.at(-2) === 'A' ? 'B' : 'A') + t.slice(-1),
    ],
    ['truncation', (t: string) => t.slice(0, -3)],
    ['an appended character', (t: string) => `${t}x`],
    ['garbage', () => 'not-a-cursor'],
    [
      'a forged unsigned payload',
      () => `${Buffer.from('{"t":"tenant-a","e":"orders"}').toString('base64url')}.AAAA`,
    ],
  ])('should reject a cursor altered by %s with 400', async (_name, tamper) => {
    const reply = await client.get(ORDERS, { cursor: tamper(await firstToken(ORDERS)) });
    expect(reply.status).toBe(400);
    expectErrorShape(reply, 400);
  });

  it('should reject an empty cursor parameter with 400', async () => {
    expect((await client.get(ORDERS, { cursor: '' })).status).toBe(400);
  });

  it("should reject another tenant's cursor with 400", async () => {
    const token = await firstToken(ORDERS, {}, 1);
    expect((await client.get(ORDERS, { cursor: token })).status).toBe(400);
  });

  it("should reject the other endpoint's cursor with 400", async () => {
    const token = await firstToken(MENU);
    expect((await client.get(ORDERS, { cursor: token })).status).toBe(400);
  });

  it.each([
    [ORDERS, { status: 'CLOSED' }, { status: 'PAID' }],
    [ORDERS, { activeOnly: 'true' }, {}],
    [MENU, { q: 'pizza' }, { q: 'pasta' }],
    [MENU, { salesChannel: 'DELIVERY' }, { salesChannel: 'TAKEAWAY' }],
  ])('should reject a cursor of %s when filters change mid-walk (%o → %o)', async (path, before, after) => {
    const token = await firstToken(path, before);
    expect((await client.get(path, { ...after, cursor: token })).status).toBe(400);
  });

  it('should reject a cursor when locationId changes mid-walk', async () => {
    const [first, second] = client.tenant(0).locations ?? [];
    const token = await firstToken(ORDERS, { locationId: first });
    expect((await client.get(ORDERS, { locationId: second, cursor: token })).status).toBe(400);
  });

  it('should treat activeOnly=false like no activeOnly, so its cursor continues that walk', async () => {
    const token = await firstToken(ORDERS, { activeOnly: 'false' });
    expect((await client.get(ORDERS, { cursor: token })).status).toBe(200);
  });
});
