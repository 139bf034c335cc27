/**
 * The faults in how a menu item is shown, beside the query that found it: each a field computed
 * by a second lookup that forgets what the first one was given (the page, the tenant).
 */
import type { Database } from 'better-sqlite3';
import type { MenuFilter, MenuRow } from '../queries/menu-items.ts';
import type { FaultSet } from './catalogue.ts';

/** What a record is shown for: the filter it was read with (a lost one has the tenant only) and its page. */
interface RecordView {
  filter: MenuFilter | { tenant: number | null };
  page: number;
}

/** Other menu items a search result shows as alike: at most this many. */
const SIMILAR = 3;

/** A menu item's extra fields and the price it shows, as a faulty server computes them. */
export interface MenuRecordFaults {
  /** location-price-first-page-only: past page 1, the item's base price, not the location's; else undefined. */
  price(row: MenuRow, view: RecordView): number | undefined;
  /** foreign-ids-in-search: `similar`, ids of items of the same name in any tenant, on q results. */
  extras(row: MenuRow, view: RecordView): Record<string, unknown>;
  /** names-escaped-with-location: with a location, the name HTML-escaped (a template's helper). */
  name(row: MenuRow, view: RecordView): string;
  /** channel-view-row-ids: with a location and a channel, the id of the location-menu join row. */
  id(row: MenuRow, view: RecordView): string;
}

const located = (view: RecordView): boolean =>
  'location' in view.filter && view.filter.location !== undefined;
const channelled = (view: RecordView): boolean =>
  located(view) && 'channelBit' in view.filter && view.filter.channelBit !== undefined;
const searched = (view: RecordView): boolean => 'search' in view.filter && view.filter.search !== undefined;

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);

export function menuRecordFaults(db: Database, faults: FaultSet): MenuRecordFaults {
  const basePrice = db.prepare('SELECT price FROM menu_items WHERE seq = ?').pluck();
  // The bug: the "similar items" lookup runs over the whole catalogue, not the key's tenant.
  const alike = db
    .prepare(`SELECT id FROM menu_items WHERE name_lc = ? AND seq != ? ORDER BY seq LIMIT ${SIMILAR}`)
    .pluck();
  const basePrices = faults.has('location-price-first-page-only');
  const similar = faults.has('foreign-ids-in-search');
  const escaped = faults.has('names-escaped-with-location');
  const joinIds = faults.has('channel-view-row-ids');
  return {
    price: (row, view) =>
      basePrices && view.page > 1 && located(view) ? (basePrice.get(row.seq) as number) : undefined,
    extras: (row, view) =>
      similar && searched(view) ? { similar: alike.all(row.name.toLowerCase(), row.seq) } : {},
    name: (row, view) => (escaped && located(view) ? escapeHtml(row.name) : row.name),
    // The bug: the query that narrows to a location's channel reads the join table's row id.
    id: (row, view) =>
      joinIds && channelled(view) && 'location' in view.filter
        ? `lmi_${view.filter.location}_${row.seq}`
        : row.id,
  };
}
