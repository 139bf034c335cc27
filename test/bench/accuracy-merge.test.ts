import { describe, expect, it } from 'vitest';
import { nearestRank } from '../../bench/percentiles.ts';
import { accuracyFigures, withinTolerance } from '../../bench/sections/accuracy.ts';
import { mergeFigures, worstOf } from '../../bench/sections/merge.ts';

describe('accuracy figures', () => {
  it("should judge the first pages' percentiles within 5% of the truth, all pages with no goal", () => {
    const metrics = {
      'latency{depth:1}': { type: 'trend' as const, values: { count: 300, p50: 103, p95: 330, p99: 480 } },
      latency: { type: 'trend' as const, values: { count: 900, p50: 101, p95: 200, p99: 400 } },
    };
    const figures = accuracyFigures([100, 320, 500], { metrics });

    expect(figures.slice(0, 3).map((figure) => [figure.name, figure.goal?.met])).toEqual([
      ['open model p50 / true p50', true],
      ['open model p95 / true p95', true],
      ['open model p99 / true p99', true],
    ]);
    expect(figures[3]?.goal).toBeUndefined();
    expect(withinTolerance(106, 100)).toBe(false);
    expect(withinTolerance(null, 100)).toBe(false);
  });
});

describe('merge figures', () => {
  it('should find the worst percentile and judge it against the HDR resolution', () => {
    const exact = (p: number) => p;
    const merged = worstOf((p) => (p === 95 ? 95.05 : p), exact);
    const averaged = worstOf((p) => (p === 99 ? 90 : p), exact);

    expect(merged).toEqual({ p: 95, value: 95.05, exact: 95 });
    const [first, , difference] = mergeFigures(3, 1000, merged, averaged);
    expect(first).toMatchObject({ name: 'merged / exact, worst (p95)', goal: { met: true } });
    expect(difference?.value).toBeCloseTo(0.0526, 3);
    expect(mergeFigures(3, 1000, { p: 50, value: 1.01, exact: 1 }, averaged)[0]?.goal?.met).toBe(false);
  });

  it('should take the nearest rank as the exact percentile', () => {
    expect(nearestRank([1, 2, 3, 4], 50)).toBe(2);
    expect(nearestRank([1, 2, 3, 4], 51)).toBe(3);
    expect(nearestRank([1, 2, 3, 4], 100)).toBe(4);
    expect(nearestRank([1, 2, 3, 4], 0)).toBe(1);
    expect(nearestRank([], 50)).toBeNaN();
  });
});
