/** The paging classes (lib/props/paging.ts): which a result falls in, and the limits aimed at each. */
import { describe, expect, it } from 'vitest';
import { pagingClassesAt, pagingCoverageLimit, pagingLimits } from '../../lib/props/paging.ts';

describe('paging classes', () => {
  it('should tell a last page partly full from one exactly full, beside the classes of filters', () => {
    expect(pagingClassesAt(0, 5)).toEqual(['empty']);
    expect(pagingClassesAt(1, 5)).toEqual(['one']);
    expect(pagingClassesAt(4, 5)).toEqual(['under-page']);
    expect(pagingClassesAt(5, 5)).toEqual(['exact-page']);
    expect(pagingClassesAt(11, 5)).toEqual(['last-partial']);
    expect(pagingClassesAt(10, 5)).toEqual(['last-full']);
    expect(pagingClassesAt(15, 5)).toEqual(['several-pages', 'last-full']);
  });

  it('should give every limit within bounds that produces a class, and read each at its edge', () => {
    const any = { min: 1, max: 100 };
    expect(pagingLimits('last-full', 12, any)).toEqual([1, 2, 3, 4, 6]);
    expect(pagingLimits('last-full', 12, { min: 3, max: 100 })).toEqual([3, 4, 6]);
    expect(pagingLimits('exact-page', 120, any)).toEqual([]);
    // The largest limit that fills the last page; a last page holding one record; one under a page.
    expect(pagingCoverageLimit('last-full', 12, [1, 2, 3, 4, 6])).toBe(6);
    expect(pagingCoverageLimit('last-partial', 11, pagingLimits('last-partial', 11, any))).toBe(10);
    expect(pagingCoverageLimit('under-page', 7, pagingLimits('under-page', 7, any))).toBe(8);
  });
});
