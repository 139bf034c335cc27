import { canonicalJson } from '../canonical-json.ts';
import type { Endpoint } from '../contract/endpoints.ts';
import type { Query } from '../http/call.ts';
import type { WalkSetCheck } from './types.ts';

export interface RecordViews {
  endpoint: Endpoint;
  /** The request in words: filters, limit and scheme, e.g. `locationId=L&limit=7 via bearer`. */
  view: string;
  /** The walk's filters (limit and cursor aside): which fields may depend on them. */
  filters: Query;
  /** The unfiltered list's records by id (the survey's walk: no filter, limit 100, bearer). */
  unfiltered: ReadonlyMap<string, Record<string, unknown>>;
  /** Whether `unfiltered` is the whole list (the survey read it to its end): then every view is a subset. */
  complete: boolean;
  /** Each record the filtered walk returned, by id, on every page. */
  received: ReadonlyMap<string, Record<string, unknown>>;
}

/**
 * Fields a menu item may show differently with a locationId or salesChannel: spec §2 "when a
 * location is given, prices, visibility and channel visibility in the response are those of that
 * location", and §4.1 salesChannel "selects channel visibility". Which fields carry them is not
 * shown (further fields of MenuItem: not shown), so they are read by name: a price, a visibility
 * or availability, a channel's. `status` is among them: STOP_LIST is a location's stop list (an
 * item not orderable there), which is its visibility at that location; an item's own `location`
 * field may name the location asked for. Every other field (id, name, sku, category, …) is the
 * record's, whatever the request.
 */
const LOCATION_DEPENDENT = /price|amount|visib|avail|channel|status|location/i;

const hasValue = (query: Query, name: string): boolean => (query[name] ?? '') !== '';

/** Whether `field` may differ from the unfiltered record's in this view (LOCATION_DEPENDENT). */
function mayDependOnView(endpoint: Endpoint, filters: Query, field: string): boolean {
  if (endpoint !== 'menuItems') return false;
  const located = hasValue(filters, 'locationId') || hasValue(filters, 'salesChannel');
  return located && LOCATION_DEPENDENT.test(field);
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** The first record of `received` with a field the unfiltered record shows otherwise. */
function firstDifference({ endpoint, filters, unfiltered, received }: RecordViews) {
  for (const [id, record] of received) {
    const base = unfiltered.get(id);
    if (base === undefined) continue;
    for (const field of Object.keys(record)) {
      // A field one answer leaves out is not compared: spec §2 lets fields come and go. Values
      // compare as canonical JSON: the order of an object's keys is no difference.
      if (!(field in base) || mayDependOnView(endpoint, filters, field)) continue;
      if (canonicalJson(record[field]) !== canonicalJson(base[field]))
        return { id, field, value: record[field], expected: base[field] };
    }
  }
  return null;
}

/** The first record of `received` the whole unfiltered list does not hold (none when it is partial). */
function firstStranger({ complete, unfiltered, received }: RecordViews): string | null {
  if (!complete) return null;
  for (const id of received.keys()) if (!unfiltered.has(id)) return id;
  return null;
}

/**
 * spec §2, §4: a filter, a limit, a cursor, a search or an auth scheme selects and pages records;
 * it does not change them. On quiescent data a record reached through any of them is one of the
 * whole unfiltered list's (its id among them) and shows every field as the unfiltered list does, except the fields the spec makes the location's
 * (mayDependOnView).
 */
export const recordSameInEveryView: WalkSetCheck<RecordViews> = {
  name: 'record-same-in-every-view',
  description:
    "On a quiescent tenant, a record reached through any filters (locationId and salesChannel, alone or together), limit, cursor page, search or scheme is one of the unfiltered list's (same id) and shows every field as there, except a menu item's price, visibility, channel and status fields with a locationId or salesChannel (spec §2).",
  catches: ['names-escaped-with-location', 'channel-view-row-ids'],
  run(views) {
    // A view (locationId, salesChannel, any filter) selects among the tenant's records: spec §4.1
    // "filters items", salesChannel "selects"; §2 an item's id is its own.
    const stranger = firstStranger(views);
    if (stranger !== null)
      return {
        code: 'RECORD_NOT_IN_LIST',
        message: `record ${stranger} returned with ${views.view} is not among the ${views.unfiltered.size} records of the unfiltered list: a view selects the tenant's records, it does not make others (or other ids)`,
        expected: `ids among the unfiltered list's ${views.unfiltered.size}`,
        received: `${stranger} (${views.view})`,
      };
    const found = firstDifference(views);
    if (found === null) return null;
    return {
      code: 'RECORD_DIFFERS_BY_VIEW',
      message: `record ${found.id}'s ${found.field} reads ${shown(found.value)} with ${views.view}, ${shown(found.expected)} in the unfiltered list`,
      expected: `${found.field}: ${shown(found.expected)} (the unfiltered list's)`,
      received: `${found.field}: ${shown(found.value)} (${views.view})`,
    };
  },
};
