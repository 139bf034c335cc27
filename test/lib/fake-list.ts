/** A tiny in-memory list endpoint for unit tests of the walk and its checks, with bugs to switch on. */
import { toApiResponse, type ApiResponse } from '../../lib/http/response.ts';
import type { ApiCall } from '../../lib/http/call.ts';

export type FakeBug =
  'duplicate' | 'cycle' | 'overflow' | 'mismatch' | 'filter-lost' | 'empty-shape' | 'error-500';

const orders = Array.from({ length: 23 }, (_, index) => ({
  id: `o${index}`,
  status: index % 2 === 0 ? 'OPEN' : 'PAID',
  locationId: 'l1',
}));

export function fakeOrders(call: ApiCall, bug?: FakeBug): ApiResponse {
  const limit = Number(call.query.limit ?? 50);
  const start = call.query.cursor === undefined ? 0 : Number(call.query.cursor);
  if (bug === 'error-500' && start > 0)
    return toApiResponse(500, { 'content-type': 'text/plain' }, 'boom', 1);
  const filtered = orders.filter(
    (o) => !call.query.status || (bug === 'filter-lost' && start > 0) || o.status === call.query.status,
  );
  const from = bug === 'duplicate' && start > 0 ? start - 1 : start;
  const data = filtered.slice(from, from + limit + (bug === 'overflow' ? 1 : 0));
  const next = start + limit;
  let pagination =
    next < filtered.length
      ? { nextPageToken: String(bug === 'cycle' && start > 0 ? 0 : next), hasMore: true }
      : { nextPageToken: null, hasMore: false };
  if (bug === 'mismatch' && pagination.hasMore) pagination = { nextPageToken: null, hasMore: true };
  if (bug === 'empty-shape' && data.length === 0) pagination = { nextPageToken: 'x', hasMore: true };
  return toApiResponse(200, { 'content-type': 'application/json' }, JSON.stringify({ data, pagination }), 1);
}
