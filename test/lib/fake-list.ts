/**
 * A tiny in-memory list endpoint for unit tests of the walk and its checks, with bugs to switch on.
 * Its cursor is opaque and keyed, like a real one: it names the last record served and the status
 * filter, never an offset or a page size, so a walk may change its limit between pages (spec §4.3
 * rule 4 binds the filters, not the limit) and a changed filter is a 400.
 */
import { toApiResponse, type ApiResponse } from '../../lib/http/response.ts';
import type { ApiCall } from '../../lib/http/call.ts';

export type FakeBug =
  'duplicate' | 'cycle' | 'overflow' | 'capped' | 'mismatch' | 'filter-lost' | 'empty-shape' | 'error-500';

/** The page size the capped bug serves at most, whatever the limit asked. */
const CAP = 4;

export const FAKE_ORDERS = 23;

const orders = Array.from({ length: FAKE_ORDERS }, (_, index) => ({
  id: `o${index}`,
  status: index % 2 === 0 ? 'OPEN' : 'PAID',
  locationId: 'l1',
}));

interface Position {
  /** Index of the last record served; -1 before the first. */
  after: number;
  status: string | null;
}

/** The cursor of the page after record `after`, for a walk filtered by `status`. */
export const fakeToken = (after: number, status: string | null = null): string =>
  Buffer.from(JSON.stringify({ after, status })).toString('base64url');

function readToken(token: string): Position | null {
  try {
    const position = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Position;
    return Number.isSafeInteger(position.after) ? position : null;
  } catch {
    return null;
  }
}

/** Every answer of a real server carries a Date (RFC 9110 §6.6.1); the fakes' is fixed. */
export const DATE = { date: 'Fri, 27 Nov 2026 12:00:00 GMT' };

const json = (status: number, body: unknown): ApiResponse =>
  toApiResponse(status, { 'content-type': 'application/json', ...DATE }, JSON.stringify(body), 1);

export function fakeOrders(call: ApiCall, bug?: FakeBug): ApiResponse {
  const asked = Number(call.query.limit ?? 50);
  const limit = bug === 'capped' ? Math.min(asked, CAP) : asked;
  const status = call.query.status ?? null;
  const token = call.query.cursor;
  const position = token === undefined ? { after: -1, status } : readToken(token);
  if (position === null || position.status !== status)
    return json(400, { statusCode: 400, error: 'Bad Request', message: 'cursor does not fit this walk' });
  const later = token !== undefined;
  if (bug === 'error-500' && later) return toApiResponse(500, { 'content-type': 'text/plain' }, 'boom', 1);
  const filtered = orders
    .map((order, index) => ({ order, index }))
    .filter(({ order }) => status === null || (bug === 'filter-lost' && later) || order.status === status);
  const rest = filtered.filter(
    ({ index }) => index > position.after - (bug === 'duplicate' && later ? 1 : 0),
  );
  const served = rest.slice(0, limit + (bug === 'overflow' ? 1 : 0));
  const last = served[Math.min(limit, served.length) - 1];
  let pagination =
    rest.length > limit && last !== undefined
      ? { nextPageToken: fakeToken(bug === 'cycle' && later ? -1 : last.index, status), hasMore: true }
      : { nextPageToken: null, hasMore: false };
  if (bug === 'mismatch' && pagination.hasMore) pagination = { nextPageToken: null, hasMore: true };
  if (bug === 'empty-shape' && served.length === 0) pagination = { nextPageToken: 'x', hasMore: true };
  return json(200, { data: served.map(({ order }) => order), pagination });
}
