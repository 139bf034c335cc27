import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { expectErrorShape, MENU, ORDERS, SandboxClient, type Item } from './client.ts';

let sandbox: RunningSandbox;
let client: SandboxClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, orders: 3000, menuItemsPerTenant: 200 });
  client = new SandboxClient(sandbox);
});
afterAll(() => sandbox.close());

const records = async (path: string, query = {}, headers = client.bearer(0)): Promise<Item[]> =>
  (await client.walk(path, { limit: 100, ...query }, headers)).flatMap((page) => page.data);

describe('limit validation (spec §4.3 rule 6, §8)', () => {
  it.each(['1', '100', '50'])('should accept limit=%s and serve at most that many', async (limit) => {
    const reply = await client.get(ORDERS, { limit });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toHaveLength(Number(limit));
  });

  // 007 too: a limit is an integer written plainly; other forms' reading is open (harness: advisory).
  it.each(['0', '-1', '1.5', 'abc', '101', '1000', '1e2', '', ' 5', '0x10', '+5', '007'])(
    'should reject limit=%j with 400, never altering it',
    async (limit) => {
      for (const path of [MENU, ORDERS]) {
        const reply = await client.get(path, { limit });
        expect(reply.status).toBe(400);
        expect(String(reply.body.message)).toMatch(/limit/);
      }
    },
  );

  it('should reject a repeated limit with 400', async () => {
    expect((await client.get(`${ORDERS}?limit=5&limit=5`)).status).toBe(400);
  });
});

describe('order filters (spec §4.2)', () => {
  it.each(['OPEN', 'SENT_TO_KITCHEN', 'PAID', 'CLOSED', 'CANCELLED'])(
    'should return only %s orders on every page for status=%s',
    async (status) => {
      const orders = await records(ORDERS, { status });
      expect(orders.length).toBeGreaterThan(0);
      expect(new Set(orders.map((order) => order.status))).toEqual(new Set([status]));
    },
  );

  it('should return exactly the OPEN and SENT_TO_KITCHEN orders for activeOnly=true (spec §3)', async () => {
    const active = await records(ORDERS, { activeOnly: 'true' });
    const open = await records(ORDERS, { status: 'OPEN' });
    const sent = await records(ORDERS, { status: 'SENT_TO_KITCHEN' });
    expect(new Set(active.map((o) => o.id))).toEqual(new Set([...open, ...sent].map((o) => o.id)));
  });

  it('should treat activeOnly=false as no restriction', async () => {
    const all = await records(ORDERS);
    expect(await records(ORDERS, { activeOnly: 'false' })).toHaveLength(all.length);
    expect(new Set(all.map((order) => order.status)).size).toBe(5);
  });

  it('should intersect status and activeOnly=true', async () => {
    const both = await records(ORDERS, { status: 'OPEN', activeOnly: 'true' });
    expect(both).toHaveLength((await records(ORDERS, { status: 'OPEN' })).length);
    expect(await records(ORDERS, { status: 'PAID', activeOnly: 'true' })).toEqual([]);
  });

  it.each([
    ['status', 'open'],
    ['status', 'ACTIVE'],
    ['activeOnly', 'TRUE'],
    ['activeOnly', '1'],
    ['activeOnly', 'yes'],
    ['activeOnly', ''],
  ])('should reject %s=%j with 400', async (name, value) => {
    expect((await client.get(ORDERS, { [name]: value })).status).toBe(400);
  });

  it('should return only orders of the given location', async () => {
    const location = client.tenant(0).locations?.[1];
    const orders = await records(ORDERS, { locationId: location });
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(orders.map((order) => order.locationId))).toEqual(new Set([location]));
  });
});

describe('menu filters (spec §4.1)', () => {
  it.each(['ACTIVE', 'STOP_LIST', 'ARCHIVED'])(
    'should return only %s items for status=%s',
    async (status) => {
      const items = await records(MENU, { status });
      expect(items.length).toBeGreaterThan(0);
      expect(new Set(items.map((item) => item.status))).toEqual(new Set([status]));
    },
  );

  it('should list items without SKU as sku null', async () => {
    expect((await records(MENU)).some((item) => item.sku === null)).toBe(true);
  });

  it('should search names case-insensitively', async () => {
    const lower = await records(MENU, { q: 'margherita' });
    const mixed = await records(MENU, { q: 'mARGHERita' });
    expect(lower.length).toBeGreaterThan(0);
    expect(mixed).toEqual(lower);
    expect(lower.every((item) => String(item.name).toLowerCase().includes('margherita'))).toBe(true);
  });

  it('should search SKUs case-insensitively', async () => {
    const withSku = (await records(MENU)).find((item) => typeof item.sku === 'string');
    const sku = String(withSku?.sku);
    const found = await records(MENU, { q: sku.toLowerCase() });
    expect(found.map((item) => item.id)).toContain(withSku?.id);
  });

  it('should return only items of the given category', async () => {
    const category = client.tenant(0).categories?.[0];
    const items = await records(MENU, { categoryId: category });
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.categoryId))).toEqual(new Set([category]));
  });

  it("should show a location's prices and hide items not visible there", async () => {
    const all = await records(MENU);
    const atLocation = await records(MENU, { locationId: client.tenant(0).locations?.[0] });
    expect(atLocation.length).toBeGreaterThan(0);
    expect(atLocation.length).toBeLessThan(all.length);
    const basePrice = new Map(all.map((item) => [item.id, JSON.stringify(item.price)]));
    expect(atLocation.some((item) => basePrice.get(item.id) !== JSON.stringify(item.price))).toBe(true);
  });

  it.each(['DINE_IN', 'TAKEAWAY', 'DELIVERY'])(
    'should return only items visible in %s',
    async (salesChannel) => {
      const items = await records(MENU, { salesChannel });
      const all = await records(MENU);
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBeLessThan(all.length);
      expect(items.every((item) => (item.channelVisibility as Record<string, boolean>)[salesChannel])).toBe(
        true,
      );
    },
  );

  it.each([
    ['salesChannel', 'dine_in'],
    ['salesChannel', 'ONLINE'],
    ['status', 'active'],
    ['categoryId', ''],
    ['locationId', ''],
  ])('should reject %s=%j with 400', async (name, value) => {
    expect((await client.get(MENU, { [name]: value })).status).toBe(400);
  });
});

describe('tenant boundary (spec §5: 404 outside the tenant)', () => {
  it.each([
    [MENU, 'categoryId', 'categories'],
    [MENU, 'locationId', 'locations'],
    [ORDERS, 'locationId', 'locations'],
  ] as const)("should answer %s with another tenant's %s as 404", async (path, parameter, list) => {
    const foreign = client.tenant(1)[list]?.[0];
    const reply = await client.get(path, { [parameter]: foreign });
    expectErrorShape(reply, 404);
    expect((await client.get(path, { [parameter]: 'loc_does_not_exist' })).status).toBe(404);
  });

  it("should not return another tenant's items for a search", async () => {
    const own = new Set((await records(MENU, {}, client.bearer(1))).map((item) => item.id));
    const found = await records(MENU, { q: 'a' }, client.bearer(1));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((item) => own.has(item.id))).toBe(true);
  });
});
