/**
 * Folds raw points into mergeable per-metric state. Trends go into HDR histograms of integer
 * counts per value bucket; adding two histograms adds their counts bucket by bucket, so the merge
 * of per-segment aggregates equals, exactly, the aggregate of the union of their points.
 */
import type { Histogram } from 'hdr-histogram-js';
import { HarnessError } from '../../errors.ts';
import type { MetricKind, Point } from './format.ts';
import { newHistogram, scaled as scaledValue, TREND_SCALE } from './percentile.ts';

export { TREND_SCALE };

export interface MetricState {
  type: MetricKind;
  count: number;
  /** Sum of values; for trends, of the scaled integer values, so sums add exactly. */
  sum: number;
  nonZero: number;
  min: number;
  max: number;
  /** Gauges: the value with the latest time. */
  last: { time: number; value: number };
  histogram?: Histogram;
}

function emptyState(type: MetricKind): MetricState {
  return {
    type,
    count: 0,
    sum: 0,
    nonZero: 0,
    min: Infinity,
    max: -Infinity,
    last: { time: -Infinity, value: 0 },
    histogram: type === 'trend' ? newHistogram() : undefined,
  };
}

function record(state: MetricState, value: number, time: number): void {
  state.count += 1;
  state.min = Math.min(state.min, value);
  state.max = Math.max(state.max, value);
  if (value !== 0) state.nonZero += 1;
  if (time >= state.last.time) state.last = { time, value };
  if (!state.histogram) {
    state.sum += value;
    return;
  }
  const scaled = scaledValue(value);
  state.sum += scaled;
  state.histogram.recordValue(scaled);
}

function mergeState(into: MetricState, from: MetricState): void {
  into.count += from.count;
  into.sum += from.sum;
  into.nonZero += from.nonZero;
  into.min = Math.min(into.min, from.min);
  into.max = Math.max(into.max, from.max);
  if (from.last.time >= into.last.time) into.last = from.last;
  if (into.histogram && from.histogram) into.histogram.add(from.histogram);
}

export interface AggregateOptions {
  /** Also keep a series per value of these tags, named `metric{tag:value}`. */
  splitByTags?: readonly string[];
}

/** The mergeable state of one or more points files. */
export class PointAggregate {
  readonly metrics = new Map<string, MetricState>();
  points = 0;
  firstTime = Infinity;
  lastTime = -Infinity;
  private readonly splitByTags: readonly string[];

  constructor(options: AggregateOptions = {}) {
    this.splitByTags = options.splitByTags ?? [];
  }

  add(point: Point): void {
    this.points += 1;
    this.firstTime = Math.min(this.firstTime, point.time);
    this.lastTime = Math.max(this.lastTime, point.time);
    record(this.series(point.metric, point.kind), point.value, point.time);
    for (const tag of this.splitByTags) {
      const value = point.tags[tag];
      if (value !== undefined)
        record(this.series(`${point.metric}{${tag}:${value}}`, point.kind), point.value, point.time);
    }
  }

  /** Adds another aggregate's points to this one (same result as reading its points here). */
  merge(other: PointAggregate): void {
    this.points += other.points;
    this.firstTime = Math.min(this.firstTime, other.firstTime);
    this.lastTime = Math.max(this.lastTime, other.lastTime);
    for (const [name, state] of other.metrics) mergeState(this.series(name, state.type), state);
  }

  private series(name: string, kind: MetricKind): MetricState {
    let state = this.metrics.get(name);
    if (!state) {
      state = emptyState(kind);
      this.metrics.set(name, state);
    }
    if (state.type !== kind)
      throw new HarnessError(`metric "${name}" is a ${state.type} in one place, a ${kind} in another`);
    return state;
  }
}
