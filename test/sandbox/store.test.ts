import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMenuItems, type MenuFilter } from '../../sandbox/queries/menu-items.ts';
import { listOrders, type OrderFilter } from '../../sandbox/queries/orders.ts';
import type { Statements } from '../../sandbox/queries/statements.ts';
import { openStore, type Store } from '../../sandbox/store.ts';

let store: Store;

beforeAll(() => {
  store = openStore({ seed: 5, tenants: 3, menuItemsPerTenant: 300, orders: 20_000 });
});
afterAll(() => store.close());

const all = (sql: string, ...params: unknown[]) =>
  store.db.prepare(sql).all(...params) as Record<string, unknown>[];
const one = (sql: string, ...params: unknown[]) =>
  store.db
    .prepare(sql)
    .pluck()
    .get(...params);

describe('seeded data', () => {
  it('should be identical for the same seed and differ for another', () => {
    const digest = (s: Store) =>
      JSON.stringify([
        s.db.prepare('SELECT * FROM orders ORDER BY seq LIMIT 500').all(),
        s.db.prepare('SELECT * FROM menu_items ORDER BY seq').all(),
        s.catalog.tenants,
      ]);
    const same = openStore({ seed: 5, tenants: 3, menuItemsPerTenant: 300, orders: 500 });
    const other = openStore({ seed: 6, tenants: 3, menuItemsPerTenant: 300, orders: 500 });
    expect(digest(same)).toBe(
      digest(openStore({ seed: 5, tenants: 3, menuItemsPerTenant: 300, orders: 500 })),
    );
    expect(digest(other)).not.toBe(digest(same));
    same.close();
    other.close();
  });

  it('should give every tenant several locations and categories, and unique ids', () => {
    for (const tenant of store.catalog.tenants) {
      expect(tenant.locations.length).toBeGreaterThanOrEqual(3);
      expect(tenant.categories.length).toBeGreaterThanOrEqual(5);
    }
    const ids = [...store.catalog.locationById.keys(), ...store.catalog.categoryById.keys()];
    expect(new Set(ids).size).toBe(ids.length);
    expect(one('SELECT COUNT(DISTINCT id) = COUNT(*) FROM orders')).toBe(1);
    expect(one('SELECT COUNT(DISTINCT id) = COUNT(*) FROM menu_items')).toBe(1);
  });

  it('should cover every status, null SKUs, null locations and null numbers in every tenant', () => {
    for (const { code } of store.catalog.tenants) {
      expect(one('SELECT COUNT(DISTINCT status) FROM orders WHERE tenant = ?', code)).toBe(5);
      expect(one('SELECT COUNT(DISTINCT status) FROM menu_items WHERE tenant = ?', code)).toBe(3);
      expect(one('SELECT COUNT(*) FROM menu_items WHERE tenant = ? AND sku IS NULL', code)).toBeGreaterThan(
        0,
      );
      expect(one('SELECT COUNT(*) FROM orders WHERE tenant = ? AND location IS NULL', code)).toBeGreaterThan(
        0,
      );
      expect(one('SELECT COUNT(*) FROM orders WHERE tenant = ? AND number IS NULL', code)).toBeGreaterThan(0);
    }
  });

  it('should vary price, visibility and channels per location', () => {
    const rows = all(
      'SELECT l.price != m.price AS priced, l.visible, l.channels FROM menu_item_locations l JOIN menu_items m ON m.seq = l.item',
    );
    expect(rows.some((row) => row.priced === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.visible))).toEqual(new Set([0, 1]));
    expect(new Set(rows.map((row) => row.channels)).size).toBe(8);
  });

  it('should share names and createdAt seconds between records, so sort keys alone are not unique', () => {
    expect(one('SELECT COUNT(*) - COUNT(DISTINCT name) FROM menu_items WHERE tenant = 1')).toBeGreaterThan(0);
    expect(one('SELECT COUNT(*) - COUNT(DISTINCT created_at) FROM orders WHERE tenant = 1')).toBeGreaterThan(
      0,
    );
  });
});

const plan = (sql: string, params: unknown[]) =>
  (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[])
    .map((row) => row.detail)
    .join(' | ');

describe('keyset pagination: page 1000 costs what page 1 costs', () => {
  const location = () => store.catalog.tenants[0]?.locations[0]?.code;
  const category = () => store.catalog.tenants[0]?.categories[0]?.code;

  /** Captures the SQL a list query runs, by running it against a recording statement cache. */
  function sqlOf(run: (recorder: Statements) => void) {
    const seen: { sql: string; params: unknown[] }[] = [];
    const all = (sql: string) => (params: unknown[]) => {
      seen.push({ sql, params });
      return [];
    };
    run({ get: (sql) => ({ all: all(sql) }) });
    return seen[0] ?? { sql: '', params: [] };
  }

  it.each<[string, () => OrderFilter]>([
    ['no filter', () => ({ tenant: 1 })],
    ['status', () => ({ tenant: 1, statuses: [3] })],
    ['activeOnly', () => ({ tenant: 1, statuses: [0, 1] })],
    ['location', () => ({ tenant: 1, location: location() })],
    ['location and status', () => ({ tenant: 1, location: location(), statuses: [4] })],
  ])('should read orders (%s) by an index range, never a sort', (_name, filter) => {
    const { sql, params } = sqlOf((cache) =>
      listOrders(cache, filter(), { kind: 'after', key: [2e9, 5] }, 'exclusive', 51),
    );
    const detail = plan(sql, params);
    expect(detail).toMatch(/SEARCH orders USING INDEX/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it.each<[string, () => MenuFilter]>([
    ['no filter', () => ({ tenant: 1 })],
    ['category and status', () => ({ tenant: 1, category: category(), status: 1 })],
    ['location and channel', () => ({ tenant: 1, location: location(), channelBit: 2 })],
    ['search', () => ({ tenant: 1, search: { text: 'pi', caseSensitive: false, matchSku: true } })],
  ])('should read menu items (%s) by an index range, never a sort', (_name, filter) => {
    const { sql, params } = sqlOf((cache) =>
      listMenuItems(cache, filter(), { kind: 'after', key: ['M', 5] }, 'exclusive', 51),
    );
    const detail = plan(sql, params);
    expect(detail).toMatch(/SEARCH m USING (COVERING )?INDEX menu_by_name/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  // Speed is the bench's to measure; what makes a deep page cost what the first costs is here:
  // the cursor's key bounds the index range the query reads, and nothing skips rows (no OFFSET).
  it('should start a deep page at its cursor key in the index, never skip rows to it', () => {
    const deepKey = all(
      'SELECT created_at, seq FROM orders WHERE tenant = 1 ORDER BY created_at DESC, seq DESC LIMIT 1 OFFSET 1000',
    )[0];
    const deep = sqlOf((cache) =>
      listOrders(
        cache,
        { tenant: 1 },
        { kind: 'after', key: [Number(deepKey?.created_at), Number(deepKey?.seq)] },
        'exclusive',
        51,
      ),
    );
    expect(deep.sql).not.toMatch(/OFFSET/i);
    expect(plan(deep.sql, deep.params)).toMatch(
      /SEARCH orders USING INDEX \w+ \(tenant=\? AND created_at<\?\)/,
    );
    const items = sqlOf((cache) =>
      listMenuItems(cache, { tenant: 1 }, { kind: 'after', key: ['M', 5] }, 'exclusive', 51),
    );
    expect(items.sql).not.toMatch(/OFFSET/i);
    expect(plan(items.sql, items.params)).toMatch(
      /SEARCH m USING (COVERING )?INDEX menu_by_name \(tenant=\? AND name>\?\)/,
    );
  });
});
