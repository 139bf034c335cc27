import type { FastifyInstance } from 'fastify';
import { requireScopes, type ApiKey } from '../auth.ts';
import type { SandboxContext } from '../context.ts';
import type { Endpoint } from '../cursor.ts';
import type { Scope } from '../domain.ts';
import type { KeysetMode, PageStart, Statements } from '../queries/statements.ts';
import { parseId, parseLimit, type RawQuery } from '../validate.ts';
import { ApiError, badRequest } from '../errors.ts';
import { CursorMemory } from '../faults/cursor-memory.ts';
import { legacyOffset, namedOrder, readQueryFaultily } from '../faults/parameters.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import { admit } from './admit.ts';
import { buildPage, keysetMode, readCursor, walkBinding } from './paging.ts';
import { sendPage } from './send-page.ts';

/** The page size a search is capped at under the search-limit-capped fault. */
const SEARCH_CAP = 50;

/** What an endpoint reads from its own query parameters (400 or 404 when they are wrong). */
export interface ListFilters<Filter> {
  /** The values a cursor is bound to (spec §4.3 rule 4). */
  bound: unknown[];
  /** The tenant of a named location or category: differs from the key's only under foreign-* faults. */
  placeTenant?: number;
  build(tenant: number): Filter;
}

/** One cursor-paginated list endpoint: its parameters, its query, and how a record is shown. */
export interface ListEndpoint<Filter, Row> {
  path: string;
  endpoint: Endpoint;
  scopes: readonly Scope[];
  sortValueType: 'string' | 'number';
  readFilters(query: RawQuery, key: ApiKey): ListFilters<Filter>;
  list(
    statements: Statements,
    filter: Filter | { tenant: number },
    start: PageStart,
    mode: KeysetMode,
    limit: number,
  ): Row[];
  sortKey: (row: Row) => readonly (string | number)[];
  /** A record as served; `view` says which filter and page it is served for. */
  toJson: (row: Row, view: { filter: Filter | { tenant: number }; page: number }) => unknown;
  /** Counts a tenant's records, for the pagination-extra-field fault's `total`. */
  countSql: string;
}

/**
 * Registers a list endpoint. Order: authentication (401), rate limits (429), scopes (403), then
 * limit, cursor and filters (400/404), then the page.
 */
/** What a busy server's slow limit lookups skip (the limit-unchecked and default-limit faults). */
async function busyLimits(ctx: SandboxContext, query: RawQuery) {
  if (query.limit === undefined) return { fallback: await ctx.load.fallsBackOnDefault() };
  return { unchecked: await ctx.load.skipsLimitCheck() };
}

/** The 403 a key lacking one of `scopes` is owed, or null when it has them all. */
function scopeRefusal(key: ApiKey, scopes: readonly Scope[]): ApiError | null {
  try {
    requireScopes(key, scopes);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/**
 * What a cursor is bound to: the filters' values, and under the cursor-bound-to-scheme fault the
 * header the key came in, under cursor-bound-to-param-order the order the filters were named in.
 */
function faultilyBound(
  faults: FaultSet,
  values: unknown[],
  keyHeader: boolean,
  order: () => string[],
): unknown[] {
  const scheme = faults.has('cursor-bound-to-scheme');
  const ordered = faults.has('cursor-bound-to-param-order');
  if (!scheme && !ordered) return values;
  return [
    ...values,
    ...(scheme ? [keyHeader ? 'key header' : 'authorization'] : []),
    ...(ordered ? [order()] : []),
  ];
}

export function registerList<Filter, Row>(
  app: FastifyInstance,
  ctx: SandboxContext,
  endpoint: ListEndpoint<Filter, Row>,
): void {
  const { faults, store } = ctx;
  const count = store.db.prepare(endpoint.countSql).pluck();
  // The faults of a server that remembers cursors (cursor-state-per-key and others), per endpoint.
  const memory = new CursorMemory(faults);
  app.get(`/api/v1${endpoint.path}`, async (request, reply) => {
    // The refusal-carries-data fault: on orders, the scope check runs after the page is built.
    const disclosing = faults.has('refusal-carries-data') && endpoint.endpoint === 'orders';
    const key = await admit(ctx, request, reply, disclosing ? [] : endpoint.scopes);
    const refusal = disclosing ? scopeRefusal(key, endpoint.scopes) : null;
    const query = readQueryFaultily(faults, request.url, request.query as RawQuery);
    const given = parseId(query, 'cursor', Infinity);
    const limit = parseLimit(query, faults, given !== undefined, await busyLimits(ctx, query));
    const cursor = await memory.cursorOf(key.label, given);
    if (
      faults.has('location-filter-400') &&
      query.locationId !== undefined &&
      !/^\d+$/.test(String(query.locationId))
    )
      throw badRequest('locationId must be a number');
    const filters = endpoint.readFilters(query, key);
    if (faults.has('status-filter-500') && query.status !== undefined)
      throw new Error('no such column: state');
    const bound = faultilyBound(faults, filters.bound, request.headers.authorization === undefined, () =>
      namedOrder(endpoint.endpoint, query),
    );
    const binding = walkBinding(key.tenant, endpoint.endpoint, bound);
    const read = await readCursor(ctx, cursor, binding, endpoint.sortValueType);
    // The page-number-cursor fault: page n starts at (n - 1) x the limit of this request, which is
    // right only while the limit stays what it was on the pages before.
    // The offset-honoured fault: a legacy offset=N starts the menu's first page N records in.
    const offset = read.page === 1 ? legacyOffset(faults, request.url, query) : undefined;
    const walk =
      faults.has('page-number-cursor') && read.page > 1
        ? { ...read, start: { kind: 'offset' as const, offset: (read.page - 1) * limit } }
        : offset === undefined
          ? read
          : { ...read, start: { kind: 'offset' as const, offset } };
    const tenant = filters.placeTenant ?? walk.tenant.code;
    // The filter-lost-on-later-pages fault: the query for page 2 on is built without the filters.
    const filter =
      faults.has('filter-lost-on-later-pages') && walk.page > 1 ? { tenant } : filters.build(tenant);
    // The search-limit-capped fault: a search reads at most 50 records a page, whatever the limit.
    const served =
      faults.has('search-limit-capped') && query.q !== undefined && query.q !== ''
        ? Math.min(limit, SEARCH_CAP)
        : limit;
    return sendPage(ctx, { request, reply, tenant: key.tenant.name }, walk.page, () => {
      const rows = endpoint.list(store.statements, filter, walk.start, keysetMode(faults), served + 1);
      const page = buildPage(ctx, rows, served, walk, binding, {
        sortKey: endpoint.sortKey,
        toJson: (row) => endpoint.toJson(row, { filter, page: walk.page }),
        total: () => count.get(tenant) as number,
      });
      memory.served(key.label, given, page.pagination.nextPageToken);
      if (refusal === null) return page;
      reply.code(refusal.statusCode);
      return { ...page, message: refusal.message, error: 'Forbidden', statusCode: refusal.statusCode };
    });
  });
}
