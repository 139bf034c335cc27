/**
 * The page screen in k6. Checking every record of every page in k6's JavaScript interpreter costs
 * several times the request itself (docs/bench.md), so a Go module compiled into the harness's k6
 * (k6ext/pagefold) reads each 200 page first: JSON, the contract's record and pagination schemas
 * (the same TypeBox schemas, sent as JSON Schema), duplicate and foreign ids, the walk's filter
 * rules. When all of that certainly holds, the page is folded as screened and the checks marked
 * `readsRecords` are not run in JavaScript. On any doubt the screen changes nothing and the page
 * is parsed and checked in JavaScript as everywhere else, so failures are always found and
 * worded by lib/checks; the screen only has to be as strict as they are, and may be stricter.
 */
import type { RefinedResponse } from 'k6/http';
import { newIdSet, newScreen, type IdSet, type Screen, type ScreenWalk } from 'k6/x/pagefold';
import { filterRules } from '../checks/filter-rules.ts';
import type { Endpoint } from '../contract/endpoints.ts';
import { MenuItem, Order, Pagination } from '../contract/schemas.ts';
import type { IdIndex, ScreenedPage, WalkSpec } from '../paging/walk.ts';

/** HARNESS_PAGE_SCREEN=off checks every page in JavaScript: slower, for when the screen is in doubt. */
const SCREEN_OFF = __ENV.HARNESS_PAGE_SCREEN === 'off';

// In the init context, once per VU: the schemas are compiled once in Go.
const SCREENS: Record<Endpoint, Screen> | null =
  newScreen && !SCREEN_OFF
    ? {
        menuItems: newScreen(JSON.stringify({ record: MenuItem, pagination: Pagination })),
        orders: newScreen(JSON.stringify({ record: Order, pagination: Pagination })),
      }
    : null;

// Another tenant's ids go to Go once per VU, not with every walk: a large tenant has many.
const idSets = new WeakMap<readonly string[], IdSet>();

function idSetOf(ids: readonly string[]): IdSet | undefined {
  if (newIdSet === undefined) return undefined;
  let set = idSets.get(ids);
  if (set === undefined) idSets.set(ids, (set = newIdSet(JSON.stringify(ids))));
  return set;
}

export interface WalkScreen {
  /** The walk's id index, kept in Go: pass it to startWalk. */
  index: IdIndex;
  /**
   * The page as screened, or null when the screen has doubts (then check it in JavaScript).
   * Given k6's response, the screen reads the body in Go, never as a JavaScript string.
   */
  page(body: string | RefinedResponse<'text'>, pageIndex: number): ScreenedPage | null;
}

/**
 * A screen for one walk, or null when this k6 has none or the walk needs what the screen cannot
 * see (a tenant-isolation walk whose foreign ids were not given as a list).
 */
export function openScreen(spec: WalkSpec, foreignIds?: readonly string[]): WalkScreen | null {
  if (SCREENS === null || (spec.foreignOwner !== undefined && foreignIds === undefined)) return null;
  const walk: ScreenWalk = SCREENS[spec.endpoint].walk(
    JSON.stringify({ rules: filterRules(spec.query), foreignIds: [] }),
    foreignIds === undefined ? undefined : idSetOf(foreignIds),
  );
  // walk.screen is a Go function bound to its walk: handed over as it is, no JavaScript between.
  return { index: walk, page: walk.screen };
}
