import type { Database } from 'better-sqlite3';
import type { Catalog, Place, Tenant } from './catalog.ts';
import { ALL_CHANNELS_MASK } from './domain.ts';
import type { Random } from './random.ts';

const DISHES = [
  'Margherita',
  'Diavola',
  'Quattro Formaggi',
  'Calzone',
  'Spaghetti Carbonara',
  'Penne Arrabbiata',
  'Lasagne',
  'Risotto ai Funghi',
  'Caesar Salad',
  'Greek Salad',
  'Crème Brûlée',
  'Tiramisu',
  'Panna Cotta',
  'Jalapeño Poppers',
  'Garlic Bread',
  'French Fries',
  'Onion Rings',
  'Club Sandwich',
  'Cheeseburger',
  'Veggie Burger',
  'Fish & Chips',
  'Chicken Wings',
  'Nachos',
  'Bruschetta',
  'Minestrone',
  'Tom Yum',
  'Pad Thai',
  'Ramen',
  'Gyoza',
  'Falafel Wrap',
  'Espresso',
  'Cappuccino',
  'Flat White',
  'Latte Macchiato',
  // Names with the characters HTML escapes (& < > " '), so a server that escapes them somewhere
  // (names-escaped-with-location) shows it; each keeps its first two letters (the SKU's prefix).
  "Iced Tea 'Peach'",
  'Lemonade "Homemade"',
  'Cola <0.33 l>',
  'Sparkling Water',
  'Apfelstrudel',
  'Käsespätzle',
  // Names with the characters a query string gives meaning to (& = # ; ? / + %), each between
  // other text and each in two names (so every tenant has most likely both), so a server that
  // decodes the query before splitting it (q-decoded-before-split) shows it; and letters whose
  // case maps irregularly (ß is SS, ς is σ, ı is I, İ is i̇), two names each, so one that folds
  // names otherwise than q (q-folded-unlike-names) shows it.
  'Mac & Cheese',
  'Meal Deal = Burger + Drink',
  'Combo #2: Wings; Dip',
  'Kids Menu #1: Nuggets + Juice',
  'Tapas; Olives/Almonds',
  'Half/Half Pizza',
  'Soup of the Day? Ask Us',
  'Deal? Pizza = 2 Slices',
  '70% Cacao Mousse',
  '100% Beef Burger',
  'Weißwurst',
  'Süßkartoffel Fries',
  'Γύρος Πίτα',
  'Σουβλάκι Χοιρινός',
  'Kısır',
  'Acılı Ezme',
  'İskender Kebap',
  'İçli Köfte',
];
const VARIANTS = ['', '', '', ' Small', ' Large', ' Vegan'];
/**
 * How much more often an item is in a tenant's second category (Mains) than in each other: menus
 * are uneven, and so a category holds more than a page of 51 to 100 records at the default size
 * (300 items; a third to a quarter of them) on every tenant, the quiescent one included.
 */
const MAINS_WEIGHT = 2;
/** Relative weights of ORDER_STATUSES: a few live orders, most of the history closed. */
const ORDER_STATUS_WEIGHTS = [8, 7, 10, 65, 10];
const SEED_EPOCH_SECONDS = Date.UTC(2026, 0, 1) / 1000;

/** Opaque, unique id from a sequence number (32-bit multiplicative hash, a bijection). */
function hashedId(prefix: string, seq: number): string {
  return `${prefix}_${(Math.imul(seq, 2654435761) >>> 0).toString(16).padStart(8, '0')}`;
}

function randomMask(random: Random, probability: number): number {
  let mask = 0;
  for (let bit = 1; bit <= ALL_CHANNELS_MASK; bit <<= 1) if (random.chance(probability)) mask |= bit;
  return mask;
}

function weighted(random: Random, weights: readonly number[]): number {
  let roll = random.next() * weights.reduce((a, b) => a + b, 0);
  for (let index = 0; index < weights.length; index++) {
    roll -= weights[index] ?? 0;
    if (roll < 0) return index;
  }
  return weights.length - 1;
}

/** Relative weights of a tenant's categories (MAINS_WEIGHT); picked with one draw, as a uniform pick. */
const categoryWeights = (tenant: Tenant): number[] =>
  tenant.categories.map((_, index) => (index === 1 ? MAINS_WEIGHT : 1));

export function seedMenuItems(db: Database, random: Random, catalog: Catalog, perTenant: number): void {
  const insertItem = db.prepare(
    'INSERT INTO menu_items (seq, id, tenant, category, name, name_lc, sku, sku_lc, status, price, channels) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
  );
  const insertAt = db.prepare('INSERT INTO menu_item_locations VALUES (?,?,?,?,?)');
  let seq = 0;
  for (const tenant of catalog.tenants) {
    const categories = categoryWeights(tenant);
    for (let index = 0; index < perTenant; index++) {
      seq++;
      const name = random.pick(DISHES) + random.pick(VARIANTS);
      const sku = random.chance(0.85)
        ? `${name.slice(0, 2).toUpperCase()}-${1000 + index}${random.pick(['a', 'b', 'x'])}`
        : null;
      const price = 300 + random.int(270) * 10;
      const channels = randomMask(random, 0.85);
      const status = weighted(random, [80, 12, 8]);
      const category = (tenant.categories[weighted(random, categories)] as Place).code;
      insertItem.run(
        seq,
        hashedId('itm', seq),
        tenant.code,
        category,
        name,
        name.toLowerCase(),
        sku,
        sku?.toLowerCase() ?? null,
        status,
        price,
        channels,
      );
      for (const location of tenant.locations) {
        const visible = random.chance(0.85) ? 1 : 0;
        insertAt.run(
          seq,
          location.code,
          price + (random.int(21) - 5) * 10,
          visible,
          channels & randomMask(random, 0.8),
        );
      }
    }
  }
}

/** Seeds orders with one prepared statement; returns the newest createdAt (seconds). */
export function seedOrders(db: Database, random: Random, catalog: Catalog, count: number): number {
  const insert = db.prepare(
    'INSERT INTO orders (seq, tenant, number, status, location, created_at) VALUES (?,?,?,?,?,?)',
  );
  // Earlier tenants are bigger (3:2:1 for three), so tenants differ in size as real ones do.
  const weights = catalog.tenants.map((_, index) => catalog.tenants.length - index);
  const numbers = catalog.tenants.map(() => 1000);
  let createdAt = SEED_EPOCH_SECONDS;
  for (let seq = 1; seq <= count; seq++) {
    const tenantIndex = weighted(random, weights);
    const tenant = catalog.tenants[tenantIndex] as Tenant;
    // 0, 1 or 2 seconds apart: many orders share a second, so createdAt alone is not a unique key.
    createdAt += random.int(3);
    const number = (numbers[tenantIndex] = (numbers[tenantIndex] ?? 0) + 1);
    const location = random.chance(0.92) ? random.pick(tenant.locations).code : null;
    const label = random.chance(0.9) ? `#${number}` : null;
    insert.run(seq, tenant.code, label, weighted(random, ORDER_STATUS_WEIGHTS), location, createdAt);
  }
  return createdAt;
}
