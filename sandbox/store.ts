import Database from 'better-sqlite3';
import { buildCatalog, type Catalog } from './catalog.ts';
import { seededRandom } from './random.ts';
import { createIndexes, createTables } from './schema.ts';
import { seedMenuItems, seedOrders } from './seed.ts';
import { StatementCache } from './queries/statements.ts';
import { foldedPerCharacter, relaxedMatch } from './faults/search.ts';

/** The in-memory SQLite store with its seeded data. */
export interface Store {
  db: Database.Database;
  catalog: Catalog;
  statements: StatementCache;
  /** createdAt (seconds) of the newest seeded order; churn creates orders after it. */
  newestCreatedAt: number;
  close(): void;
}

export interface SeedOptions {
  seed: number;
  tenants: number;
  menuItemsPerTenant: number;
  orders: number;
}

/** Text without its diacritics (é is e): what the search-ignores-accents fault compares. */
export const withoutAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

/** Opens an in-memory database and seeds it deterministically from `options.seed`. */
export function openStore(options: SeedOptions): Store {
  const db = new Database(':memory:');
  // In memory there is nothing to make durable; these only remove bookkeeping from bulk inserts.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // Only the search-ignores-accents fault's statements call it.
  db.function('unaccent', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? withoutAccents(text) : text,
  );
  // Only the relaxed-search faults' statements call it (sandbox/faults/search.ts).
  db.function('relaxed_match', { deterministic: true }, relaxedMatch);
  // Only the q-folded-unlike-names fault's statements call it (sandbox/faults/search.ts).
  db.function('case_folded', { deterministic: true }, foldedPerCharacter);
  const random = seededRandom(options.seed);
  const catalog = buildCatalog(random, options.tenants);
  createTables(db);
  const newestCreatedAt = db.transaction(() => {
    seedMenuItems(db, random, catalog, options.menuItemsPerTenant);
    return seedOrders(db, random, catalog, options.orders);
  })();
  createIndexes(db);
  return { db, catalog, statements: new StatementCache(db), newestCreatedAt, close: () => db.close() };
}
