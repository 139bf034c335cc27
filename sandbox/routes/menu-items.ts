import type { SandboxContext } from '../context.ts';
import {
  ALL_CHANNELS_MASK,
  channelNames,
  CURRENCY,
  MENU_STATUSES,
  SALES_CHANNELS,
  SCOPES,
} from '../domain.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import { listMenuItems, menuSortKey, type MenuFilter, type MenuRow } from '../queries/menu-items.ts';
import { parseEnum, parseId, parseSearch, type RawQuery } from '../validate.ts';
import { lastOffByOne, resolvePlace } from './admit.ts';
import type { ListEndpoint, ListFilters } from './list-route.ts';
import type { ApiKey } from '../auth.ts';
import { menuRecordFaults } from '../faults/records.ts';
import { relaxedSearch } from '../faults/search.ts';

// One frozen visibility object per channel mask, shared by every response instead of rebuilt per item.
const VISIBILITY = Array.from({ length: ALL_CHANNELS_MASK + 1 }, (_, mask) =>
  Object.freeze(channelNames(mask)),
);

/** The search-quotes-escaped fault: q escaped for SQL text, then bound as a parameter all the same. */
const sqlEscaped = (q: string): string => q.replace(/'/g, "''").replace(/"/g, '\\"');

/** The search-truncates-q fault's cut: the search index holds this many characters of q. */
const TRUNCATED_Q_LENGTH = 16;

/** q as the search reads it: under search-quotes-escaped escaped, under search-truncates-q cut short. */
function searchText(q: string, faults: FaultSet): string {
  const escaped = faults.has('search-quotes-escaped') ? sqlEscaped(q) : q;
  return faults.has('search-truncates-q') ? escaped.slice(0, TRUNCATED_Q_LENGTH) : escaped;
}

/** q is case-insensitive on name or SKU (spec §4.1); the q-case-sensitive fault breaks both halves. */
function searchFor(q: string, faults: FaultSet) {
  return faults.has('q-case-sensitive')
    ? { text: q, caseSensitive: true, matchSku: false }
    : {
        text: searchText(q, faults).toLowerCase(),
        caseSensitive: false,
        matchSku: true,
        like: faults.has('q-like-wildcards'),
        unaccent: faults.has('search-ignores-accents'),
        words: faults.has('search-words-any-order'),
        foldedNames: faults.has('q-folded-unlike-names'),
        relaxed: relaxedSearch(faults),
      };
}

function readMenuFilters(ctx: SandboxContext, query: RawQuery, key: ApiKey): ListFilters<MenuFilter> {
  const q = parseSearch(query);
  const categoryId = parseId(query, 'categoryId');
  const locationId = parseId(query, 'locationId');
  const status = parseEnum(query, 'status', MENU_STATUSES);
  const salesChannel = parseEnum(query, 'salesChannel', SALES_CHANNELS);
  const category = resolvePlace(ctx, 'categoryId', categoryId, key.tenant);
  const location = resolvePlace(ctx, 'locationId', locationId, key.tenant);
  return {
    bound: [q, categoryId, locationId, status, salesChannel],
    placeTenant: location?.tenant ?? category?.tenant,
    build: (tenant) => ({
      // The search-leak fault: the search query forgets the tenant predicate.
      tenant: q !== undefined && ctx.faults.has('search-leak') ? null : tenant,
      category: category?.code,
      location: location?.code,
      status:
        status === undefined
          ? undefined
          : lastOffByOne(MENU_STATUSES.indexOf(status), MENU_STATUSES, ctx.faults),
      channelBit: salesChannel === undefined ? undefined : SALES_CHANNELS.indexOf(salesChannel),
      search: q === undefined ? undefined : searchFor(q, ctx.faults),
    }),
  };
}

/**
 * The price a menu item shows. The record-drifts-on-read fault writes each read back into the
 * record, as a location price computed onto the shared row would: every read raises it by a cent.
 */
function pricer(faults: FaultSet): (row: MenuRow) => number {
  if (!faults.has('record-drifts-on-read')) return (row) => row.price;
  const reads = new Map<string, number>();
  return (row) => {
    const read = (reads.get(row.id) ?? 0) + 1;
    reads.set(row.id, read);
    return row.price + read;
  };
}

/** GET /public/menu/items (spec §4.1, operation listPublicMenuItems). */
export function menuItemsEndpoint(ctx: SandboxContext): ListEndpoint<MenuFilter, MenuRow> {
  const { categoryIds } = ctx.store.catalog;
  const priceOf = pricer(ctx.faults);
  const faulty = menuRecordFaults(ctx.store.db, ctx.faults);
  return {
    path: '/public/menu/items',
    endpoint: 'menu',
    scopes: [SCOPES.public, SCOPES.menu],
    sortValueType: 'string',
    readFilters: (query, key) => readMenuFilters(ctx, query, key),
    list: listMenuItems,
    sortKey: menuSortKey,
    toJson: (row, view) => ({
      id: faulty.id(row, view),
      name: faulty.name(row, view),
      sku: row.sku,
      status: MENU_STATUSES[row.status],
      categoryId: categoryIds.get(row.category) ?? null,
      price: { amount: faulty.price(row, view) ?? priceOf(row), currency: CURRENCY },
      channelVisibility: VISIBILITY[row.channels],
      ...faulty.extras(row, view),
    }),
    countSql: 'SELECT COUNT(*) FROM menu_items WHERE tenant = ?',
  };
}
