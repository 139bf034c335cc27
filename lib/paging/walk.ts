/**
 * Sans-I/O paging: build the next call from the state, fold a page into the state, run the page
 * checks. The one loop that performs the I/O is lib/paging/walk-list.ts.
 */
import type { Endpoint } from '../contract/endpoints.ts';
import { withCursor, type ApiCall, type Credential, type Query } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Failure, RequestRecord } from '../failure.ts';
import type { PageBody, PageCheck, PageContext } from '../checks/types.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { runPageChecks } from './run-checks.ts';
import { pageIds, requestRecord } from './records.ts';

/**
 * The page budget of the jobs' walks (load, repro): far more pages than a recorded walk or a
 * load walk needs. A walk still going after it ends `budget-reached`: length alone is no evidence
 * that a walk does not end (walk-terminates needs a repeat).
 */
export const MAX_PAGES = 10_000;

export interface WalkSpec {
  endpoint: Endpoint;
  /** Filters and limit of the first page; filters stay unchanged on every page (spec §4.3 rule 4). */
  query: Query;
  credential: Credential;
  /**
   * The walk's page budget: a walk that still has more after this many pages ends
   * `budget-reached`, inconclusive (a long list is not an endless one).
   */
  maxPages: number;
  /** Owner tenant of ids known to belong to other tenants (isolation under load). */
  foreignOwner?: (id: string) => string | undefined;
  /**
   * The limit of page n (0-based) when it differs from the first page's: spec §4.3 rule 4 keeps
   * filters unchanged while paging, not the limit, so a client may change it between pages.
   */
  limitOfPage?: (page: number) => string | undefined;
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

export interface WalkState {
  spec: WalkSpec;
  pageCount: number;
  cursor: string | null;
  /** Every id the walk has seen, with the index of the page it first came on. */
  ids: Map<string, number>;
  /** Next-page tokens seen (a token seen twice is a cycle). */
  tokens: Set<string>;
  /** Pages by what they hold (ids joined): the same page twice is a cycle. */
  pageFingerprints: Set<string>;
  requests: RequestRecord[];
  failures: Failure[];
  end: WalkEnd | null;
}

export function startWalk(spec: WalkSpec): WalkState {
  return {
    spec,
    pageCount: 0,
    cursor: null,
    ids: new Map(),
    tokens: new Set(),
    pageFingerprints: new Set(),
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
export function nextCall(state: WalkState): ApiCall | null {
  if (state.end !== null) return null;
  const { spec } = state;
  const limit = spec.limitOfPage?.(state.pageCount);
  const first =
    limit === undefined || limit === spec.query.limit
      ? firstCall(spec)
      : { ...firstCall(spec), query: { ...spec.query, limit } };
  return state.cursor === null ? first : withCursor(first, state.cursor);
}

function asPageBody(body: unknown): PageBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { data, pagination } = body as Record<string, unknown>;
  if (!Array.isArray(data) || typeof pagination !== 'object' || pagination === null) return null;
  return body as PageBody;
}

/**
 * Adds the page's ids to the walk's, each with the index of the page it first came on, and returns
 * the first one already there. One lookup per id, on every page of every walk: the duplicate check
 * reads what this found instead of looking every id up again.
 */
function addIds(state: WalkState, ids: readonly string[]): PageContext['repeated'] {
  const page = state.pageCount;
  let repeated: PageContext['repeated'] = null;
  for (let index = 0; index < ids.length; index += 1) {
    const id = ids[index] as string;
    const firstPage = state.ids.get(id);
    if (firstPage === undefined) state.ids.set(id, page);
    else repeated ??= { id, firstPage };
  }
  return repeated;
}

/** The checks' view of a response; the page's ids are the walk's from here on. */
function pageContext(state: WalkState, call: ApiCall, response: ApiResponse): PageContext {
  const page = response.status === 200 ? asPageBody(response.body) : null;
  const ids = pageIds(page);
  const repeated = addIds(state, ids);
  return {
    walk: state,
    call,
    response,
    page,
    ids,
    repeated,
    fingerprint: ids.join(','),
    recordCount: ids.length,
  };
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
  if (context.recordCount > 0) state.pageFingerprints.add(context.fingerprint);
  if (page.pagination.hasMore === true && typeof token === 'string') {
    state.tokens.add(token);
    state.cursor = token;
    if (state.pageCount >= state.spec.maxPages) state.end = 'budget-reached';
  } else state.end = 'complete';
}
