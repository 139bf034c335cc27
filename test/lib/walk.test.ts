import { describe, expect, it } from 'vitest';
import type { BackoffPolicy } from '../../lib/backoff.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { toApiResponse, type ApiResponse } from '../../lib/http/response.ts';
import { foldPage, nextCall, startWalk, type WalkSpec } from '../../lib/paging/walk.ts';
import { walkList, type Sender, type WalkOptions } from '../../lib/paging/walk-list.ts';
import { FAKE_ORDERS, fakeOrders, fakeToken, type FakeBug } from './fake-list.ts';

const spec = (query: Record<string, string>, more: Partial<WalkSpec> = {}): WalkSpec => ({
  endpoint: 'orders',
  query,
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
  maxPages: 30,
  ...more,
});

/** The fake list as a sender, counting what it was sent. */
function fakeSender(bug?: FakeBug): Sender & { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  return {
    calls,
    send(call) {
      calls.push(call);
      return Promise.resolve(fakeOrders(call, bug));
    },
  };
}

const throttled = (retryAfter: string): ApiResponse =>
  toApiResponse(
    429,
    { 'retry-after': retryAfter, 'content-type': 'application/json' },
    JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' }),
    1,
  );

/** The fake list behind a rate limiter that answers the first `count` requests with 429. */
function throttledFirst(count: number, retryAfter: string): Sender & { sent: number } {
  const sender = {
    sent: 0,
    send(call: ApiCall) {
      sender.sent += 1;
      return Promise.resolve(sender.sent <= count ? throttled(retryAfter) : fakeOrders(call));
    },
  };
  return sender;
}

const soon = (ms = 10_000) => Date.now() + ms;

function walk(query: Record<string, string>, bug?: FakeBug, options: Partial<WalkOptions> = {}) {
  return walkList(fakeSender(bug), spec(query), { deadlineMs: soon(), ...options });
}

const limitsAsked = (paths: readonly { path: string }[]) =>
  paths.map(({ path }) => new URLSearchParams(path.split('?')[1]).get('limit'));

describe('walkList, the one walk', () => {
  it('should walk a correct list to the end with no failures, whatever the limit', async () => {
    for (const limit of ['1', '5', '7', '100']) {
      const state = await walk({ limit });
      expect(state.failures).toEqual([]);
      expect(state.end).toBe('complete');
      expect(state.ids.size).toBe(FAKE_ORDERS);
      expect(state.retries).toBe(0);
    }
  });

  it('should record each request by tenant and role, never by key', async () => {
    const state = await walk({ limit: '10' });
    expect(state.requests.map((r) => r.path)).toEqual([
      '/public/orders?limit=10',
      `/public/orders?limit=10&cursor=${fakeToken(9)}`,
      `/public/orders?limit=10&cursor=${fakeToken(19)}`,
    ]);
    expect(state.requests[0]).toMatchObject({ tenant: 'a', role: 'full', scheme: 'bearer', status: 200 });
  });

  it('should hand each folded page to onPage with the failures it showed', async () => {
    const pages: [number, number, number][] = [];
    await walk({ limit: '10' }, undefined, {
      onPage: (state, _call, response, failures) =>
        pages.push([state.pageCount, response.status, failures.length]),
    });
    expect(pages).toEqual([
      [1, 200, 0],
      [2, 200, 0],
      [3, 200, 0],
    ]);
  });

  it('should back off on a 429 for as long as Retry-After says, then go on', async () => {
    // Arrange: two 429s asking for 10 ms; without Retry-After the policy would wait a whole second.
    const sender = throttledFirst(2, '0.01');
    const backoff: BackoffPolicy = { maxRetries: 3, baseMs: 1000, capMs: 1000 };
    const waits: number[] = [];
    const started = Date.now();

    // Act
    const state = await walkList(sender, spec({ limit: '10' }), {
      deadlineMs: soon(),
      backoff,
      random: () => 1,
      onResponse: (_call, response, _attempt, waitedMs) => waits.push(waitedMs),
    });

    // Assert
    expect(state.end).toBe('complete');
    expect(state.ids.size).toBe(FAKE_ORDERS);
    expect(state.retries).toBe(2);
    expect(waits).toEqual([0, 10, 10, 0, 0]);
    expect(Date.now() - started).toBeLessThan(900);
    expect(state.requests.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("should use the sender's own backoff unless the walk names one", async () => {
    const sender = { ...throttledFirst(5, '0.01'), backoff: { maxRetries: 1, baseMs: 1, capMs: 10 } };
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
    expect(state.end).toBe('throttled');
    expect(state.retries).toBe(1);
  });

  it('should end throttled, folding no 429, when a 429 outlasts the retries', async () => {
    const sender = throttledFirst(Infinity, '0.01');
    const state = await walkList(sender, spec({ limit: '10' }), {
      deadlineMs: soon(),
      backoff: { maxRetries: 2, baseMs: 1, capMs: 50 },
    });
    expect(state.end).toBe('throttled');
    expect(sender.sent).toBe(3);
    expect(state.retries).toBe(2);
    expect(state.requests).toEqual([]);
    expect(state.failures).toEqual([]);
  });

  it('should fail, not end throttled, on a 429 whose body is not an Error (spec §7)', async () => {
    const plain: Sender = {
      send: () =>
        Promise.resolve(toApiResponse(429, { 'content-type': 'text/plain' }, 'Too Many Requests', 1)),
    };
    const state = await walkList(plain, spec({ limit: '10' }), {
      deadlineMs: soon(),
      backoff: { maxRetries: 1, baseMs: 1, capMs: 5 },
    });
    expect(state.end).toBe('failed');
    expect(state.failures.map((failure) => [failure.check, failure.code])).toEqual([
      ['error-body-shape', 'ERROR_NOT_JSON'],
      ['error-body-shape', 'ERROR_NOT_JSON'],
    ]);
  });

  it.each([
    // The cursor expired while the walk waited: the spec promises no lifetime, so inconclusive.
    [
      400,
      JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'cursor expired' }),
      'cursor-refused',
      [],
    ],
    // A refusal that is not an Error still fails (spec §7), and a 5xx is never a refusal.
    [400, 'expired', 'failed', ['error-body-shape']],
    [
      500,
      JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'x' }),
      'failed',
      ['walk-pages-succeed'],
    ],
  ])(
    'should end a walk whose cursor got %i after 429s as %#: inconclusive only for a 4xx in the Error shape',
    async (status, body, end, checks) => {
      // Arrange: page 1 served, page 2 throttled once, then answered with `status`.
      let sent = 0;
      const sender: Sender = {
        send(call) {
          sent += 1;
          if (sent === 2) return Promise.resolve(throttled('0.01'));
          if (sent === 3)
            return Promise.resolve(toApiResponse(status, { 'content-type': 'application/json' }, body, 1));
          return Promise.resolve(fakeOrders(call));
        },
      };
      // Act
      const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
      // Assert
      expect(state.end).toBe(end);
      expect([...new Set(state.failures.map((failure) => failure.check))]).toEqual(checks);
    },
  );

  it('should fail a cursor refused without a wait: a live cursor must be served', async () => {
    let sent = 0;
    const sender: Sender = {
      send(call) {
        sent += 1;
        return Promise.resolve(
          sent === 2
            ? toApiResponse(
                400,
                { 'content-type': 'application/json' },
                JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'x' }),
                1,
              )
            : fakeOrders(call),
        );
      },
    };
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
    expect(state.end).toBe('failed');
    expect(state.failures.map((failure) => failure.check)).toContain('walk-pages-succeed');
  });

  it('should not wait out a Retry-After that reaches past the deadline', async () => {
    const sender = throttledFirst(Infinity, '30');
    const started = Date.now();
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon(200) });
    expect(state.end).toBe('throttled');
    expect(sender.sent).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('should end timed-out, not failed, when the deadline passes mid-walk', async () => {
    const state = await walk({ limit: '1' }, undefined, { deadlineMs: soon(50), paceMs: 20 });
    expect(state.end).toBe('timed-out');
    expect(state.pageCount).toBeGreaterThan(0);
    expect(state.pageCount).toBeLessThan(FAKE_ORDERS);
    expect(state.failures).toEqual([]);
  });

  it('should stop after `pages` pages as page-limit, keeping the cursor of the next', async () => {
    const sender = fakeSender();
    const state = await walkList(sender, spec({ limit: '5' }), { deadlineMs: soon(), pages: 2 });
    expect(state.end).toBe('page-limit');
    expect(state.pageCount).toBe(2);
    expect(sender.calls).toHaveLength(2);
    expect(state.ids.size).toBe(10);
    expect(state.cursor).toBe(fakeToken(9));
  });

  it('should end stopped once running() says the run is over', async () => {
    const sender = fakeSender();
    const state = await walkList(sender, spec({ limit: '5' }), {
      deadlineMs: soon(),
      running: () => sender.calls.length < 3,
    });
    expect(state.end).toBe('stopped');
    expect(state.pageCount).toBe(3);
    expect(state.failures).toEqual([]);
  });

  it('should get every id exactly once when the limit changes page by page (spec §4.3 rule 4)', async () => {
    // Arrange: limits taken in turn; the fake list's cursor binds the status filter, not the limit.
    const limits = ['3', '1', '7', '2', '100'];
    const changing = spec(
      { status: 'OPEN', limit: '3' },
      { limitOfPage: (page) => limits[page % limits.length] },
    );

    // Act
    const state = await walkList(fakeSender(), changing, { deadlineMs: soon() });
    const fixed = await walk({ status: 'OPEN', limit: '100' });

    // Assert
    expect(state.failures).toEqual([]);
    expect(state.end).toBe('complete');
    expect(limitsAsked(state.requests)).toEqual(['3', '1', '7', '2']);
    expect([...state.ids.keys()]).toEqual([...fixed.ids.keys()]);
    expect(state.ids.size).toBe(12);
  });

  it('should keep every other query parameter of the walk when the limit changes', async () => {
    const changing = spec({ status: 'PAID', limit: '2' }, { limitOfPage: (page) => String(page + 1) });
    const state = await walkList(fakeSender(), changing, { deadlineMs: soon() });
    expect(state.end).toBe('complete');
    expect(state.requests.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(limitsAsked(state.requests)).toEqual(['1', '2', '3', '4', '5']);
    expect(state.ids.size).toBe(11);
  });

  const cases: [FakeBug, Record<string, string>, string][] = [
    ['duplicate', { limit: '5' }, 'no-duplicate-ids'],
    ['cycle', { limit: '5' }, 'walk-terminates'],
    ['overflow', { limit: '5' }, 'page-size-within-limit'],
    ['mismatch', { limit: '5' }, 'pagination-consistent'],
    ['filter-lost', { limit: '3', status: 'OPEN' }, 'filter-respected'],
    ['empty-shape', { status: 'CLOSED' }, 'empty-result-exact'],
    ['error-500', { limit: '5' }, 'walk-pages-succeed'],
  ];

  it.each(cases)('should catch the %s bug with its check and stop the walk', async (bug, query, check) => {
    const state = await walk(query, bug);
    expect(state.failures.map((f) => f.check)).toContain(check);
    expect(state.end).not.toBe('complete');
    expect(state.failures[0]?.requests.length).toBe(state.requests.length);
  });
});

describe('foldPage', () => {
  it('should catch an id twice on one page, naming that page as the earlier one too', () => {
    // Arrange: a first page whose third record repeats the first one's id.
    const state = startWalk(spec({ limit: '5' }));
    const call = nextCall(state);
    if (call === null) throw new Error('a new walk has a first call');
    const data = ['o1', 'o2', 'o1'].map((id) => ({ id, status: 'OPEN' }));
    const body = JSON.stringify({ data, pagination: { nextPageToken: null, hasMore: false } });

    // Act
    const failures = foldPage(state, call, toApiResponse(200, {}, body, 1));

    // Assert
    expect(failures).toContainEqual(
      expect.objectContaining({
        check: 'no-duplicate-ids',
        message: 'id o1 on page 1 was already returned on page 1',
      }),
    );
  });
});
