/**
 * A run's loads on one time axis (lib/load/run/timeline.ts), and the summary metrics built from
 * their points (loadMetrics): inputs are laid out second by second, so every expected value is
 * known, not recomputed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PointWriter } from '../../lib/load/points/write.ts';
import type { LoadResult } from '../../lib/load/run/loads.ts';
import { loadMetrics } from '../../lib/load/run/summary.ts';
import { loadTimeline, plannedRateAt } from '../../lib/load/run/timeline.ts';
import { buildSummary } from '../../lib/report/build.ts';
import { testRun } from '../report/test-run.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { arrivalsOf, recordArrivals, recordResponses, responsesOf, type Sample } from '../setup/responses.ts';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);

const response = (atMs: number, durationMs: number, status = 200): Sample => ({
  time: T0 + atMs,
  durationMs,
  status,
  key: 'tenant-a/full',
  tenant: 'tenant-a',
  endpoint: 'orders',
});

/** A gate's summary on a sandbox, started at T0, with the loads' metrics. */
const gateSummary = async (loads: Parameters<typeof loadMetrics>[0]) =>
  buildSummary(
    testRun('gate', {
      versions: { harness: '0', node: process.version, artillery: '2.0.34' },
      startedAt: new Date(T0),
      finishedAt: new Date(T0 + 5000),
    }),
    [{ metrics: await loadMetrics(loads) }],
  );

describe('plannedRateAt', () => {
  const phases = [
    { name: 'walk', durationS: 2, rate: 10 },
    { name: 'walk', durationS: 4, rate: 10, rampTo: 50 },
  ];

  it('should read a constant phase, a ramp at its midpoint, and nothing outside the schedule', () => {
    expect(plannedRateAt(phases, 1)).toBe(10);
    expect(plannedRateAt(phases, 4)).toBe(30);
    expect(plannedRateAt(phases, 6)).toBeUndefined();
    expect(plannedRateAt(phases, -0.5)).toBeUndefined();
  });
});

describe('loadTimeline', () => {
  // walk: 2 s at 2 arrivals/s from the first response; stress: 2 s at 4 arrivals/s from t=2, one 429.
  const walk = {
    name: 'walk',
    phases: [{ name: 'walk', durationS: 2, rate: 2 }],
    responses: responsesOf([response(0, 10), response(500, 30), response(1000, 20)]),
    arrivals: arrivalsOf([T0, T0 + 500, T0 + 1000]),
  };
  const stress = {
    name: 'stress',
    expects: 'throttling',
    phases: [{ name: 'walk', durationS: 2, rate: 4 }],
    responses: responsesOf([response(2100, 50), response(2200, 1, 429), response(3100, 70)]),
    arrivals: arrivalsOf([T0 + 2000, T0 + 2250, T0 + 2500, T0 + 2750, T0 + 3000]),
  };

  it("should place each load's stretch on the axis and name what it provokes on purpose", () => {
    const { loads } = loadTimeline([walk, stress]);
    expect(loads).toEqual([
      { name: 'walk', start: 0, end: 2 },
      { name: 'stress', start: 2, end: 4, expects: 'throttling' },
    ]);
  });

  it('should give latency of what was served, arrivals and the planned rate per second', () => {
    const { timeline } = loadTimeline([walk, stress]);
    // The one percentile (HDR): within 0.1 % above the value at its rank.
    const tenths = (value?: number) => (value === undefined ? value : Math.round(value * 10) / 10);
    expect(timeline.map((point) => ({ ...point, p50: tenths(point.p50), p95: tenths(point.p95) }))).toEqual([
      { t: 0, served: 2, p50: 10, p95: 30, arrivals: 2, planned: 2 },
      { t: 1, served: 1, p50: 20, p95: 20, arrivals: 1, planned: 2 },
      { t: 2, served: 1, p50: 50, p95: 50, arrivals: 4, planned: 4 },
      { t: 3, served: 1, p50: 70, p95: 70, arrivals: 1, planned: 4 },
    ]);
  });

  it('should leave out a load that sent nothing, and be empty when nothing was answered', () => {
    const idle = {
      name: 'isolation',
      phases: [{ name: 'walk', durationS: 5, rate: 1 }],
      responses: responsesOf([]),
      arrivals: [],
    };
    expect(loadTimeline([walk, idle]).loads.map((load) => load.name)).toEqual(['walk']);
    expect(loadTimeline([idle])).toEqual({ loads: [], timeline: [] });
  });
});

describe('loadMetrics', () => {
  interface Trace {
    phases: { name: string; durationS: number; rate: number }[];
    expects?: string;
    responses: Sample[];
    arrivals: number[];
  }
  function pointsFile(name: string, trace: Trace): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'timeline-')), `${name}.ndjson.gz`);
    const writer = new PointWriter(file);
    recordResponses(writer, trace.responses);
    recordArrivals(writer, trace.arrivals);
    writer.flush();
    return file;
  }

  it('should write windows and timeline that validate, on the axis of the 429 share', async () => {
    const result = (scenario: string, trace: Trace) =>
      ({
        scenario,
        profile: 'smoke',
        phases: trace.phases,
        ...(trace.expects ? { expects: trace.expects } : {}),
        files: {
          points: [pointsFile(scenario, trace)],
        },
      }) as unknown as LoadResult;
    const walk = {
      name: 'walk',
      phases: [{ name: 'walk', durationS: 1, rate: 1 }],
      responses: [response(500, 5)],
      arrivals: [T0 + 490],
    };
    const stress = {
      name: 'stress',
      expects: 'throttling',
      phases: [{ name: 'walk', durationS: 1, rate: 2 }],
      responses: [response(1200, 1, 429), response(1700, 9)],
      arrivals: [T0 + 1190, T0 + 1690],
    };
    const summary = await gateSummary([
      { name: 'walk', result: result('walk', walk) },
      { name: 'stress', result: result('stress', stress) },
    ]);

    expect(validateSummary(summary)).toMatchObject({ ok: true });
    expect(summary.metrics.loads).toEqual([
      { name: 'walk', start: 0, end: 1 },
      { name: 'stress', start: 1, end: 2, expects: 'throttling' },
    ]);
    // Whole seconds (the points' cells) from the first response's (T0): the 429 at T0+1200 falls
    // in second 1 of both.
    expect(summary.metrics.timeline?.map((point) => [point.t, point.served, point.arrivals])).toEqual([
      [0, 1, 1],
      [1, 1, 2],
    ]);
    expect(summary.metrics.rate429.filter((point) => point.tenant === undefined)).toEqual([
      { t: 0, rate: 0 },
      { t: 1, rate: 0.5 },
    ]);
  });

  it('should name on each latency row the load it measured, what a baseline matches on', async () => {
    const result = (scenario: string, rate: number) =>
      ({
        scenario,
        profile: 'smoke',
        phases: [{ name: 'walk', durationS: 1, rate }],
        files: {
          points: [
            pointsFile(scenario, {
              phases: [],
              responses: [response(500, 5)],
              arrivals: [T0 + 490],
            }),
          ],
        },
      }) as unknown as LoadResult;
    const summary = await gateSummary([
      { name: 'walk', result: result('walk', 1) },
      { name: 'stress', result: result('stress', 2) },
    ]);

    const rows = summary.metrics.latency.filter((row) => row.tenant === undefined);
    expect(rows.map((row) => [row.stage, row.load])).toEqual([
      [undefined, 'walk: walk/smoke walk 1/s for 1s; stress: stress/smoke walk 2/s for 1s'],
      ['walk', 'walk/smoke walk 1/s for 1s'],
      ['stress', 'stress/smoke walk 2/s for 1s'],
    ]);
  });
});
