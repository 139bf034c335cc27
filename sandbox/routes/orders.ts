import type { ApiKey } from '../auth.ts';
import type { SandboxContext } from '../context.ts';
import { ORDER_STATUSES, SCOPES } from '../domain.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import { listOrders, orderSortKey, type OrderFilter, type OrderRow } from '../queries/orders.ts';
import { parseBoolean, parseEnum, parseId, type RawQuery } from '../validate.ts';
import { lastOffByOne, resolvePlace } from './admit.ts';
import type { ListEndpoint, ListFilters } from './list-route.ts';

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
  const statusCodes = status === undefined ? undefined : [lastOffByOne(code(status), ORDER_STATUSES, faults)];
  // The active-only-false-filters fault: the parameter's presence is read, not its value.
  const filtering = faults.has('active-only-false-filters') ? activeOnly !== undefined : activeOnly === true;
  if (!filtering) return statusCodes;
  const active = faults.has('active-only-wrong') ? ACTIVE_WITH_PAID : ACTIVE;
  return statusCodes === undefined ? active : statusCodes.filter((c) => active.includes(c));
}

function readOrderFilters(ctx: SandboxContext, query: RawQuery, key: ApiKey): ListFilters<OrderFilter> {
  const locationId = parseId(query, 'locationId');
  const status = parseEnum(query, 'status', ORDER_STATUSES);
  const activeOnly = parseBoolean(query, 'activeOnly');
  const location = resolvePlace(ctx, 'locationId', locationId, key.tenant);
  const statuses = allowedStatuses(status, activeOnly, ctx.faults);
  return {
    // activeOnly=false and no activeOnly select the same list, so they share a cursor binding.
    bound: [locationId, status, activeOnly === true],
    placeTenant: location?.tenant,
    build: (tenant) => ({ tenant, location: location?.code, statuses }),
  };
}

/** GET /public/orders (spec §4.2, operation listPublicOrders). */
export function ordersEndpoint(ctx: SandboxContext): ListEndpoint<OrderFilter, OrderRow> {
  const { locationIds } = ctx.store.catalog;
  return {
    path: '/public/orders',
    endpoint: 'orders',
    // The scope-bypass fault: the route was copied from one that only needed public.read.
    scopes: ctx.faults.has('scope-bypass') ? [SCOPES.public] : [SCOPES.public, SCOPES.orders],
    sortValueType: 'number',
    readFilters: (query, key) => readOrderFilters(ctx, query, key),
    list: listOrders,
    sortKey: orderSortKey,
    toJson: (row) => ({
      id: row.id,
      number: row.number,
      status: ORDER_STATUSES[row.status],
      locationId: row.location === null ? null : (locationIds.get(row.location) ?? null),
      createdAt: new Date(row.created_at * 1000).toISOString(),
    }),
    countSql: 'SELECT COUNT(*) FROM orders WHERE tenant = ?',
  };
}
