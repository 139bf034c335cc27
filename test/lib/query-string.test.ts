import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { queryString } from '../../lib/http/call.ts';

describe('queryString', () => {
  // k6 has no URLSearchParams, so the core writes query strings itself; Node's is the reference.
  test.prop([fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }))])(
    'should write exactly what URLSearchParams writes, for any names and values',
    (query) => {
      const expected = new URLSearchParams(query).toString();
      expect(queryString(query)).toBe(expected ? `?${expected}` : '');
    },
  );
});
