import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { callPath, queryString, withCursor } from '../../lib/http/call.ts';

describe('queryString', () => {
  // The core writes query strings itself (one function, every job); Node's is the reference.
  test.prop([fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }))])(
    'should write exactly what URLSearchParams writes, for any names and values',
    (query) => {
      const expected = new URLSearchParams(query).toString();
      expect(queryString(query)).toBe(expected ? `?${expected}` : '');
    },
  );
});

describe('withCursor', () => {
  const credential = { tenant: 't', role: 'full', scheme: 'bearer' } as const;
  // Walks build each later page's path by appending the cursor; it must be the path of the call.
  test.prop([
    fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })),
    fc.string({ unit: 'binary' }),
  ])('should give the path callPath gives the same call built whole', (query, cursor) => {
    const next = withCursor({ endpoint: 'orders', query, credential }, cursor);

    const whole = { endpoint: 'orders' as const, query: { ...query, cursor }, credential };
    expect(next.query).toEqual(whole.query);
    expect(callPath(next)).toBe(callPath(whole));
  });

  it('should keep the path it built off the call: a copy with another query has its own, records show none', () => {
    const next = withCursor({ endpoint: 'orders', query: { limit: '20' }, credential }, 'c1');
    expect(callPath(next)).toBe('/public/orders?limit=20&cursor=c1');

    const copy = { ...next, query: { limit: '5' } };
    expect(callPath(copy)).toBe('/public/orders?limit=5');
    expect(Object.keys(next)).toEqual(['endpoint', 'query', 'credential']);
    expect(JSON.parse(JSON.stringify(next))).toEqual({
      endpoint: 'orders',
      query: { limit: '20', cursor: 'c1' },
      credential,
    });
  });
});
