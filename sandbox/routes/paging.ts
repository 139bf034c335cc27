import type { Tenant } from '../catalog.ts';
import type { SandboxContext } from '../context.ts';
import { checkCursorBinding, filterDigest, type CursorPayload, type Endpoint } from '../cursor.ts';
import { badRequest } from '../errors.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import { throughScratch } from '../faults/cursor-scratch.ts';
import type { KeysetMode, PageStart } from '../queries/statements.ts';

type KeyPart = string | number;

/** What a walk is bound to: the cursor must come back with the same tenant, endpoint and filters. */
export interface WalkBinding {
  tenant: Tenant;
  endpoint: Endpoint;
  digest: string;
}

/** Where this request's page starts, and for which tenant the data is read. */
export interface PageRequest {
  start: PageStart;
  /** 1 for the first page of a walk. */
  page: number;
  tenant: Tenant;
  restart?: KeyPart[];
}

export interface PageBody {
  data: unknown[];
  pagination: Record<string, unknown>;
}

const MAX_CURSOR_LENGTH = 4096;
/** A record offset as the digit-cursor-offset fault reads one from the cursor parameter. */
const LEGACY_OFFSET = /^[0-9]{1,6}$/;

export function walkBinding(tenant: Tenant, endpoint: Endpoint, filters: readonly unknown[]): WalkBinding {
  return { tenant, endpoint, digest: filterDigest(JSON.stringify(filters)) };
}

export function keysetMode(faults: FaultSet): KeysetMode {
  if (faults.has('page-boundary-duplicate')) return 'inclusive';
  if (faults.has('unstable-order')) return 'sort-column-only';
  return 'exclusive';
}

function pageStart(payload: CursorPayload, sortValueType: 'string' | 'number', faults: FaultSet): PageStart {
  const [first, second] = payload.k;
  if (faults.has('offset-cursor')) {
    if (typeof first === 'number' && first >= 0 && payload.k.length === 1)
      return { kind: 'offset', offset: first };
  } else if (typeof first === sortValueType && typeof second === 'number' && first !== undefined) {
    return { kind: 'after', key: [first, second] };
  }
  throw badRequest('cursor is malformed');
}

/** Reads the cursor parameter: the first page without one; otherwise a verified, bound cursor (400). */
export async function readCursor(
  ctx: SandboxContext,
  token: string | undefined,
  binding: WalkBinding,
  sortValueType: 'string' | 'number',
): Promise<PageRequest> {
  if (token === undefined) return { start: { kind: 'first' }, page: 1, tenant: binding.tenant };
  if (token.length > MAX_CURSOR_LENGTH) throw badRequest('cursor is malformed');
  const { faults, cursors } = ctx;
  // The digit-cursor-offset fault: an older API's offset, still read where the cursor goes.
  if (faults.has('digit-cursor-offset') && LEGACY_OFFSET.test(token))
    return { start: { kind: 'offset', offset: Number(token) }, page: 2, tenant: binding.tenant };
  const decoded = faults.has('cursor-500') ? cursors.decodeTrustingPayload(token) : cursors.decode(token);
  // The cursor-shared-scratch fault: the position is read back after other requests wrote theirs.
  const payload = faults.has('cursor-shared-scratch') ? await throughScratch(decoded) : decoded;
  const trustCursorTenant = faults.has('cross-tenant-cursor');
  checkCursorBinding(payload, binding, trustCursorTenant);
  // The cursor-expiry-500 fault: an expired cursor throws instead of being refused.
  if (payload.i !== undefined && Date.now() - payload.i > CURSOR_EXPIRY_FAULT_MS)
    throw new Error('cursor expired');
  const tenant = trustCursorTenant ? (ctx.tenantsByName.get(payload.t) ?? binding.tenant) : binding.tenant;
  return { start: pageStart(payload, sortValueType, faults), page: payload.p, tenant, restart: payload.r };
}

function nextKey<Row>(
  rows: Row[],
  limit: number,
  request: PageRequest,
  sortKey: (row: Row) => readonly KeyPart[],
  faults: FaultSet,
): KeyPart[] {
  if (faults.has('offset-cursor')) {
    return [(request.start.kind === 'offset' ? request.start.offset : 0) + limit];
  }
  // The peeked record (index `limit`) only tells whether there is more; the next page starts after
  // the last record served. page-boundary-skip starts after the peeked one instead.
  // small-limit-skip does the same only deep into a walk at a small limit.
  const deepSmall = faults.has('small-limit-skip') && limit <= 3 && request.page >= 20;
  const lastServed =
    faults.has('page-boundary-skip') || faults.has('page-overflow') || deepSmall
      ? rows[limit]
      : rows[limit - 1];
  return lastServed === undefined ? [] : [...sortKey(lastServed)];
}

/** Tokens issued under the cursor-single-use fault, for their serial numbers. */
let issued = 0;

function nextToken<Row>(
  ctx: SandboxContext,
  rows: Row[],
  limit: number,
  request: PageRequest,
  binding: WalkBinding,
  sortKey: (row: Row) => readonly KeyPart[],
): string {
  const { faults } = ctx;
  const payload: CursorPayload = {
    t: request.tenant.name,
    e: binding.endpoint,
    f: binding.digest,
    p: request.page + 1,
    k: nextKey(rows, limit, request, sortKey, faults),
  };
  if (faults.has('cursor-expiry-500')) payload.i = Date.now();
  // A server that keeps each cursor it issues (to forget it once used) issues each one afresh.
  if (faults.has('cursor-single-use')) payload.n = issued += 1;
  if (faults.has('cursor-cycle')) {
    // The bug: a walk's first boundary is remembered, and from page 4 on it is handed out again.
    payload.r = request.restart ?? payload.k;
    if (payload.p > 3) Object.assign(payload, { p: 2, k: payload.r });
  }
  return ctx.cursors.encode(payload);
}

/**
 * Builds `{data, pagination}` from up to limit + 1 rows (the extra one tells whether there is
 * more). An empty list is `{data: [], pagination: {nextPageToken: null, hasMore: false}}`
 * (spec §4.3 rule 7). The page-shape faults change exactly one of these rules each.
 */
/** How long a cursor lives under the cursor-expiry-500 fault. */
const CURSOR_EXPIRY_FAULT_MS = 800;

export function buildPage<Row>(
  ctx: SandboxContext,
  rows: Row[],
  limit: number,
  request: PageRequest,
  binding: WalkBinding,
  view: { sortKey: (row: Row) => readonly KeyPart[]; toJson: (row: Row) => unknown; total: () => number },
): PageBody {
  const { faults } = ctx;
  // The has-more-on-full-page fault: "more" whenever the page is full, without peeking.
  const hasMore = faults.has('has-more-on-full-page') ? rows.length >= limit : rows.length > limit;
  const served = faults.has('page-overflow') ? rows : rows.slice(0, limit);
  const token = hasMore ? nextToken(ctx, rows, limit, request, binding, view.sortKey) : null;
  let pagination: Record<string, unknown> = { nextPageToken: token, hasMore };
  if (!hasMore && faults.has('has-more-token-mismatch')) pagination.hasMore = true;
  if (served.length === 0 && faults.has('empty-result-shape')) pagination = { hasMore: false };
  if (faults.has('pagination-extra-field')) pagination.total = view.total();
  const data = served.map(view.toJson);
  return { data: faults.has('status-lowercase') ? data.map(lowerCaseStatus) : data, pagination };
}

/** The status-lowercase fault: an enum written by a serialiser that lower-cases it. */
function lowerCaseStatus(record: unknown): unknown {
  const { status } = record as { status?: unknown };
  return typeof status === 'string' ? { ...(record as object), status: status.toLowerCase() } : record;
}
