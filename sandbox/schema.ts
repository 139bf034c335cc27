import type { Database } from 'better-sqlite3';
import { FIRST_INACTIVE_ORDER_STATUS } from './domain.ts';

/**
 * Tables of the in-memory store. Tenants, locations and categories are small integers here; their
 * public string ids live in the catalog (sandbox/seed.ts). Ids of orders are derived from seq by a
 * 32-bit multiplicative hash, which is a bijection, so they are unique without being stored.
 */
const TABLES = `
CREATE TABLE menu_items (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL,
  tenant INTEGER NOT NULL,
  category INTEGER NOT NULL,
  name TEXT NOT NULL,
  name_lc TEXT NOT NULL,
  sku TEXT,
  sku_lc TEXT,
  status INTEGER NOT NULL,
  price INTEGER NOT NULL,
  channels INTEGER NOT NULL
);
CREATE TABLE menu_item_locations (
  item INTEGER NOT NULL,
  location INTEGER NOT NULL,
  price INTEGER NOT NULL,
  visible INTEGER NOT NULL,
  channels INTEGER NOT NULL,
  PRIMARY KEY (item, location)
) WITHOUT ROWID;
CREATE TABLE orders (
  seq INTEGER PRIMARY KEY,
  id TEXT GENERATED ALWAYS AS (printf('ord_%08x', (seq * 2654435761) % 4294967296)) VIRTUAL,
  tenant INTEGER NOT NULL,
  number TEXT,
  status INTEGER NOT NULL,
  location INTEGER,
  created_at INTEGER NOT NULL,
  active INTEGER GENERATED ALWAYS AS (status < ${FIRST_INACTIVE_ORDER_STATUS}) VIRTUAL
);
`;

/**
 * Created after the bulk insert (faster than maintaining them row by row). Each list query has an
 * index whose prefix is its equality filters and whose tail is its sort key, so a keyset page is
 * an index range scan: page 1000 costs what page 1 costs.
 */
const INDEXES = `
CREATE INDEX menu_by_name ON menu_items (tenant, name, seq);
CREATE INDEX orders_by_time ON orders (tenant, created_at, seq);
CREATE INDEX orders_by_status ON orders (tenant, status, created_at, seq);
CREATE INDEX orders_by_active ON orders (tenant, active, created_at, seq);
CREATE INDEX orders_by_location ON orders (tenant, location, created_at, seq);
`;

export function createTables(db: Database): void {
  db.exec(TABLES);
}

export function createIndexes(db: Database): void {
  db.exec(INDEXES);
}
