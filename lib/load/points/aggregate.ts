/**
 * Folds the cells of points files (./format.ts) into mergeable per-metric state. Trends go into
 * HDR histograms of integer counts per value bucket; adding two histograms adds their counts
 * bucket by bucket, so the merge of per-file aggregates equals, exactly, the aggregate of the
 * union of their cells, and that of every sample they counted.
 */
import type { Histogram } from 'hdr-histogram-js';
import { HarnessError } from '../../errors.ts';
import { decodeBuckets, recordBuckets } from './buckets.ts';
import type { Cell, MetricKind } from './format.ts';
import { newHistogram, TREND_SCALE } from './percentile.ts';

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

type Counts = Pick<MetricState, 'count' | 'sum' | 'nonZero' | 'min' | 'max'> & { last?: MetricState['last'] };

/** Adds the counts, sums and extremes of a cell or of another state (histograms aside). */
function addCounts(into: MetricState, from: Counts): void {
  into.count += from.count;
  into.sum += from.sum;
  into.nonZero += from.nonZero;
  into.min = Math.min(into.min, from.min);
  into.max = Math.max(into.max, from.max);
  if (from.last && from.last.time >= into.last.time) into.last = from.last;
}

function record(state: MetricState, cell: Cell, buckets: readonly [number, number][]): void {
  addCounts(state, cell);
  if (state.histogram) recordBuckets(buckets, state.histogram);
}

function mergeState(into: MetricState, from: MetricState): void {
  addCounts(into, from);
  if (into.histogram && from.histogram) into.histogram.add(from.histogram);
}

export interface AggregateOptions {
  /** Also keep a series per value of these tags, named `metric{tag:value}`. */
  splitByTags?: readonly string[];
}

/** The mergeable state of one or more points files. Times are those of the cells' seconds. */
export class PointAggregate {
  readonly metrics = new Map<string, MetricState>();
  points = 0;
  firstTime = Infinity;
  lastTime = -Infinity;
  private readonly splitByTags: readonly string[];

  constructor(options: AggregateOptions = {}) {
    this.splitByTags = options.splitByTags ?? [];
  }

  add(cell: Cell): void {
    this.points += cell.count;
    this.firstTime = Math.min(this.firstTime, cell.time);
    this.lastTime = Math.max(this.lastTime, cell.time);
    // Decoded once: a cell feeds its metric's series and one per split tag it carries.
    const buckets = cell.buckets === undefined ? [] : decodeBuckets(cell.buckets, `cell of ${cell.metric}`);
    record(this.series(cell.metric, cell.kind), cell, buckets);
    for (const tag of this.splitByTags) {
      const value = cell.tags[tag];
      if (value !== undefined)
        record(this.series(`${cell.metric}{${tag}:${value}}`, cell.kind), cell, buckets);
    }
  }

  /** Adds another aggregate's cells to this one (same result as reading its cells here). */
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
