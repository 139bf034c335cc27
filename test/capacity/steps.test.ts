import { describe, expect, it } from 'vitest';
import { onset429 } from '../../lib/capacity/onset.ts';
import { planSteps } from '../../lib/capacity/plan.ts';
import { percentile, stepStats, type RequestSample } from '../../lib/capacity/step-stats.ts';
import { stepTable } from '../../lib/capacity/table.ts';

const sample = (status: number, durationMs: number, key = 'tenant-a/full'): RequestSample => ({
  durationMs,
  status,
  key,
  tenant: key.split('/')[0] ?? '',
  endpoint: 'orders',
  time: 0,
});

describe('planSteps', () => {
  const base = {
    startRps: 10,
    stepRps: 10,
    maxRps: 50,
    targetMaxRps: 2000,
    stepDurationS: 10,
    timeBudgetS: 600,
  };

  it('should step from start to the ceiling', () => {
    expect(planSteps(base)).toEqual({ rates: [10, 20, 30, 40, 50], ceilingRps: 50, boundBy: 'ceiling' });
  });

  it("should never go above the target's load.maxRps", () => {
    expect(planSteps({ ...base, targetMaxRps: 25 }).rates).toEqual([10, 20]);
  });

  it('should cut the plan to what fits in the time budget', () => {
    expect(planSteps({ ...base, timeBudgetS: 30, overheadS: 5 })).toMatchObject({
      rates: [10, 20],
      boundBy: 'time-budget',
    });
  });
});

describe('stepStats', () => {
  it('should take percentiles over answered requests only, and count 429s and errors apart', () => {
    const samples = [
      ...Array.from({ length: 96 }, (_, index) => sample(200, index + 1)),
      sample(429, 0.1),
      sample(429, 0.1),
      sample(503, 500),
      sample(0, 10_000),
    ];
    const stats = stepStats(0, 10, 10, samples, 3);
    expect(stats).toMatchObject({
      requests: 100,
      achievedRps: 10,
      dropped: 3,
      errorRate: 0.02,
      rate429: 0.02,
    });
    expect(stats.p50).toBe(49);
    expect(stats.p95).toBe(94);
    expect(stats.p99).toBe(10_000);
  });

  it('should use the nearest rank', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 95)).toBe(4);
    expect(percentile([], 95)).toBe(0);
  });
});

describe('onset429', () => {
  it('should name the first step rate at which each key and tenant got a 429, null when none did', () => {
    const onsets = onset429([
      { offeredRps: 10, samples: [sample(200, 1, 'tenant-a/full'), sample(200, 1, 'tenant-b/full')] },
      { offeredRps: 20, samples: [sample(429, 1, 'tenant-a/full'), sample(200, 1, 'tenant-b/full')] },
      { offeredRps: 30, samples: [sample(429, 1, 'tenant-a/noMenuRead'), sample(200, 1, 'tenant-b/full')] },
    ]);
    expect(onsets).toEqual([
      { scope: 'tenant', name: 'tenant-a', rps: 20 },
      { scope: 'tenant', name: 'tenant-b', rps: null },
      { scope: 'key', name: 'tenant-a/full', rps: 20 },
      { scope: 'key', name: 'tenant-a/noMenuRead', rps: 30 },
      { scope: 'key', name: 'tenant-b/full', rps: null },
    ]);
  });
});

describe('stepTable', () => {
  it('should print one aligned row per step and mark the knee', () => {
    const steps = [stepStats(0, 10, 1, [sample(200, 2)], 0), stepStats(1, 20, 1, [sample(429, 1)], 0)];
    const lines = stepTable(steps, {
      index: 1,
      rps: 20,
      p95: 0,
      reasons: ['429'],
      confirmed: false,
      baselineP95: 2,
    }).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('<- knee (429)');
    expect(lines[1]?.indexOf('rps')).toBe(lines[2]?.indexOf('rps'));
  });
});
