import { FIRST_INACTIVE_ORDER_STATUS } from '../domain.ts';
import { pageClauses, type KeysetMode, type PageStart, type Statements } from './statements.ts';

export interface OrderFilter {
  tenant: number;
  /** Allowed status codes; undefined means any. An empty list matches nothing. */
  statuses?: readonly number[];
  location?: number;
}

export interface OrderRow {
  seq: number;
  id: string;
  number: string | null;
  status: number;
  location: number | null;
  created_at: number;
}

/** Orders sort newest first by (created_at, seq); seq breaks ties between orders of one second. */
export const orderSortKey = (row: OrderRow): readonly [number, number] => [row.created_at, row.seq];

function statusClause(statuses: readonly number[], params: unknown[]): string {
  const isActiveSet =
    statuses.length === FIRST_INACTIVE_ORDER_STATUS && statuses.every((s) => s < FIRST_INACTIVE_ORDER_STATUS);
  // The generated `active` column has its own index, so activeOnly is a range scan, not a sort.
  if (isActiveSet) return 'active = 1';
  params.push(...statuses);
  return statuses.length === 1 ? 'status = ?' : `status IN (${statuses.map(() => '?').join(',')})`;
}

export function listOrders(
  cache: Statements,
  filter: OrderFilter,
  start: PageStart,
  mode: KeysetMode,
  limit: number,
): OrderRow[] {
  if (filter.statuses?.length === 0) return [];
  const where = ['tenant = ?'];
  const params: unknown[] = [filter.tenant];
  if (filter.statuses !== undefined) where.push(statusClause(filter.statuses, params));
  if (filter.location !== undefined) {
    where.push('location = ?');
    params.push(filter.location);
  }
  const tail = pageClauses(
    start,
    mode,
    { sort: 'created_at', seq: 'seq', direction: '<' },
    where,
    params,
    limit,
  );
  const sql = `SELECT seq, id, number, status, location, created_at FROM orders ${tail}`;
  return cache.get(sql).all(params) as OrderRow[];
}
