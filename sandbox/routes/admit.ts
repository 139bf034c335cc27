import type { FastifyReply, FastifyRequest } from 'fastify';
import { identify, requireScopes, requireValid, type ApiKey } from '../auth.ts';
import type { Place, Tenant } from '../catalog.ts';
import type { SandboxContext } from '../context.ts';
import type { Scope } from '../domain.ts';
import { badRequest, notFound } from '../errors.ts';
import type { RawQuery } from '../validate.ts';
import type { FaultSet } from '../faults/catalogue.ts';

/**
 * The scope-skipped-with-cursor fault: a later page is taken as authorised by the walk's first;
 * scope-skipped-under-concurrency: scopes go unchecked while the server is busy.
 */
const skipsScopes = async (ctx: SandboxContext, request: FastifyRequest): Promise<boolean> =>
  (ctx.faults.has('scope-skipped-with-cursor') && (request.query as RawQuery).cursor !== undefined) ||
  (await ctx.load.skipsScopes());

/**
 * The auth-cached-on-connection fault's memory: the key each connection first authenticated, as a
 * server that stores the principal on the connection's state instead of the request's.
 */
const keyOfConnection = new WeakMap<object, ApiKey>();

/** Authentication (401), then rate limits (429), then scopes (403), in that order. */
export async function admit(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly Scope[],
): Promise<ApiKey> {
  const connection = request.raw.socket;
  const held = ctx.faults.has('auth-cached-on-connection') ? keyOfConnection.get(connection) : undefined;
  if (held !== undefined) return held;
  const key = identify(
    ctx.keys,
    { headers: request.headers, query: request.query as RawQuery },
    ctx.brandHeader,
    ctx.faults,
  );
  // The auth-cached-per-tenant fault: a tenant admitted a moment ago is admitted again, whoever asks.
  const cached = ctx.load.admittedRecently(key.tenant.name);
  if (!cached) requireValid(key, ctx.faults, ctx.keys);
  // The head-not-rate-limited fault: HEAD, sending no content, taken for free and let past the limits.
  if (!(request.method === 'HEAD' && ctx.faults.has('head-not-rate-limited')))
    await ctx.limits.consume(key, reply);
  if (!cached && !(await skipsScopes(ctx, request))) requireScopes(key, scopes);
  ctx.load.admitted(key.tenant.name);
  if (ctx.faults.has('auth-cached-on-connection')) keyOfConnection.set(connection, key);
  return ctx.faults.has('tenant-shared-across-await') ? sharedAcrossAwait(key) : key;
}

/** How long the tenant-shared-across-await fault's await takes: a lookup, a log write. */
const SHARED_AWAIT_MS = 5;

/** The tenant-shared-across-await fault's one variable for every request in flight. */
let sharedTenant: Tenant | undefined;

/**
 * The tenant-shared-across-await fault: the request's tenant is kept in module state and read back
 * after an await, by which time another tenant's request may have written its own there.
 */
async function sharedAcrossAwait(key: ApiKey): Promise<ApiKey> {
  sharedTenant = key.tenant;
  await new Promise((resolve) => setTimeout(resolve, SHARED_AWAIT_MS));
  return { ...key, tenant: sharedTenant };
}

/** No location or category has this code: a filter by it selects nothing. */
const UNKNOWN_PLACE_CODE = -1;

const PLACES = {
  locationId: {
    fault: 'foreign-location',
    places: (ctx: SandboxContext) => ctx.store.catalog.locationById,
    form: /^loc_[0-9a-f]{12}$/,
  },
  categoryId: {
    fault: 'foreign-category',
    places: (ctx: SandboxContext) => ctx.store.catalog.categoryById,
    form: /^cat_[0-9a-f]{12}$/,
  },
} as const;

/** The location-id-case-folded fault: the tenant's location whose id equals `id` ignoring case. */
function caseFolded(
  ctx: SandboxContext,
  parameter: keyof typeof PLACES,
  id: string,
  tenant: Tenant,
): Place | undefined {
  if (parameter !== 'locationId' || !ctx.faults.has('location-id-case-folded')) return undefined;
  const folded = id.toLowerCase();
  for (const place of PLACES.locationId.places(ctx).values())
    if (place.tenant === tenant.code && place.id.toLowerCase() === folded) return place;
  return undefined;
}

/**
 * The location or category a request names. One outside the key's tenant is reported exactly like
 * one that does not exist (spec §5: 404), unless the foreign-location/-category fault is on.
 */
export function resolvePlace(
  ctx: SandboxContext,
  parameter: keyof typeof PLACES,
  id: string | undefined,
  tenant: Tenant,
): Place | undefined {
  if (id === undefined) return undefined;
  const { fault, places, form } = PLACES[parameter];
  // The place-id-format-400 fault: the server's own id format checked before the lookup.
  if (ctx.faults.has('place-id-format-400') && !form.test(id)) throw badRequest(`${parameter} is malformed`);
  const place = places(ctx).get(id) ?? caseFolded(ctx, parameter, id, tenant);
  // The unknown-place-empty fault: an id no tenant has filters by a place nothing is in.
  if (place === undefined && ctx.faults.has('unknown-place-empty'))
    return { id, code: UNKNOWN_PLACE_CODE, tenant: tenant.code, name: '' };
  if (place === undefined) throw notFound(`${parameter} does not exist in this tenant`);
  if (place.tenant !== tenant.code && !ctx.faults.has(fault))
    throw notFound(foreignMessage(ctx, parameter, place));
  return place;
}

/**
 * What a foreign place's 404 says: what an unknown one's says, unless the foreign-404-names-owner
 * fault tells the two apart by naming the place's owner.
 */
function foreignMessage(ctx: SandboxContext, parameter: string, place: Place): string {
  if (!ctx.faults.has('foreign-404-names-owner')) return `${parameter} does not exist in this tenant`;
  const owner = ctx.store.catalog.tenants.find((entry) => entry.code === place.tenant);
  return `${parameter} ${place.id} belongs to tenant ${owner?.name ?? place.tenant}, not to the tenant of this API key`;
}

/**
 * A status filter's code in its enum's table. The last-status-empty fault is a table off by one at
 * its end: the enum's last value (ARCHIVED, CANCELLED) maps past it and selects nothing.
 */
export const lastOffByOne = (code: number, statuses: readonly string[], faults: FaultSet): number =>
  faults.has('last-status-empty') && code === statuses.length - 1 ? statuses.length : code;
