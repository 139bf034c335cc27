/**
 * The one signature all checks share: one invariant per file of lib/checks/, listed once in
 * registry.ts under the name that reports, flags and docs use.
 */
import type { ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { FailureFields } from '../failure.ts';
import type { WalkState } from '../paging/walk.ts';

/** A 200 body that has at least the skeleton of a page; its details are the checks' business. */
export interface PageBody {
  data: Record<string, unknown>[];
  pagination: { nextPageToken?: unknown; hasMore?: unknown } & Record<string, unknown>;
}

export interface PageContext {
  walk: WalkState;
  call: ApiCall;
  response: ApiResponse;
  /** Null when the response is not a 200 with at least the skeleton of a page. */
  page: PageBody | null;
  /**
   * The page's record ids in order, each as a string, read once per page for every check that
   * needs them. Empty when `page` is null.
   */
  ids: readonly string[];
  /**
   * The first id of the page (in page order) the walk had already seen, on an earlier page or
   * earlier on this one, with the 0-based index of the page it first came on; null when every id
   * is new. Found while the page's ids are added to the walk (one pass: see pageContext).
   */
  repeated: { id: string; firstPage: number } | null;
  /** The ids joined: identifies the page by what it holds (see walk-terminates). */
  fingerprint: string;
  /** How many records the page holds (0 when `page` is null). */
  recordCount: number;
}

interface CheckInfo {
  /** The name reports, CLI flags and docs use; also the file's name. */
  name: string;
  description: string;
  /** The sandbox faults this check exists to catch. */
  catches: readonly string[];
}

export interface PageCheck extends CheckInfo {
  run(context: PageContext): FailureFields | null;
}

/** A single request whose status the contract fixes (limits, cursors, auth, tenancy). */
export interface ProbeContext {
  call: ApiCall;
  response: ApiResponse;
  /** What the probe sent, in words, e.g. "limit=0" or "a cursor of tenant-a with tenant-b's key". */
  probe: string;
}

export interface ProbeCheck extends CheckInfo {
  run(context: ProbeContext): FailureFields | null;
}

/** Compares finished walks (limit invariance, tenant disjointness). */
export interface WalkSetCheck<Input> extends CheckInfo {
  run(input: Input): FailureFields | null;
}

export const limitOf = (call: ApiCall, defaultLimit: number): number => {
  const text = call.query.limit;
  return text === undefined ? defaultLimit : Number(text);
};
