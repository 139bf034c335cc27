import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, requireScopes, type ApiKey } from '../auth.ts';
import type { Place, Tenant } from '../catalog.ts';
import type { SandboxContext } from '../context.ts';
import type { Scope } from '../domain.ts';
import { notFound } from '../errors.ts';

/** Authentication (401), then rate limits (429), then scopes (403), in that order. */
export async function admit(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly Scope[],
): Promise<ApiKey> {
  const key = authenticate(ctx.keys, request.headers, ctx.brandHeader, ctx.faults);
  await ctx.limits.consume(key, reply);
  requireScopes(key, scopes);
  return key;
}

/**
 * A location or category named by the request. One outside the key's tenant is reported exactly
 * like one that does not exist (spec §5: 404), unless `allowForeign` (the foreign-* faults).
 */
export function resolvePlace(
  places: ReadonlyMap<string, Place>,
  id: string | undefined,
  tenant: Tenant,
  parameter: string,
  allowForeign: boolean,
): Place | undefined {
  if (id === undefined) return undefined;
  const place = places.get(id);
  if (place === undefined || (place.tenant !== tenant.code && !allowForeign)) {
    throw notFound(`${parameter} does not exist in this tenant`);
  }
  return place;
}
