/**
 * Sans-I/O paging: build the next call from the state, fold a page into the state, run the page
 * checks. The loop that performs I/O lives in the runtime adapters (sync in k6, async in Node).
 */
import type { Endpoint } from '../contract/endpoints.ts';
import type { ApiCall, Credential, Query } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Failure, RequestRecord } from '../failure.ts';
import type { PageBody, PageCheck } from '../checks/types.ts';
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

export interface WalkState {
  spec: WalkSpec;
  pageCount: number;
  cursor: string | null;
  /** Every id seen, with the index of the page it came on. */
  ids: Map<string, number>;
  tokens: Set<string>;
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

/** The next call of the walk, or null when it has ended. */
export function nextCall(state: WalkState): ApiCall | null {
  if (state.end !== null) return null;
  const query = state.cursor === null ? state.spec.query : { ...state.spec.query, cursor: state.cursor };
  return { endpoint: state.spec.endpoint, query, credential: state.spec.credential };
}

function asPageBody(body: unknown): PageBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { data, pagination } = body as Record<string, unknown>;
  if (!Array.isArray(data) || typeof pagination !== 'object' || pagination === null) return null;
  return body as PageBody;
}

/**
 * Folds one response into the walk and returns the failures it showed. A 429 must not reach
 * here: backing off and retrying is the adapter's job, and a 429 is never a contract failure.
 */
export function foldPage(
  state: WalkState,
  call: ApiCall,
  response: ApiResponse,
  checks: readonly PageCheck[] = PAGE_CHECKS,
): Failure[] {
  state.requests.push(requestRecord(call, response.status));
  const page = response.status === 200 ? asPageBody(response.body) : null;
  const ids = pageIds(page);
  const fingerprint = ids.join(',');
  const failures = runPageChecks(checks, { walk: state, call, response, page, ids, fingerprint });
  state.failures.push(...failures);
  state.pageCount += 1;
  if (page === null) state.end = 'http-error';
  else advance(state, page, ids, fingerprint);
  if (failures.some((failure) => failure.severity === 'error')) state.end = 'failed';
  return failures;
}

function advance(state: WalkState, page: PageBody, ids: readonly string[], fingerprint: string): void {
  const index = state.pageCount - 1;
  for (let at = 0; at < ids.length; at += 1) {
    const id = ids[at] as string;
    if (!state.ids.has(id)) state.ids.set(id, index);
  }
  const token = page.pagination.nextPageToken;
  if (ids.length > 0) state.pageFingerprints.add(fingerprint);
  if (page.pagination.hasMore === true && typeof token === 'string') {
    state.tokens.add(token);
    state.cursor = token;
  } else state.end = 'complete';
}
