import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { KeyRing } from './auth.ts';
import type { SandboxContext } from './context.ts';
import { CursorCodec } from './cursor.ts';
import { DropConnection, installErrorHandlers, sendError } from './errors.ts';
import { faultSet } from './faults/catalogue.ts';
import { installHttpFaults } from './faults/http.ts';
import { installRouteFaults } from './faults/routes.ts';
import { LoadFaults } from './faults/load.ts';
import { installMutant } from './mutants/hook.ts';
import { latencySampler } from './latency.ts';
import { ServerCapacity } from './serve.ts';
import type { ResolvedOptions } from '../lib/target/sandbox-options.ts';
import { SANDBOX_IDENTITY_PATH, sandboxIdentity } from '../lib/target/sandbox-identity.ts';
import { seededRandom } from './random.ts';
import { RateLimits } from './rate-limit.ts';
import { registerList } from './routes/list-route.ts';
import { answerClientError, registerOtherMethods } from './routes/other-methods.ts';
import { menuItemsEndpoint } from './routes/menu-items.ts';
import { ordersEndpoint } from './routes/orders.ts';
import { pageValidators } from './routes/validators.ts';
import type { Store } from './store.ts';

export function apiKeyHeader(brand: string): string {
  return `X-${brand}-Api-Key`;
}

export function createContext(options: ResolvedOptions, store: Store): SandboxContext {
  const faults = faultSet(options.faults);
  return {
    store,
    faults,
    keys: new KeyRing(store.catalog.tenants),
    limits: new RateLimits(options.rateLimit, faults),
    cursors: new CursorCodec(),
    load: new LoadFaults(faults),
    capacity: new ServerCapacity(options.serve),
    brandHeader: apiKeyHeader(options.apiKeyBrand).toLowerCase(),
    tenantsByName: new Map(store.catalog.tenants.map((tenant) => [tenant.name, tenant])),
    validators: pageValidators(faults),
    identity: sandboxIdentity(options, randomUUID()),
  };
}

const IDENTITY_URL = `/api/v1${SANDBOX_IDENTITY_PATH}`;

/** The identity is asked before a reproduction runs: no injected latency or overload touches it. */
const asksIdentity = (request: FastifyRequest): boolean => request.url === IDENTITY_URL;

/** Builds the Fastify app of the public read API without listening (sandbox/start.ts listens). */
export function buildApp(ctx: SandboxContext, options: ResolvedOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    // Keep-alive clients (undici, Artillery) must not hold close() open.
    forceCloseConnections: true,
    frameworkErrors: (error, _request, reply) => {
      void sendError(reply, 400, error.message, ctx.faults);
    },
    clientErrorHandler: answerClientError,
  });
  installErrorHandlers(app, ctx.faults);
  const sampleLatency = latencySampler(options.latency, seededRandom(options.seed ^ 0x5eed));
  if (sampleLatency !== undefined) {
    app.addHook('onRequest', async (request) => {
      if (!asksIdentity(request)) await sleep(sampleLatency());
    });
  }
  if (ctx.load.active) {
    app.addHook('onRequest', async (request, reply) => {
      if (asksIdentity(request)) return;
      const verdict = await ctx.load.beforeRequest();
      if (verdict === undefined) return;
      if ('drop' in verdict) throw new DropConnection(verdict.drop);
      return sendError(reply, verdict.statusCode, verdict.message, ctx.faults);
    });
  }
  if (ctx.capacity.sheds) {
    app.addHook('onRequest', async (request, reply) => {
      if (!asksIdentity(request) && ctx.capacity.shed())
        return sendError(reply, 503, 'over capacity: request shed', ctx.faults);
    });
  }
  installHttpFaults(app, ctx.faults);
  installMutant(app, options.mutant);
  // Which sandbox this is (its settings, no key): a reproduction checks it meets the one it was made for.
  app.get(IDENTITY_URL, (_request, reply) => reply.send(ctx.identity));
  const menu = menuItemsEndpoint(ctx);
  const orders = ordersEndpoint(ctx);
  installRouteFaults(app, ctx, orders);
  registerList(app, ctx, menu);
  registerList(app, ctx, orders);
  registerOtherMethods(app, [`/api/v1${menu.path}`, `/api/v1${orders.path}`], ctx.faults);
  return app;
}
