/** What the walk tests share: a walk spec of the fake orders list, a deadline, and 429 answers. */
import type { ApiCall } from '../../lib/http/call.ts';
import { toApiResponse, type ApiResponse } from '../../lib/http/response.ts';
import type { WalkSpec } from '../../lib/paging/walk.ts';
import type { Sender } from '../../lib/paging/walk-list.ts';
import { DATE, fakeOrders } from './fake-list.ts';

export const spec = (query: Record<string, string>, more: Partial<WalkSpec> = {}): WalkSpec => ({
  endpoint: 'orders',
  query,
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
  maxPages: 30,
  ...more,
});

export const throttled = (retryAfter: string): ApiResponse =>
  toApiResponse(
    429,
    { ...DATE, 'retry-after': retryAfter, 'content-type': 'application/json' },
    JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' }),
    1,
  );

/** The fake list behind a rate limiter that answers the first `count` requests with 429. */
export function throttledFirst(count: number, retryAfter: string): Sender & { sent: number } {
  const sender = {
    sent: 0,
    send(call: ApiCall) {
      sender.sent += 1;
      return Promise.resolve(sender.sent <= count ? throttled(retryAfter) : fakeOrders(call));
    },
  };
  return sender;
}

export const soon = (ms = 10_000) => Date.now() + ms;
