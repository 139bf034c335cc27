/** The over-long values of every parameter's outside stay within a request line's usual 8 KB. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import { cursorOutside } from '../../properties/arbitraries/outside-ids.ts';
import { searchOutside } from '../../properties/arbitraries/outside.ts';

/** A tenant whose only item names encode to 9 bytes a character (CJK). */
const cjkTenant: TenantSurvey = {
  name: 'a',
  quiescent: true,
  lists: {
    orders: { records: [], end: 'complete', pages: 1 },
    menuItems: {
      records: [{ id: 'm1', name: '寿司 盛り合わせ', sku: null, status: 'ACTIVE' }],
      end: 'complete',
      pages: 1,
    },
  },
  locations: [],
  categories: [],
  menuByLocation: {},
};

const overLong = (outsides: readonly { kind: string; encoded: readonly string[] }[]) =>
  outsides.filter((outside) => outside.kind === 'an over-long value').flatMap((outside) => outside.encoded);

describe('over-long parameter values', () => {
  it('should be longer than any stored word yet at most 6,000 bytes once encoded, multi-byte text too', () => {
    for (const arbitrary of [searchOutside(cjkTenant), cursorOutside]) {
      const values = fc.sample(arbitrary, { numRuns: 200, seed: 1 }).flatMap(overLong);
      expect(values.length).toBeGreaterThan(0);
      for (const value of values) {
        expect(value.length).toBeLessThanOrEqual(6000);
        expect([...decodeURIComponent(value)].length).toBeGreaterThanOrEqual(256);
      }
    }
  });
});
