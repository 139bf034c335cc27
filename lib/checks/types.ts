/**
 * The one signature all checks share: one invariant per file of lib/checks/, listed once in
 * registry.ts under the name that reports, flags and docs use.
 */
import type { ApiCall, Credential, Query } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { FailureFields, RequestRecord } from '../failure.ts';
import type { Target } from '../target/target.ts';

/** A 200 body that has at least the skeleton of a page; its details are the checks' business. */
export interface PageBody {
  data: Record<string, unknown>[];
  pagination: { nextPageToken?: unknown; hasMore?: unknown } & Record<string, unknown>;
}

/** What the checks read of a walk's spec: lib/paging/walk.ts's WalkSpec is one. */
export interface WalkSpecView {
  /** Filters and limit of the first page; filters stay unchanged on every page (spec §4.3 rule 4). */
  query: Query;
  credential: Credential;
  /** Owner tenant of ids known to belong to other tenants (isolation under load). */
  foreignOwner?: (id: string) => string | undefined;
}

/**
 * What the checks read of the walk a page belongs to: lib/paging/walk.ts's WalkState is one. The
 * checks keep whatever else they need across a walk's pages themselves (walk-terminates).
 */
export interface WalkView {
  spec: WalkSpecView;
  /** Pages folded before this one. */
  pageCount: number;
  /**
   * Every id of the walk's pages, this one's included (the walk adds a page's ids before its
   * checks run: PageContext.repeated).
   */
  ids: ReadonlySet<string>;
  /** Each page's ids by page index (lib/paging/records.ts pageIds), this one's included. */
  pageIds: readonly (readonly string[])[];
  /** Pages before this one that held at least one record. */
  recordPages: number;
  /** The requests of the walk so far, this page's included. */
  requests: readonly RequestRecord[];
}

export interface PageContext {
  walk: WalkView;
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
   * The first of `ids` (in page order) the walk had seen before, on an earlier page or earlier on
   * this one, found as the walk added them to its own (addPageIds, ./no-duplicate-ids.ts).
   */
  repeated: RepeatedId | null;
  /** How many records the page holds (0 when `page` is null). */
  recordCount: number;
}

/** An id seen again, and the 0-based index of the page it first came on. */
export interface RepeatedId {
  id: string;
  firstPage: number;
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
  /** The tenant of each record id the run knows (any tenant's), for what a refusal may not name. */
  recordOwner?: (id: string) => string | undefined;
  /**
   * The target the request went to, for a check of its keys (key-not-disclosed) or of what a run
   * remembers of its answers (challenge-on-every-401, date-current); never printed.
   */
  target?: Target;
  /**
   * False when the answer is not searched for the target's keys though `target` is given (a load's
   * 2xx pages: lib/paging/answer-checks.ts KeySearch).
   */
  searchKeys?: boolean;
}

/** A request sent before the judged one, which its finding compares it with (challenge-on-every-401). */
interface RelatedRequest {
  call: ApiCall;
  status: number;
}

/** A probe check's finding: the judged request's, with any earlier ones it names before it. */
export type ProbeFailureFields = FailureFields & { related?: readonly RelatedRequest[] };

export interface ProbeCheck extends CheckInfo {
  run(context: ProbeContext): ProbeFailureFields | null;
}

/** Compares finished walks (limit invariance, tenant disjointness). */
export interface WalkSetCheck<Input> extends CheckInfo {
  run(input: Input): FailureFields | null;
}

export const limitOf = (call: ApiCall, defaultLimit: number): number => {
  const text = call.query.limit;
  return text === undefined ? defaultLimit : Number(text);
};
