/**
 * comparedWalk: which of a load's walks walk-complete-under-load judges (a quiescent tenant's
 * unfiltered list, any limit, ended with hasMore false) and what it finds, on the fake orders list
 * walked by the one walk loop, whole or cut short by an empty last page served in place of a 429.
 */
import { describe, expect, it } from 'vitest';
import { toApiResponse } from '../../lib/http/response.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { comparedWalk } from '../../lib/load/compared-walk.ts';
import type { SetupData } from '../../lib/load/scenario.ts';
import { walkList, type Sender } from '../../lib/paging/walk-list.ts';
import { DATE, FAKE_ORDERS, fakeOrders } from '../lib/fake-list.ts';
import { soon, spec, throttledFirst } from '../lib/walk-helpers.ts';

/** Tenant `a` is quiescent, its orders list of FAKE_ORDERS records; tenant `b` churns (not listed). */
const LISTED = { a: { orders: FAKE_ORDERS } };

const EMPTY_LAST_PAGE = toApiResponse(
  200,
  { 'content-type': 'application/json', ...DATE },
  JSON.stringify({ data: [], pagination: { nextPageToken: null, hasMore: false } }),
  1,
);

/** The fake list, its answers from the `from`-th request on (0-based) an empty last page: soft throttling. */
const softAfter = (from: number): Sender => {
  let sent = 0;
  return { send: (call: ApiCall) => Promise.resolve(sent++ >= from ? EMPTY_LAST_PAGE : fakeOrders(call)) };
};

/** A 429 ends the walk at once (throttled: inconclusive). */
const NO_RETRY = { maxRetries: 0, baseMs: 1, capMs: 1 };

const whole: Sender = { send: (call) => Promise.resolve(fakeOrders(call)) };

async function compared(
  sender: Sender,
  query: Record<string, string>,
  tenant = 'a',
  listed: SetupData['listed'] = LISTED,
) {
  const walkSpec = spec(query, { credential: { tenant, role: 'full', scheme: 'bearer' } });
  const walk = await walkList(sender, walkSpec, { deadlineMs: soon(), backoff: NO_RETRY });
  return comparedWalk(listed, walkSpec, walk);
}

describe('comparedWalk', () => {
  it("should judge a quiescent tenant's unfiltered walk that ended whole and find nothing, at any limit or none", async () => {
    for (const query of [{ limit: '5' }, { limit: '100' }, {}] as Record<string, string>[])
      expect(await compared(whole, query)).toEqual([]);
  });

  it('should fail a walk an empty last page ended short, naming its first request and never a key', async () => {
    const found = await compared(softAfter(2), { limit: '5' });

    expect(found).toEqual([
      expect.objectContaining({
        check: 'walk-complete-under-load',
        code: 'WALK_SHORT',
        severity: 'error',
        message: `GET /public/orders?limit=5 (tenant a's full key by bearer) ended with hasMore false after 10 distinct ids in 3 page(s), where the setup's complete walk of the same list returned ${FAKE_ORDERS}`,
        expected: `${FAKE_ORDERS} distinct ids, as the setup's complete walk of the same list returned (quiescent data)`,
        received: '10 distinct ids in 3 page(s)',
      }),
    ]);
    expect(found?.[0]?.requests.map((request) => request.status)).toEqual([200, 200, 200]);
  });

  it('should fail a walk whose first page is empty where the list is not', async () => {
    const found = await compared(softAfter(0), { limit: '5' });

    expect(found?.map((failure) => [failure.code, failure.received])).toEqual([
      ['FIRST_PAGE_EMPTY', '0 distinct ids in 1 page(s)'],
    ]);
  });

  it("should fail a walk that returned more than the setup's: that walk was the one cut short", async () => {
    const found = await compared(whole, { limit: '5' }, 'a', { a: { orders: FAKE_ORDERS - 3 } });

    expect(found?.map((failure) => failure.code)).toEqual(['SETUP_WALK_SHORT']);
  });

  it('should not judge a filtered walk, a changing tenant, another list, or a walk that did not end with hasMore false', async () => {
    expect(await compared(softAfter(0), { limit: '5', status: 'OPEN' })).toBeUndefined();
    expect(await compared(softAfter(0), { limit: '5' }, 'b')).toBeUndefined();
    expect(await compared(softAfter(0), { limit: '5' }, 'a', { a: {} })).toBeUndefined();
    expect(await compared(softAfter(0), { limit: '5' }, 'a', {})).toBeUndefined();
    // Throttled to the end (an inconclusive walk), or failed by a page check: nothing proved of the list.
    expect(await compared(throttledFirst(5, '0'), { limit: '5' })).toBeUndefined();
    expect(
      await compared({ send: (call) => Promise.resolve(fakeOrders(call, 'duplicate')) }, { limit: '5' }),
    ).toBeUndefined();
  });
});
