import type { Tenant } from './catalog.ts';
import { ORDER_STATUSES, MENU_STATUSES } from './domain.ts';
import { seededRandom, type Random } from './random.ts';
import type { Store } from './store.ts';

const TICK_MS = 100;
/** Only the newest orders move, as in a restaurant at lunch: old ones are long closed. */
const RECENT_WINDOW = 50;

const status = (name: (typeof ORDER_STATUSES)[number]): number => ORDER_STATUSES.indexOf(name);
const [ACTIVE, STOP_LIST] = [MENU_STATUSES.indexOf('ACTIVE'), MENU_STATUSES.indexOf('STOP_LIST')];

/** The tenants churn writes to: all but the last, which stays quiescent for order-sensitive checks. */
export function churnedTenants(tenants: readonly Tenant[]): Tenant[] {
  return tenants.slice(0, -1);
}

function orderEvents(store: Store, random: Random, tenants: readonly Tenant[]) {
  const { db } = store;
  const insert = db.prepare(
    'INSERT INTO orders (tenant, number, status, location, created_at) VALUES (?,?,0,?,?)',
  );
  const pickByStatus = db
    .prepare(
      'SELECT seq FROM orders WHERE tenant = ? AND status = ? ORDER BY created_at DESC, seq DESC LIMIT 1 OFFSET ?',
    )
    .pluck();
  const setStatus = db.prepare('UPDATE orders SET status = ? WHERE seq = ?');
  const countOrders = db.prepare('SELECT COUNT(*) FROM orders WHERE tenant = ?').pluck();
  const numbers = new Map(tenants.map((t) => [t.code, 1000 + (countOrders.get(t.code) as number)]));
  let newest = store.newestCreatedAt;
  return {
    create(tenant: Tenant): void {
      newest = Math.max(newest, Math.floor(Date.now() / 1000));
      const number = (numbers.get(tenant.code) ?? 1000) + 1;
      numbers.set(tenant.code, number);
      const location = random.chance(0.92) ? random.pick(tenant.locations).code : null;
      insert.run(tenant.code, `#${number}`, location, newest);
    },
    /** OPEN → SENT_TO_KITCHEN (or CANCELLED), SENT_TO_KITCHEN → PAID, PAID → CLOSED. */
    advance(tenant: Tenant): void {
      const from = random.int(3);
      const seq = pickByStatus.get(tenant.code, from, random.int(RECENT_WINDOW)) as number | undefined;
      if (seq === undefined) return;
      const to = from === status('OPEN') && random.chance(0.2) ? status('CANCELLED') : from + 1;
      setStatus.run(to, seq);
    },
  };
}

function menuEvents(store: Store, random: Random) {
  const { db } = store;
  const pick = db.prepare('SELECT seq, status FROM menu_items WHERE tenant = ? LIMIT 1 OFFSET ?');
  const countItems = db.prepare('SELECT COUNT(*) FROM menu_items WHERE tenant = ?').pluck();
  const setStatus = db.prepare('UPDATE menu_items SET status = ? WHERE seq = ?');
  return {
    /** Puts an item on the stop list (sold out) or takes it off again. */
    toggleStopList(tenant: Tenant): void {
      const count = countItems.get(tenant.code) as number;
      const item = pick.get(tenant.code, random.int(count)) as { seq: number; status: number } | undefined;
      if (item === undefined || (item.status !== ACTIVE && item.status !== STOP_LIST)) return;
      setStatus.run(item.status === ACTIVE ? STOP_LIST : ACTIVE, item.seq);
    },
  };
}

/**
 * Changes data in the background at `eventsPerSecond`: new orders (40%), orders moving on through
 * their states (45%), menu items on and off the stop list (15%). Returns a function that stops it.
 */
export function startChurn(store: Store, eventsPerSecond: number, seed: number): () => void {
  const tenants = churnedTenants(store.catalog.tenants);
  if (eventsPerSecond <= 0 || tenants.length === 0) return () => {};
  const random = seededRandom(seed + 1);
  const orders = orderEvents(store, random, tenants);
  const menu = menuEvents(store, random);
  let budget = 0;
  const timer = setInterval(() => {
    // Never catch up on missed ticks in a burst: a stalled event loop just means fewer events.
    budget = Math.min(budget + (eventsPerSecond * TICK_MS) / 1000, Math.max(1, eventsPerSecond));
    for (; budget >= 1; budget--) {
      const tenant = random.pick(tenants);
      const roll = random.next();
      if (roll < 0.4) orders.create(tenant);
      else if (roll < 0.85) orders.advance(tenant);
      else menu.toggleStopList(tenant);
    }
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
