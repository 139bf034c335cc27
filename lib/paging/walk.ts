/**
 * Sans-I/O paging: build the next call from the state, fold a page into the state, run the page
 * checks. The loop that performs I/O lives in the runtime adapters (sync in k6, async in Node).
 */
import type { Endpoint } from '../contract/endpoints.ts';
import { withCursor, type ApiCall, type Credential, type Query } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Failure, RequestRecord } from '../failure.ts';
import type { PageBody, PageCheck, PageContext } from '../checks/types.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { runPageChecks } from './run-checks.ts';
import { pageIds, requestRecord } from './records.ts';

export interface WalkSpec {
  endpoint: Endpoint;
  /** Filters and limit; unchanged on every page (spec §4.3 rule 4). */
  query: Query;
  credential: Credential;
  /** A walk longer than this is a termination failure: far longer than the data can explain. */
  maxPages: number;
  /** Owner tenant of ids known to belong to other tenants (isolation under load). */
  foreignOwner?: (id: string) => string | undefined;
}

/** How a walk ended; `throttled` and `timed-out` are inconclusive, never a pass or a contract failure. */
export type WalkEnd = 'complete' | 'failed' | 'http-error' | 'throttled' | 'timed-out';

/**
 * Every id a walk has seen, with the index of the page it first came on: a Map in Node, the Go
 * page screen's own index in k6 (lib/adapters/k6-screen.ts), which fills it on screened pages.
 */
interface IdIndex {
  has(id: string): boolean;
  get(id: string): number | undefined;
  set(id: string, page: number): unknown;
  readonly size: number;
  keys(): Iterable<string>;
}

/** Strings a walk has seen (tokens, page fingerprints): a Set in Node, kept in Go by the k6 page screen. */
interface SeenSet {
  has(value: string): boolean;
  add(value: string): unknown;
}

/** Where a walk keeps what it has seen; the k6 page screen keeps all three in Go (k6-screen.ts). */
export interface WalkMemory {
  ids: IdIndex;
  tokens: SeenSet;
  pageFingerprints: SeenSet;
}

/**
 * A 200 page that a fast page screen has passed (k6ext/pagefold): every check marked
 * `readsRecords` would pass on it, and its ids are already in the walk's index. The rest of the
 * page's checks still run, on what the screen read.
 */
export interface ScreenedPage {
  recordCount: number;
  pagination: { nextPageToken: string | null; hasMore: boolean };
  /** The page's ids joined with ",", as PageContext.fingerprint. */
  fingerprint: string;
}

export interface WalkState {
  spec: WalkSpec;
  pageCount: number;
  cursor: string | null;
  ids: IdIndex;
  tokens: SeenSet;
  pageFingerprints: SeenSet;
  requests: RequestRecord[];
  failures: Failure[];
  end: WalkEnd | null;
}

export function startWalk(spec: WalkSpec, memory?: WalkMemory): WalkState {
  return {
    spec,
    pageCount: 0,
    cursor: null,
    ids: memory?.ids ?? new Map<string, number>(),
    tokens: memory?.tokens ?? new Set(),
    pageFingerprints: memory?.pageFingerprints ?? new Set(),
    requests: [],
    failures: [],
    end: null,
  };
}

// Each walk's first call, made once: every later call is it with a cursor (withCursor).
const firstCalls = new WeakMap<WalkSpec, ApiCall>();

/** The next call of the walk, or null when it has ended. */
export function nextCall(state: WalkState): ApiCall | null {
  if (state.end !== null) return null;
  const { spec } = state;
  let first = firstCalls.get(spec);
  if (first === undefined) {
    first = { endpoint: spec.endpoint, query: spec.query, credential: spec.credential };
    firstCalls.set(spec, first);
  }
  return state.cursor === null ? first : withCursor(first, state.cursor);
}

function asPageBody(body: unknown): PageBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { data, pagination } = body as Record<string, unknown>;
  if (!Array.isArray(data) || typeof pagination !== 'object' || pagination === null) return null;
  return body as PageBody;
}

/** The checks' view of a response that the walk has read itself. */
function pageContext(state: WalkState, call: ApiCall, response: ApiResponse): PageContext {
  const page = response.status === 200 ? asPageBody(response.body) : null;
  const ids = pageIds(page);
  const fingerprint = ids.join(',');
  return { walk: state, call, response, page, ids, fingerprint, recordCount: ids.length, screened: false };
}

/** A screened page's records, parsed only if something asks (no check that runs does). */
class ScreenedBody implements PageBody {
  readonly pagination: PageBody['pagination'];
  private readonly response: ApiResponse;

  constructor(response: ApiResponse, screened: ScreenedPage) {
    this.response = response;
    this.pagination = screened.pagination;
  }

  get data(): Record<string, unknown>[] {
    return asPageBody(this.response.body)?.data ?? [];
  }
}

/**
 * The checks' view of a screened page. A class with getters on its prototype rather than an
 * object literal with getters: k6's interpreter would make two closures for every page.
 */
class ScreenedContext implements PageContext {
  readonly walk: WalkState;
  readonly call: ApiCall;
  readonly response: ApiResponse;
  readonly page: ScreenedBody;
  readonly fingerprint: string;
  readonly recordCount: number;
  readonly screened = true;
  private parsedIds: string[] | undefined;

  constructor(walk: WalkState, call: ApiCall, response: ApiResponse, screened: ScreenedPage) {
    this.walk = walk;
    this.call = call;
    this.response = response;
    this.page = new ScreenedBody(response, screened);
    this.fingerprint = screened.fingerprint;
    this.recordCount = screened.recordCount;
  }

  get ids(): string[] {
    return (this.parsedIds ??= pageIds(this.page));
  }
}

/**
 * Folds one response into the walk and returns the failures it showed. A 429 must not reach
 * here: backing off and retrying is the adapter's job, and a 429 is never a contract failure.
 * `screened` is given only for a 200 page the k6 page screen passed.
 */
export function foldPage(
  state: WalkState,
  call: ApiCall,
  response: ApiResponse,
  checks: readonly PageCheck[] = PAGE_CHECKS,
  screened?: ScreenedPage,
): Failure[] {
  state.requests.push(requestRecord(call, response.status));
  const context = screened
    ? new ScreenedContext(state, call, response, screened)
    : pageContext(state, call, response);
  const failures = runPageChecks(checks, context);
  state.pageCount += 1;
  if (context.page === null) state.end = 'http-error';
  else advance(state, context.page, screened ? [] : context.ids, context.fingerprint, context.recordCount);
  if (failures.length === 0) return failures;
  state.failures.push(...failures);
  if (failures.some((failure) => failure.severity === 'error')) state.end = 'failed';
  return failures;
}

/**
 * Folds a 200 page that a fast page screen has folded into the walk's memory already, having found
 * that every page check would pass on it (k6ext/pagefold's fold): `request` is its record, `next`
 * its next-page token, null on the last page.
 */
export function foldCertified(state: WalkState, request: RequestRecord, next: string | null): void {
  state.requests.push(request);
  state.pageCount += 1;
  if (next === null) state.end = 'complete';
  else state.cursor = next;
}

/** `ids`: those not yet in the walk's index (a screened page's are already there). */
function advance(
  state: WalkState,
  page: PageBody,
  ids: readonly string[],
  fingerprint: string,
  recordCount: number,
): void {
  const index = state.pageCount - 1;
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] as string;
    if (!state.ids.has(id)) state.ids.set(id, index);
  }
  const token = page.pagination.nextPageToken;
  if (recordCount > 0) state.pageFingerprints.add(fingerprint);
  if (page.pagination.hasMore === true && typeof token === 'string') {
    state.tokens.add(token);
    state.cursor = token;
  } else state.end = 'complete';
}
