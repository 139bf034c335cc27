import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { ORDER_STATUSES, SCOPES } from '../domain.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import { listOrders, orderSortKey, type OrderFilter, type OrderRow } from '../queries/orders.ts';
import { parseBoolean, parseEnum, parseId, parseLimit, type RawQuery } from '../validate.ts';
import { admit, resolvePlace } from './admit.ts';
import { buildPage, keysetMode, readCursor, walkBinding } from './paging.ts';
import { sendPage } from './send-page.ts';

type OrderStatus = (typeof ORDER_STATUSES)[number];

const code = (status: OrderStatus): number => ORDER_STATUSES.indexOf(status);
const ACTIVE = [code('OPEN'), code('SENT_TO_KITCHEN')];
const ACTIVE_WITH_PAID = [...ACTIVE, code('PAID')];

/**
 * The status codes an orders request allows, or undefined for all. activeOnly=true means OPEN and
 * SENT_TO_KITCHEN (spec §3); with status as well, both must hold (the intersection: spec §4.2
 * leaves the combination "not shown", so the sandbox documents this choice). activeOnly=false
 * does not restrict.
 */
function allowedStatuses(
  status: OrderStatus | undefined,
  activeOnly: boolean | undefined,
  faults: FaultSet,
): number[] | undefined {
  const statusCodes = status === undefined ? undefined : [code(status)];
  if (activeOnly !== true) return statusCodes;
  const active = faults.has('active-only-wrong') ? ACTIVE_WITH_PAID : ACTIVE;
  return statusCodes === undefined ? active : statusCodes.filter((code) => active.includes(code));
}

function orderView(ctx: SandboxContext) {
  const { locationIds } = ctx.store.catalog;
  return (row: OrderRow) => ({
    id: row.id,
    number: row.number,
    status: ORDER_STATUSES[row.status],
    locationId: row.location === null ? null : (locationIds.get(row.location) ?? null),
    createdAt: new Date(row.created_at * 1000).toISOString(),
  });
}

/** GET /public/orders (spec §4.2, operation listPublicOrders). */
export function registerOrders(app: FastifyInstance, ctx: SandboxContext): void {
  const { faults, store } = ctx;
  // The scope-bypass fault: the route was copied from one that only needed public.read.
  const scopes = faults.has('scope-bypass') ? [SCOPES.public] : [SCOPES.public, SCOPES.orders];
  const toJson = orderView(ctx);
  const countOrders = store.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE tenant = ?').pluck();
  app.get('/api/v1/public/orders', async (request, reply) => {
    const key = await admit(ctx, request, reply, scopes);
    const query = request.query as RawQuery;
    const limit = parseLimit(query, faults);
    const cursor = parseId(query, 'cursor', Infinity);
    const locationId = parseId(query, 'locationId');
    const status = parseEnum(query, 'status', ORDER_STATUSES);
    const activeOnly = parseBoolean(query, 'activeOnly');
    const location = resolvePlace(
      store.catalog.locationById,
      locationId,
      key.tenant,
      'locationId',
      faults.has('foreign-location'),
    );
    // activeOnly=false and no activeOnly select the same list, so they share a cursor binding.
    const binding = walkBinding(key.tenant, 'orders', [locationId, status, activeOnly === true]);
    const walk = readCursor(ctx, cursor, binding, 'number');
    const tenant = location?.tenant ?? walk.tenant.code;
    const filter: OrderFilter =
      faults.has('filter-lost-on-later-pages') && walk.page > 1
        ? { tenant }
        : { tenant, location: location?.code, statuses: allowedStatuses(status, activeOnly, faults) };
    return sendPage(ctx, request, reply, walk.page, () => {
      const rows = listOrders(store.statements, filter, walk.start, keysetMode(faults), limit + 1);
      return buildPage(ctx, rows, limit, walk, binding, {
        sortKey: orderSortKey,
        toJson,
        total: () => countOrders.get(tenant) as number,
      });
    });
  });
}
