/**
 * Sans-I/O paging: build the next call from the state, fold a page into the state, run the page
 * checks. The one loop that performs the I/O is lib/paging/walk-list.ts.
 */
import type { Endpoint } from '../contract/endpoints.ts';
import { withCursor, type ApiCall, type Query } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Failure, RequestRecord } from '../failure.ts';
import type { PageBody, PageCheck, PageContext, WalkSpecView, WalkView } from '../checks/types.ts';
import { addPageIds } from '../checks/no-duplicate-ids.ts';
import { WalkIds } from '../checks/walk-ids.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { runPageChecks } from './run-checks.ts';
import { pageIds, requestRecord } from './records.ts';

/**
 * The page budget of the walks that read a list for what it holds (repro's, a load's setup and
 * its tenants' ids, capacity's lanes): far more pages than they need; the walks a load measures
 * have their own, LOAD_WALK_PAGES. A walk still going after it ends `budget-reached`: length alone
 * is no evidence that a walk does not end (walk-terminates needs a repeat).
 */
export const MAX_PAGES = 10_000;

/**
 * The page budget of a load's walks. A load plans walks a second; its request rate is that times
 * the pages a walk reads, so a walk must not read a list of any length: against a staging with a
 * million orders (5,000 pages at limit 100, 50,000 at 20) the gate's soak, at 20 walks a second,
 * offered ever more requests than were served, its walks piled up and a correct target "drifted".
 * 50 pages is a long session of a user paging (5,000 records at limit 100, 1,000 at 20), and a
 * walk's pages per request stay bounded whatever the list: on the default sandbox (tenant-a's 2,442
 * orders: 123 pages at limit 20) the longest walks stop there. A walk cut so ends `budget-reached`,
 * counted (walk_inconclusive), never failed; the properties walk lists whole (--walk-pages).
 */
export const LOAD_WALK_PAGES = 50;

export interface WalkSpec extends WalkSpecView {
  endpoint: Endpoint;
  /**
   * The walk's page budget: a walk that still has more after this many pages ends
   * `budget-reached`, inconclusive (a long list is not an endless one).
   */
  maxPages: number;
  /**
   * The limit of page n (0-based) when it differs from the first page's: spec §4.3 rule 4 keeps
   * filters unchanged while paging, not the limit, so a client may change it between pages. null
   * sends no limit on that page (the server's default applies, spec §8).
   */
  limitOfPage?: (page: number) => string | null | undefined;
}

/**
 * How a walk ended: `throttled` (a 429 outlasted the backoff), `timed-out` (its time budget ran
 * out), `budget-reached` (its page budget, spec.maxPages, ran out with no repeat seen), `page-limit`
 * (a prefix was asked for), `stopped` (the run ended first) and `cursor-refused` (its cursor
 * refused with a 4xx after the walk waited on 429s: the spec promises no cursor lifetime) are
 * inconclusive, never a pass or a failure.
 */
export type WalkEnd =
  | 'complete'
  | 'failed'
  | 'http-error'
  | 'throttled'
  | 'timed-out'
  | 'budget-reached'
  | 'page-limit'
  | 'stopped'
  | 'cursor-refused';

/** The ends that prove nothing either way (`page-limit` is a prefix asked for: it proved its pages). */
export const INCONCLUSIVE_ENDS: ReadonlySet<WalkEnd | null> = new Set([
  'throttled',
  'timed-out',
  'budget-reached',
  'stopped',
  'cursor-refused',
]);

/** A walk as it goes: what the checks read of it (WalkView), and where it goes next. */
export interface WalkState extends WalkView {
  spec: WalkSpec;
  cursor: string | null;
  /** Every id the walk has seen (read from its pages while that is exact: WalkIds). */
  ids: WalkIds;
  /** Each page's ids by page index, this one's included once its ids are added (pageContext). */
  pageIds: (readonly string[])[];
  requests: RequestRecord[];
  failures: Failure[];
  end: WalkEnd | null;
}

export function startWalk(spec: WalkSpec): WalkState {
  const pageIds: (readonly string[])[] = [];
  return {
    spec,
    pageCount: 0,
    cursor: null,
    ids: new WalkIds(pageIds),
    pageIds,
    recordPages: 0,
    requests: [],
    failures: [],
    end: null,
  };
}

// Each walk's first call, made once: every later call is it with a cursor (withCursor).
const firstCalls = new WeakMap<WalkSpec, ApiCall>();

function firstCall(spec: WalkSpec): ApiCall {
  let first = firstCalls.get(spec);
  if (first === undefined) {
    first = { endpoint: spec.endpoint, query: spec.query, credential: spec.credential };
    firstCalls.set(spec, first);
  }
  return first;
}

/** The next call of the walk, or null when it has ended. */
/** `query` with `limit` in place of its own; without any when `limit` is null. */
function withLimit(query: Query, limit: string | null): Query {
  if (limit !== null) return { ...query, limit };
  return Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'limit'));
}

export function nextCall(state: WalkState): ApiCall | null {
  if (state.end !== null) return null;
  const { spec } = state;
  const limit = spec.limitOfPage?.(state.pageCount);
  const first =
    limit === undefined || limit === spec.query.limit
      ? firstCall(spec)
      : { ...firstCall(spec), query: withLimit(spec.query, limit) };
  return state.cursor === null ? first : withCursor(first, state.cursor);
}

function asPageBody(body: unknown): PageBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { data, pagination } = body as Record<string, unknown>;
  if (!Array.isArray(data) || typeof pagination !== 'object' || pagination === null) return null;
  return body as PageBody;
}

/** The checks' view of a response; the page's ids are the walk's from here on. */
function pageContext(state: WalkState, call: ApiCall, response: ApiResponse): PageContext {
  const page = response.status === 200 ? asPageBody(response.body) : null;
  const ids = pageIds(page);
  const repeated = addPageIds(state.ids, ids, state.pageIds);
  state.pageIds.push(ids);
  return { walk: state, call, response, page, ids, repeated, recordCount: ids.length };
}

/**
 * Folds one response into the walk and returns the failures it showed. A 429 must not reach
 * here: backing off and retrying is the walk loop's job, and a 429 is never a contract failure.
 */
export function foldPage(
  state: WalkState,
  call: ApiCall,
  response: ApiResponse,
  checks: readonly PageCheck[] = PAGE_CHECKS,
): Failure[] {
  state.requests.push(requestRecord(call, response.status));
  const context = pageContext(state, call, response);
  const failures = runPageChecks(checks, context);
  state.pageCount += 1;
  if (context.page === null) state.end = 'http-error';
  else advance(state, context);
  if (failures.length === 0) return failures;
  state.failures.push(...failures);
  if (failures.some((failure) => failure.severity === 'error')) state.end = 'failed';
  return failures;
}

function advance(state: WalkState, context: PageContext): void {
  const page = context.page as PageBody;
  const token = page.pagination.nextPageToken;
  if (context.recordCount > 0) state.recordPages += 1;
  if (page.pagination.hasMore === true && typeof token === 'string') {
    state.cursor = token;
    if (state.pageCount >= state.spec.maxPages) state.end = 'budget-reached';
  } else state.end = 'complete';
}
