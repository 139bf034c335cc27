import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import {
  ALL_CHANNELS_MASK,
  channelNames,
  CURRENCY,
  MENU_STATUSES,
  SALES_CHANNELS,
  SCOPES,
} from '../domain.ts';
import { listMenuItems, menuSortKey, type MenuFilter, type MenuRow } from '../queries/menu-items.ts';
import { parseEnum, parseId, parseLimit, parseSearch, type RawQuery } from '../validate.ts';
import { admit, resolvePlace } from './admit.ts';
import { buildPage, keysetMode, readCursor, walkBinding } from './paging.ts';
import { sendPage } from './send-page.ts';

const MENU_SCOPES = [SCOPES.public, SCOPES.menu];
// One frozen visibility object per channel mask, shared by every response instead of rebuilt per item.
const VISIBILITY = Array.from({ length: ALL_CHANNELS_MASK + 1 }, (_, mask) =>
  Object.freeze(channelNames(mask)),
);

function menuItemView(ctx: SandboxContext) {
  const { categoryIds } = ctx.store.catalog;
  return (row: MenuRow) => ({
    id: row.id,
    name: row.name,
    sku: row.sku,
    status: MENU_STATUSES[row.status],
    categoryId: categoryIds.get(row.category) ?? null,
    price: { amount: row.price, currency: CURRENCY },
    channelVisibility: VISIBILITY[row.channels],
  });
}

/** GET /public/menu/items (spec §4.1, operation listPublicMenuItems). */
export function registerMenuItems(app: FastifyInstance, ctx: SandboxContext): void {
  const { faults, store } = ctx;
  const toJson = menuItemView(ctx);
  const countItems = store.db.prepare('SELECT COUNT(*) AS n FROM menu_items WHERE tenant = ?').pluck();
  app.get('/api/v1/public/menu/items', async (request, reply) => {
    const key = await admit(ctx, request, reply, MENU_SCOPES);
    const query = request.query as RawQuery;
    const limit = parseLimit(query, faults);
    const cursor = parseId(query, 'cursor', Infinity);
    const q = parseSearch(query);
    const categoryId = parseId(query, 'categoryId');
    const locationId = parseId(query, 'locationId');
    const status = parseEnum(query, 'status', MENU_STATUSES);
    const salesChannel = parseEnum(query, 'salesChannel', SALES_CHANNELS);
    const { categoryById, locationById } = store.catalog;
    const category = resolvePlace(
      categoryById,
      categoryId,
      key.tenant,
      'categoryId',
      faults.has('foreign-category'),
    );
    const location = resolvePlace(
      locationById,
      locationId,
      key.tenant,
      'locationId',
      faults.has('foreign-location'),
    );
    const binding = walkBinding(key.tenant, 'menu', [q, categoryId, locationId, status, salesChannel]);
    const walk = readCursor(ctx, cursor, binding, 'string');
    // With the foreign-* faults the query trusts the tenant of the named location or category.
    const tenantCode = location?.tenant ?? category?.tenant ?? walk.tenant.code;
    const filter: MenuFilter =
      faults.has('filter-lost-on-later-pages') && walk.page > 1
        ? { tenant: tenantCode }
        : {
            tenant: q !== undefined && faults.has('search-leak') ? null : tenantCode,
            category: category?.code,
            location: location?.code,
            status: status === undefined ? undefined : MENU_STATUSES.indexOf(status),
            channelBit: salesChannel === undefined ? undefined : SALES_CHANNELS.indexOf(salesChannel),
            search: q === undefined ? undefined : searchFor(q, faults.has('q-case-sensitive')),
          };
    return sendPage(ctx, request, reply, walk.page, () => {
      const rows = listMenuItems(store.statements, filter, walk.start, keysetMode(faults), limit + 1);
      return buildPage(ctx, rows, limit, walk, binding, {
        sortKey: menuSortKey,
        toJson,
        total: () => countItems.get(tenantCode) as number,
      });
    });
  });
}

/** q is case-insensitive on name or SKU (spec §4.1); the q-case-sensitive fault breaks both halves. */
function searchFor(q: string, caseSensitive: boolean) {
  return caseSensitive
    ? { text: q, caseSensitive, matchSku: false }
    : { text: q.toLowerCase(), caseSensitive, matchSku: true };
}
