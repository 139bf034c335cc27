/** The metrics reshaped for uPlot (lib/report/chart-data.ts): the time charts and their load bands. */
import { describe, expect, it } from 'vitest';
import { buildCharts } from '../../lib/report/chart-data.ts';
import type { Metrics } from '../../lib/report/model.ts';
import { capacityWithAnswer } from './sample-summary.ts';

const metrics: Metrics = {
  latency: [],
  rate429: [
    { t: 0, rate: 0 },
    { t: 1, rate: 0.9 },
  ],
  depth: [],
  loads: [
    { name: 'walk', start: 0, end: 1 },
    { name: 'stress', start: 1, end: 3, expects: 'throttling' },
  ],
  timeline: [
    { t: 0, served: 3, p50: 4, p95: 9, arrivals: 2, planned: 2 },
    { t: 1, served: 0, arrivals: 0 },
    { t: 2, served: 5, p50: 6, p95: 30, arrivals: 7, planned: 8 },
  ],
};

describe('the capacity chart', () => {
  it('should mark the capacity and the knee, a bound with its sign', () => {
    const capacity = capacityWithAnswer();
    const measured = buildCharts({ ...metrics, capacity }).capacity;
    expect(measured?.markers).toEqual([
      { x: 200, label: 'capacity 200 rps', tone: 'good' },
      { x: 300, label: 'knee 300 rps', tone: 'bad' },
    ]);
    const bound = buildCharts({
      ...metrics,
      capacity: { ...capacity, answer: { kind: 'at-least', rps: 400 } },
    });
    expect(bound.capacity?.markers?.[0]).toEqual({ x: 400, label: 'capacity >= 400 rps', tone: 'good' });
    const below = buildCharts({
      ...metrics,
      capacity: { ...capacity, knee: undefined, answer: { kind: 'below', rps: 100 } },
    });
    expect(below.capacity?.markers).toBeUndefined();
  });
});

describe('buildCharts', () => {
  const charts = buildCharts(metrics);

  it('should shade each load on every time chart, naming what it provokes on purpose', () => {
    const bands = [
      { from: 0, to: 1, label: 'walk', expected: false },
      { from: 1, to: 3, label: 'stress · throttling expected', expected: true },
    ];
    expect(charts.rate429?.bands).toEqual(bands);
    expect(charts.latencyOverTime?.bands).toEqual(bands);
    expect(charts.rateOverTime?.bands).toEqual(bands);
    expect(charts.depth).toBeUndefined();
  });

  it('should chart p50 and p95 per second, null where nothing was served', () => {
    expect(charts.latencyOverTime?.x).toEqual([0, 1, 2]);
    expect(charts.latencyOverTime?.series).toEqual([
      { label: 'p50', values: [4, null, 6] },
      { label: 'p95', values: [9, null, 30] },
    ]);
  });

  it('should chart achieved against planned arrivals, the plan broken where nothing was planned', () => {
    expect(charts.rateOverTime?.series).toEqual([
      { label: 'planned', values: [2, null, 8], breakAtGaps: true },
      { label: 'achieved', values: [2, 0, 7] },
    ]);
  });

  it('should draw no time chart and no band from a summary without a timeline', () => {
    const older = buildCharts({ ...metrics, loads: undefined, timeline: undefined });
    expect(older.latencyOverTime).toBeUndefined();
    expect(older.rateOverTime).toBeUndefined();
    expect(older.rate429?.bands).toBeUndefined();
  });
});
