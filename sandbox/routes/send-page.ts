import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context.ts';
import type { PageBody } from './paging.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Runs the page query and sends it. The load faults hook in here: deep-page-slowdown before the
 * query, and shared-cache around it (keyed by the URL alone, which is the bug).
 */
export async function sendPage(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  page: number,
  build: () => PageBody,
): Promise<FastifyReply> {
  await ctx.load.beforeQuery(page);
  await ctx.capacity.hold();
  const cache = ctx.load.cache;
  const cached = cache?.get(request.url);
  if (cached !== undefined) return reply.type(JSON_TYPE).send(cached);
  const body = JSON.stringify(build());
  cache?.set(request.url, body);
  return reply.type(JSON_TYPE).send(body);
}
