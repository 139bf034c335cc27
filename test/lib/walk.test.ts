import { describe, expect, it } from 'vitest';
import { foldPage, nextCall, startWalk, type WalkSpec } from '../../lib/paging/walk.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { fakeOrders, type FakeBug } from './fake-list.ts';

const spec = (query: Record<string, string>): WalkSpec => ({
  endpoint: 'orders',
  query,
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
  maxPages: 30,
});

function walk(query: Record<string, string>, bug?: FakeBug) {
  const state = startWalk(spec(query));
  for (let call = nextCall(state); call !== null; call = nextCall(state))
    foldPage(state, call, fakeOrders(call, bug));
  return state;
}

describe('sans-I/O walk', () => {
  it('should walk a correct list to the end with no failures, whatever the limit', () => {
    for (const limit of ['1', '5', '7', '100']) {
      const state = walk({ limit });
      expect(state.failures).toEqual([]);
      expect(state.end).toBe('complete');
      expect(state.ids.size).toBe(23);
    }
  });

  it('should record each request by tenant and role, never by key', () => {
    const state = walk({ limit: '10' });
    expect(state.requests.map((r) => r.path)).toEqual([
      '/public/orders?limit=10',
      '/public/orders?limit=10&cursor=10',
      '/public/orders?limit=10&cursor=20',
    ]);
    expect(state.requests[0]).toMatchObject({ tenant: 'a', role: 'full', scheme: 'bearer', status: 200 });
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

  it.each(cases)('should catch the %s bug with its check and stop the walk', (bug, query, check) => {
    const state = walk(query, bug);
    expect(state.failures.map((f) => f.check)).toContain(check);
    expect(state.end).not.toBe('complete');
    expect(state.failures[0]?.requests.length).toBe(state.requests.length);
  });
});
