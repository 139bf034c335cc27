import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.ts';
import type { PageBody } from './paging.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The exchange a page answers: the request, its reply, and the key's tenant (its validators hash it). */
interface Exchange {
  request: FastifyRequest;
  reply: FastifyReply;
  tenant: string;
}

/**
 * Runs the page query and sends it with its validators (a 304 when the request's condition holds:
 * routes/validators.ts). The load faults hook in here: deep-page-slowdown before the query, and
 * shared-cache around it (keyed by the URL alone, which is the bug).
 */
export async function sendPage(
  ctx: SandboxContext,
  { request, reply, tenant }: Exchange,
  page: number,
  build: () => PageBody,
): Promise<FastifyReply> {
  await ctx.load.beforeQuery(page);
  await ctx.capacity.hold();
  const cache = ctx.load.cache;
  let body = cache?.get(request.url);
  if (body === undefined) {
    body = JSON.stringify(build());
    cache?.set(request.url, body);
  }
  // The bug: menus marked for any cache, as if they were the same for every tenant.
  if (ctx.faults.has('menu-public-cacheable') && request.url.includes('/public/menu/items'))
    reply.header('cache-control', 'public, max-age=300').header('vary', 'Accept-Encoding');
  if (ctx.validators(request, reply, tenant, body)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(body);
}
