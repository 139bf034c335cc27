import { describe, expect, it } from 'vitest';
import { onset429 } from '../../lib/capacity/onset.ts';
import { planSteps } from '../../lib/capacity/plan.ts';
import { stepStats } from '../../lib/capacity/step-stats.ts';
import { percentileOf as percentile } from '../../lib/load/points/percentile.ts';
import { stepTable } from '../../lib/capacity/table.ts';
import { responsesOf, type Sample } from '../setup/responses.ts';

const sample = (status: number, durationMs: number, key = 'tenant-a/full'): Sample => ({
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
    const stats = stepStats(0, 10, 10, responsesOf(samples), {
      planned: 100,
      started: 97,
      skipped: 0,
      latenessP95Ms: 3,
    });
    expect(stats).toMatchObject({
      requests: 100,
      achievedRps: 10,
      dropped: 3,
      generatorRps: 9.7,
      latenessP95: 3,
      errors: 2,
      errorRate: 0.02,
      rate429: 0.02,
    });
    expect(stats.undriven).toBeUndefined();
    // Arrivals skipped at the in-flight ceiling are among those not started: counted once.
    const skipping = { planned: 100, started: 90, skipped: 10, latenessP95Ms: 3 };
    expect(stepStats(0, 10, 10, responsesOf(samples), skipping).dropped).toBe(10);
    // The one percentile (HDR): within 0.1 % above the value at its rank.
    expect(stats.p50).toBeCloseTo(49, 1);
    expect(stats.p95).toBeCloseTo(94, 1);
    expect(stats.p99).toBe(10_000);
  });

  it('should mark a step the generator started late or short as not driven', () => {
    const late = stepStats(0, 10, 10, [], { planned: 100, started: 100, skipped: 0, latenessP95Ms: 501 });
    const short = stepStats(0, 10, 10, [], { planned: 100, started: 90, skipped: 0, latenessP95Ms: 1 });
    const kept = stepStats(0, 10, 10, [], { planned: 100, started: 96, skipped: 0, latenessP95Ms: 499 });
    expect([late.undriven, short.undriven, kept.undriven]).toEqual(['late', 'short', undefined]);
  });

  it("should mark a step whose requests queued behind the generator's busy event loop as not driven", () => {
    const kept = { planned: 100, started: 100, skipped: 0, latenessP95Ms: 1 };
    const queued = stepStats(0, 10, 10, [], { ...kept, clientWaitP95Ms: 101, busyP50: 90 });
    // The same wait with the loop idle is the target's: the step is driven, its latency holds it.
    const targets = stepStats(0, 10, 10, [], { ...kept, clientWaitP95Ms: 101, busyP50: 89 });
    expect([queued.undriven, targets.undriven]).toEqual(['queued', undefined]);
  });

  it('should use the nearest rank', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 95)).toBe(4);
    expect(percentile([], 95)).toBe(0);
  });
});

describe('onset429', () => {
  const step = (offeredRps: number, samples: Sample[]) => ({
    offeredRps,
    durationS: 1,
    responses: responsesOf(samples),
  });
  const sent = (key: string, ok: number, throttled = 0) => [
    ...Array.from({ length: ok }, () => sample(200, 1, key)),
    ...Array.from({ length: throttled }, () => sample(429, 1, key)),
  ];

  it("should read a key's own limit where its 429s start while its tenant's other keys get none", () => {
    const onsets = onset429([
      step(10, [...sent('tenant-a/full', 4), ...sent('tenant-a/noMenuRead', 2)]),
      step(20, [...sent('tenant-a/full', 5, 3), ...sent('tenant-a/noMenuRead', 4)]),
    ]);
    expect(onsets).toEqual([
      { scope: 'tenant', name: 'tenant-a', rps: null, limit: { atLeast: 12, below: null }, served: null },
      { scope: 'key', name: 'tenant-a/full', rps: 20, limit: { atLeast: 4, below: 8 }, served: 5 },
      {
        scope: 'key',
        name: 'tenant-a/noMenuRead',
        rps: null,
        limit: { atLeast: 4, below: null },
        served: null,
      },
    ]);
  });

  it('should read a stray 429 on one key, as a tenant sent just its limit gives, as no onset', () => {
    const onsets = onset429([
      step(10, [...sent('tenant-a/full', 20), ...sent('tenant-a/noMenuRead', 10)]),
      step(20, [...sent('tenant-a/full', 99, 1), ...sent('tenant-a/noMenuRead', 50)]),
    ]);
    expect(onsets.find((onset) => onset.name === 'tenant-a')?.rps).toBeNull();
    expect(onsets.find((onset) => onset.name === 'tenant-a/full')).toMatchObject({
      rps: null,
      limit: { atLeast: 20, below: null },
    });
  });

  it("should read the tenant's limit where two of its keys get 429s together, and not the keys' own", () => {
    const onsets = onset429([
      step(10, [...sent('tenant-a/full', 4), ...sent('tenant-a/noMenuRead', 2), ...sent('tenant-b/full', 3)]),
      step(20, [
        ...sent('tenant-a/full', 6, 2),
        ...sent('tenant-a/noMenuRead', 3, 1),
        ...sent('tenant-b/full', 6),
      ]),
    ]);
    expect(onsets).toEqual([
      { scope: 'tenant', name: 'tenant-a', rps: 20, limit: { atLeast: 6, below: 12 }, served: 9 },
      { scope: 'tenant', name: 'tenant-b', rps: null, limit: { atLeast: 6, below: null }, served: null },
      {
        scope: 'key',
        name: 'tenant-a/full',
        rps: 20,
        limit: { atLeast: 4, below: null },
        served: null,
        withTenant: true,
      },
      {
        scope: 'key',
        name: 'tenant-a/noMenuRead',
        rps: 20,
        limit: { atLeast: 2, below: null },
        served: null,
        withTenant: true,
      },
      { scope: 'key', name: 'tenant-b/full', rps: null, limit: { atLeast: 6, below: null }, served: null },
    ]);
  });

  it('should not count a key throttled by its own limit at an earlier step towards its tenant', () => {
    const onsets = onset429([
      step(10, [
        ...sent('tenant-a/full', 4),
        ...sent('tenant-a/noMenuRead', 2),
        ...sent('tenant-a/noOrdersRead', 2),
      ]),
      step(20, [
        ...sent('tenant-a/full', 5, 3),
        ...sent('tenant-a/noMenuRead', 4),
        ...sent('tenant-a/noOrdersRead', 4),
      ]),
      step(30, [
        ...sent('tenant-a/full', 5, 7),
        ...sent('tenant-a/noMenuRead', 6),
        ...sent('tenant-a/noOrdersRead', 5, 1),
      ]),
    ]);
    expect(onsets.find((onset) => onset.name === 'tenant-a')?.rps).toBeNull();
    expect(onsets.find((onset) => onset.name === 'tenant-a/full')).toMatchObject({ rps: 20, served: 5 });
    expect(onsets.find((onset) => onset.name === 'tenant-a/noOrdersRead')).toMatchObject({
      rps: 30,
      limit: { atLeast: 4, below: 6 },
    });
  });

  it("should read a tenant with one key as its tenant: its limit and the key's cannot be told apart", () => {
    const onsets = onset429([step(10, sent('tenant-a/full', 3, 1))]);
    expect(onsets[0]).toEqual({
      scope: 'tenant',
      name: 'tenant-a',
      rps: 10,
      limit: { atLeast: null, below: 4 },
      served: 3,
    });
    expect(onsets[1]).toMatchObject({ name: 'tenant-a/full', rps: 10, withTenant: true });
  });
});

describe('stepTable', () => {
  it('should print one aligned row per step and mark the capacity, the knee and each verdict', () => {
    const generator = { planned: 10, started: 10, skipped: 0, latenessP95Ms: 0 };
    const steps = [
      stepStats(0, 10, 1, responsesOf([sample(200, 2)]), generator),
      stepStats(1, 20, 1, responsesOf([sample(429, 1)]), generator),
    ];
    const lines = stepTable(
      steps,
      [{ verdict: 'met' }, { verdict: 'missed', misses: ['429'] }],
      {
        kind: 'measured',
        rps: 10,
        index: 0,
        missedAt: 20,
      },
      {
        index: 1,
        rps: 20,
        p95: 0,
        reasons: ['throughput'],
        because: [],
        confirmed: false,
        baselineP95: 2,
      },
    ).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/ met +<- capacity$/);
    expect(lines[2]).toMatch(/ missed: 429 +<- knee \(throughput\)$/);
    expect(lines[1]?.indexOf('rps')).toBe(lines[2]?.indexOf('rps'));
  });
});
