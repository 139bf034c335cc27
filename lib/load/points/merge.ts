/**
 * One summary from the points of several load workers (one file each). Percentiles come from
 * the merged histograms of every sample, never from averaging the percentiles of each worker,
 * which is wrong whenever the workers' distributions differ.
 */
import { PointAggregate, TREND_SCALE, type AggregateOptions, type MetricState } from './aggregate.ts';
import { histogramPercentile } from './percentile.ts';
import type { MetricKind } from './format.ts';
import { readCells } from './read.ts';

/** Cells are seconds: the last one's second counts whole. */
const CELL_MS = 1000;

interface MergedMetric {
  type: MetricKind;
  /** Trends: count, avg, min, max, pN (p50 is the median); counters: count, rate; rates: rate, passes, fails. */
  values: Record<string, number>;
}

export interface MergedSummary {
  files: string[];
  /** Samples recorded (every value of every metric). */
  points: number;
  startTime: string | null;
  endTime: string | null;
  metrics: Record<string, MergedMetric>;
}

export interface MergeOptions extends AggregateOptions {
  /** Trend percentiles to report besides med (p50). @default [90, 95, 99] */
  percentiles?: readonly number[];
}

/** Reads one points file into a mergeable aggregate. */
export async function aggregateFile(file: string, options: AggregateOptions = {}): Promise<PointAggregate> {
  const aggregate = new PointAggregate(options);
  for await (const cell of readCells(file)) aggregate.add(cell);
  return aggregate;
}

/** The one percentile (./percentile.ts) of a merged trend. */
const percentile = (state: MetricState, p: number): number =>
  state.histogram ? histogramPercentile(state.histogram, state.max, p) : 0;

function trendValues(state: MetricState, percentiles: readonly number[]): Record<string, number> {
  const values: Record<string, number> = {
    count: state.count,
    avg: state.sum / TREND_SCALE / state.count,
    min: state.min,
    p50: percentile(state, 50),
    max: state.max,
  };
  for (const p of percentiles) values[`p${p}`] = percentile(state, p);
  return values;
}

function metricValues(
  state: MetricState,
  seconds: number,
  percentiles: readonly number[],
): Record<string, number> {
  switch (state.type) {
    case 'trend':
      return trendValues(state, percentiles);
    case 'counter':
      return { count: state.sum, rate: seconds > 0 ? state.sum / seconds : 0 };
    case 'rate':
      return { rate: state.nonZero / state.count, passes: state.nonZero, fails: state.count - state.nonZero };
    case 'gauge':
      return { value: state.last.value, min: state.min, max: state.max };
  }
}

/** Renders an aggregate as a summary: per metric (and `metric{tag:value}` series), its values. */
export function summarize(
  aggregate: PointAggregate,
  files: string[],
  options: MergeOptions = {},
): MergedSummary {
  const percentiles = options.percentiles ?? [90, 95, 99];
  const hasPoints = aggregate.points > 0;
  // Counter rates are per second of the span the cells cover (all workers run at once).
  const end = aggregate.lastTime + CELL_MS;
  const seconds = hasPoints ? (end - aggregate.firstTime) / 1000 : 0;
  const metrics: Record<string, MergedMetric> = {};
  for (const [name, state] of [...aggregate.metrics].sort(([a], [b]) => a.localeCompare(b))) {
    metrics[name] = {
      type: state.type,
      values: metricValues(state, seconds, percentiles),
    };
  }
  return {
    files,
    points: aggregate.points,
    startTime: hasPoints ? new Date(aggregate.firstTime).toISOString() : null,
    endTime: hasPoints ? new Date(end).toISOString() : null,
    metrics,
  };
}

/** Merges the points files of several workers into one summary over all their points. */
export async function mergePointFiles(
  files: readonly string[],
  options: MergeOptions = {},
): Promise<MergedSummary> {
  const merged = new PointAggregate(options);
  // One file at a time: memory holds one file's aggregate besides the merged one.
  for (const file of files) merged.merge(await aggregateFile(file, options));
  return summarize(merged, [...files], options);
}
