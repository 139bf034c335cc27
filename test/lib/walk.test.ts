import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../lib/http/call.ts';
import type { Failure } from '../../lib/failure.ts';
import type { PageCheck } from '../../lib/checks/types.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { foldPage, nextCall, startWalk, type WalkState } from '../../lib/paging/walk.ts';
import { walkList, type Sender, type WalkOptions } from '../../lib/paging/walk-list.ts';
import { FAKE_ORDERS, fakeOrders, fakeToken, type FakeBug } from './fake-list.ts';
import { soon, spec } from './walk-helpers.ts';

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

  it('should end budget-reached, failing nothing, when a list outlasts its page budget without a repeat', async () => {
    // Arrange: 23 records at 5 a page need 5 pages; the budget is 2.
    const sender = fakeSender();

    // Act
    const state = await walkList(sender, spec({ limit: '5' }, { maxPages: 2 }), { deadlineMs: soon() });

    // Assert: a long list is no evidence of an endless one.
    expect(state.end).toBe('budget-reached');
    expect(state.failures).toEqual([]);
    expect(state.pageCount).toBe(2);
    expect(sender.calls).toHaveLength(2);
    expect(state.ids.size).toBe(10);
  });

  it('should still fail a cycle it meets within its page budget', async () => {
    // The fake cycle's third page repeats the first, with the token it already gave.
    const state = await walkList(fakeSender('cycle'), spec({ limit: '5' }, { maxPages: 3 }), {
      deadlineMs: soon(),
    });
    expect(state.end).toBe('failed');
    expect(state.failures.map((failure) => [failure.check, failure.code])).toContainEqual([
      'walk-terminates',
      'CURSOR_CYCLE',
    ]);
  });

  const cases: [FakeBug, Record<string, string>, string][] = [
    ['duplicate', { limit: '5' }, 'no-duplicate-ids'],
    ['cycle', { limit: '5' }, 'walk-terminates'],
    ['overflow', { limit: '5' }, 'page-size-within-limit'],
    ['capped', { limit: '7' }, 'full-page-when-more'],
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

const JSON_TYPE = { 'content-type': 'application/json' };

describe('foldPage', () => {
  /** Folds `pages` (ids, each page with a new token but the last) into a new walk; the last page's failures. */
  function foldPages(pages: readonly (readonly string[])[]): { state: WalkState; failures: Failure[] } {
    const state = startWalk(spec({ limit: '3' }));
    let failures: Failure[] = [];
    pages.forEach((ids, index) => {
      const call = nextCall(state);
      if (call === null) throw new Error(`the walk ended before page ${index + 1}`);
      const data = ids.map((id) => ({ id, status: 'OPEN' }));
      const hasMore = index < pages.length - 1;
      const pagination = { nextPageToken: hasMore ? `t${index}` : null, hasMore };
      const body = JSON.stringify({ data, pagination });
      failures = foldPage(state, call, toApiResponse(200, JSON_TYPE, body, 1));
    });
    return { state, failures };
  }

  const messagesOf = (failures: readonly Failure[], check: string) =>
    failures.filter((failure) => failure.check === check).map((failure) => failure.message);

  it('should name the first repeated id in page order and the page it first came on', () => {
    // The third page repeats d (from page 2) before b (from page 1).
    const { state, failures } = foldPages([
      ['a', 'b', 'x'],
      ['c', 'd', 'y'],
      ['e', 'd', 'b'],
    ]);
    expect(messagesOf(failures, 'no-duplicate-ids')).toEqual([
      'id d on page 3 was already returned on page 2',
    ]);
    expect(messagesOf(failures, 'walk-terminates')).toEqual([]);
    expect([...state.ids]).toEqual(['a', 'b', 'x', 'c', 'd', 'y', 'e']);
  });

  it('should fail a page served again under a new token, and only a page equal to an earlier one', () => {
    const again = foldPages([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['a', 'b', 'c'],
    ]).failures;
    expect(messagesOf(again, 'walk-terminates')).toEqual(['page 3 repeats an earlier page']);
    // The same first id, another page: records served twice, not a page.
    const near = foldPages([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['a', 'b', 'g'],
    ]).failures;
    expect(messagesOf(near, 'walk-terminates')).toEqual([]);
    expect(messagesOf(near, 'no-duplicate-ids')).toEqual(['id a on page 3 was already returned on page 1']);
  });

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

describe('a page whose records are not of the contract shape', () => {
  /** One first page of `data`, folded with the filter rule's check among the page checks. */
  function foldOne(data: unknown[], checks?: Parameters<typeof foldPage>[3]): Failure[] {
    const state = startWalk(spec({ limit: '5', status: 'OPEN' }));
    const call = nextCall(state);
    if (call === null) throw new Error('a new walk has a first call');
    const body = JSON.stringify({ data, pagination: { nextPageToken: null, hasMore: false } });
    return foldPage(state, call, toApiResponse(200, JSON_TYPE, body, 1), checks);
  }

  it('should be the schema finding, not a check that threw on a null record', () => {
    // A search page padded with null to its limit: filter-respected reads each record's fields.
    const failures = foldOne([{ id: 'o1', status: 'OPEN' }, null, null]);

    expect(failures.map((failure) => failure.check)).toContain('page-matches-schema');
    expect(failures.find((failure) => failure.check === 'page-matches-schema')?.message).toMatch(/\/data\/1/);
  });

  /** A page check that throws whatever page it reads. */
  const throwing: PageCheck = {
    name: 'reads-records',
    description: 'throws on every page',
    catches: [],
    run: () => {
      throw new TypeError('a bug in a check');
    },
  };

  it('should add the schema finding when the checks it was given lack it', () => {
    expect(foldOne([null], [throwing]).map((failure) => failure.check)).toEqual(['page-matches-schema']);
  });

  it("should throw a check's error on a page of the contract's shape: that is the harness's bug", () => {
    expect(() => foldOne([{ id: 'o1', status: 'OPEN' }], [throwing])).toThrow('a bug in a check');
  });
});
