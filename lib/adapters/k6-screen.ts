/**
 * The page screen in k6. Checking every record of every page in k6's JavaScript interpreter costs
 * several times the request itself (docs/bench.md), so a Go module compiled into the harness's k6
 * (k6ext/pagefold) reads each 200 page first: JSON, the contract's record and pagination schemas
 * (the same TypeBox schemas, sent as JSON Schema), duplicate and foreign ids, the walk's filter
 * rules. When all of that certainly holds, the page is folded as screened and the checks marked
 * `readsRecords` are not run in JavaScript. When, besides, the other page checks would certainly
 * pass too (the page's size, its pagination, the walk's termination), the page is folded wholly in
 * Go (`fold`), and no JavaScript runs for it at all. On any doubt the screen changes nothing and
 * the page is parsed and checked in JavaScript as everywhere else, so failures are always found and
 * worded by lib/checks; the screen only has to be as strict as they are, and may be stricter.
 */
import http, { type RefinedResponse } from 'k6/http';
import {
  certifies,
  newIdSet,
  newLane,
  newScreen,
  type IdSet,
  type OpenLane,
  type Screen,
  type ScreenWalk,
} from 'k6/x/pagefold';
import { filterRules } from '../checks/filter-rules.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { limitOf, type PageCheck } from '../checks/types.ts';
import { LIMITS, type Endpoint } from '../contract/endpoints.ts';
import { SCREEN_SCHEMAS } from '../contract/screen-schemas.ts';
import type { Failure, RequestRecord } from '../failure.ts';
import { callPath, type ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import {
  foldCertified,
  foldPage,
  type WalkMemory,
  type ScreenedPage,
  type WalkSpec,
  type WalkState,
} from '../paging/walk.ts';
import { requestRecord } from '../paging/records.ts';
import { DEPTH_BEYOND, DEPTH_BUCKETS } from '../load/tags.ts';
import { ATTEMPT_METRICS_OF_A_200 } from './k6-retry.ts';

/** HARNESS_PAGE_SCREEN=off checks every page in JavaScript: slower, for when the screen is in doubt. */
const SCREEN_OFF = __ENV.HARNESS_PAGE_SCREEN === 'off';

// In the init context, once per VU: the schemas are compiled once in Go.
const SCREENS: Record<Endpoint, Screen> | null =
  newScreen && !SCREEN_OFF
    ? {
        menuItems: newScreen(SCREEN_SCHEMAS.menuItems),
        orders: newScreen(SCREEN_SCHEMAS.orders),
      }
    : null;

/**
 * Whether the Go fold vouches for every page check the harness runs. A page check added to
 * lib/checks/registry.ts and not to k6ext/pagefold turns the fold off (the screen still runs).
 */
export const FOLD_COVERS_PAGE_CHECKS =
  certifies !== undefined && PAGE_CHECKS.every((check) => certifies?.includes(check.name) === true);

// Once per VU: what the walks' lanes share (ScreenWalk.lane).
const LANE =
  SCREENS !== null && FOLD_COVERS_PAGE_CHECKS && newLane !== undefined
    ? newLane(
        http.get,
        JSON.stringify({ buckets: DEPTH_BUCKETS, beyond: DEPTH_BEYOND }),
        ATTEMPT_METRICS_OF_A_200,
      )
    : null;

// Another tenant's ids go to Go once per VU, not with every walk: a large tenant has many.
const idSets = new WeakMap<readonly string[], IdSet>();

function idSetOf(ids: readonly string[]): IdSet | undefined {
  if (newIdSet === undefined) return undefined;
  let set = idSets.get(ids);
  if (set === undefined) idSets.set(ids, (set = newIdSet(JSON.stringify(ids))));
  return set;
}

type PageBodySource = string | RefinedResponse<'text'>;

export interface WalkScreen {
  /** The walk's ids, tokens and page fingerprints, kept in Go: pass it to startWalk. */
  memory: WalkMemory;
  /**
   * The page as screened, or null when the screen has doubts (then check it in JavaScript).
   * Given k6's response, the screen reads the body in Go, never as a JavaScript string.
   */
  page(body: PageBodySource, pageIndex: number): ScreenedPage | null;
  /** The page folded wholly in Go (see ScreenWalk.fold); null when it cannot vouch for every check. */
  fold: ScreenWalk['fold'] | null;
  /** Opens the walk's lane (ScreenWalk.lane), or null when the fold is off. */
  lane: OpenLane | null;
  /** Pages the screen has passed so far, folded in Go or not. */
  screened: number;
  /** Of those, the pages folded wholly in Go. */
  folded: number;
}

// A run's walks are a few dozen distinct lists: each one's walkJSON is made once per VU, keyed by
// the list's path (its endpoint, limit and filters) and page bound. Bounded, as the screen's own
// cache of read walkJSONs is (k6ext/pagefold).
const walkJSONs = new Map<string, string>();
const MAX_WALK_JSONS = 256;

/** What the screen needs to know of a walk (k6ext/pagefold's walkJSON). */
function walkJSON(spec: WalkSpec): string {
  const key = `${spec.maxPages} ${callPath(spec)}`;
  let json = walkJSONs.get(key);
  if (json === undefined) {
    const limit = limitOf(spec, LIMITS.default);
    json = JSON.stringify({
      rules: filterRules(spec.query),
      foreignIds: [],
      // What page-size-within-limit compares with; a limit it could not read is not sent, and
      // then nothing is folded in Go.
      limit: Number.isSafeInteger(limit) && limit >= 1 ? limit : null,
      maxPages: spec.maxPages,
    });
    if (walkJSONs.size < MAX_WALK_JSONS) walkJSONs.set(key, json);
  }
  return json;
}

/**
 * A screen for one walk, or null when this k6 has none or the walk needs what the screen cannot
 * see (a tenant-isolation walk whose foreign ids were not given as a list).
 */
export function openScreen(spec: WalkSpec, foreignIds?: readonly string[]): WalkScreen | null {
  if (SCREENS === null || (spec.foreignOwner !== undefined && foreignIds === undefined)) return null;
  const walk: ScreenWalk = SCREENS[spec.endpoint].walk(
    walkJSON(spec),
    foreignIds === undefined ? undefined : idSetOf(foreignIds),
  );
  return {
    memory: { ids: walk, tokens: walk.tokens, pageFingerprints: walk.fingerprints },
    // The walk's methods are on a prototype its walks share (k6ext/pagefold): called on it.
    page: (body, pageIndex) => walk.screen(body, pageIndex),
    fold: FOLD_COVERS_PAGE_CHECKS ? (body, pageIndex) => walk.fold(body, pageIndex) : null,
    lane: LANE === null ? null : (...request) => walk.lane(LANE, ...request),
    screened: 0,
    folded: 0,
  };
}

export const NO_FAILURES: readonly Failure[] = Object.freeze([]);

/**
 * Records a page `screen.fold` has folded into the walk's memory (`next`: the token it gave):
 * counted as screened and folded, and folded into the walk's state.
 */
export function foldedInGo(
  state: WalkState,
  screen: WalkScreen,
  request: RequestRecord,
  next: string | null,
): void {
  screen.screened += 1;
  screen.folded += 1;
  foldCertified(state, request, next);
}

/**
 * The screen's fold for a walk checked with `checks`, or null: it vouches for all the page checks
 * at once, so it folds only walks that run them all.
 */
export const foldFor = (screen: WalkScreen, checks: readonly PageCheck[]): WalkScreen['fold'] =>
  checks === PAGE_CHECKS ? screen.fold : null;

/**
 * Folds one response into a walk that `screen` was opened for (its memory is the walk's): a 200
 * page wholly in Go when the fold vouches for it and `checks` are all the page checks; else the
 * screen's view of a 200 page and the JavaScript checks (foldPage). Returns the failures found.
 * `body` is the response's body, or k6's response that holds it. `foldTried`: the fold has had
 * this very page already and doubted it.
 */
export function foldScreened(
  state: WalkState,
  screen: WalkScreen,
  call: ApiCall,
  response: ApiResponse,
  body: PageBodySource,
  checks: readonly PageCheck[] = PAGE_CHECKS,
  foldTried = false,
): readonly Failure[] {
  if (response.status !== 200) return foldPage(state, call, response, checks);
  const fold = foldTried ? null : foldFor(screen, checks);
  if (fold !== null) {
    const next = fold(body, state.pageCount);
    if (next !== undefined) {
      foldedInGo(state, screen, requestRecord(call, 200), next);
      return NO_FAILURES;
    }
  }
  const screened = screen.page(body, state.pageCount);
  if (screened !== null) screen.screened += 1;
  return foldPage(state, call, response, checks, screened ?? undefined);
}
