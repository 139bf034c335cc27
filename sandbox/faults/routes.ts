/**
 * Routes spec §1 does not make public, left open by mistake: post-creates-order takes a JSON order
 * on POST /public/orders and stores it (an internal create of external orders, spec §1: "not part
 * of the interface"); order-detail-route is an internal GET /public/orders/{id} that looks the
 * order up by id alone, whichever tenant owns it (spec §5: outside the tenant is 404).
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { ORDER_STATUSES } from '../domain.ts';
import { notFound } from '../errors.ts';
import type { OrderFilter, OrderRow } from '../queries/orders.ts';
import { admit } from '../routes/admit.ts';
import type { ListEndpoint } from '../routes/list-route.ts';

const ORDERS_URL = '/api/v1/public/orders';

type Orders = ListEndpoint<OrderFilter, OrderRow>;

/** Installs the route faults `ctx.faults` switches on, before the routes are registered. */
export function installRouteFaults(app: FastifyInstance, ctx: SandboxContext, orders: Orders): void {
  if (ctx.faults.has('post-creates-order')) createsOrders(app, ctx, orders);
  if (ctx.faults.has('order-detail-route')) servesOrderById(app, ctx, orders);
}

/** A body that names a status of spec §3 is taken as an order; anything else falls through to 405. */
function createsOrders(app: FastifyInstance, ctx: SandboxContext, orders: Orders): void {
  const { db, catalog } = ctx.store;
  const insert = db.prepare(
    'INSERT INTO orders (tenant, number, status, location, created_at) VALUES (?,?,?,?,?)',
  );
  const byRowId = db.prepare(
    'SELECT seq, id, number, status, location, created_at FROM orders WHERE seq = ?',
  );
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== ORDERS_URL) return;
    const body = request.body as { status?: unknown; number?: unknown; locationId?: unknown } | null;
    const status = ORDER_STATUSES.indexOf(body?.status as (typeof ORDER_STATUSES)[number]);
    if (status < 0) return;
    const key = await admit(ctx, request, reply, orders.scopes);
    const place = catalog.locationById.get(String(body?.locationId));
    const location = place?.tenant === key.tenant.code ? place.code : null;
    const number = typeof body?.number === 'string' ? body.number : null;
    const made = insert.run(key.tenant.code, number, status, location, Math.floor(Date.now() / 1000));
    const row = byRowId.get(made.lastInsertRowid) as OrderRow;
    const filter = { tenant: key.tenant.code };
    return reply
      .code(201)
      .header('location', `${ORDERS_URL}/${row.id}`)
      .send(orders.toJson(row, { filter, page: 1 }));
  });
}

function servesOrderById(app: FastifyInstance, ctx: SandboxContext, orders: Orders): void {
  const byId = ctx.store.db.prepare(
    'SELECT seq, id, number, status, location, created_at FROM orders WHERE id = ?',
  );
  app.get<{ Params: { id: string } }>(`${ORDERS_URL}/:id`, async (request, reply) => {
    const key = await admit(ctx, request, reply, orders.scopes);
    // The bug: no tenant in the lookup.
    const row = byId.get(request.params.id) as OrderRow | undefined;
    if (row === undefined) throw notFound(`order ${request.params.id} not found`);
    return orders.toJson(row, { filter: { tenant: key.tenant.code }, page: 1 });
  });
}
