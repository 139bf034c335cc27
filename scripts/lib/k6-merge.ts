/**
 * One summary from the raw points of several k6 processes (one file per execution segment).
 * Percentiles come from the merged histograms of every point, never from averaging the
 * percentiles of each segment, which is wrong whenever the segments' distributions differ.
 */
import { K6Aggregate, TREND_SCALE, type AggregateOptions, type MetricState } from './k6-aggregate.ts';
import type { K6MetricType } from './k6-points.ts';
import { readK6Records } from './k6-points.ts';

interface MergedMetric {
  type: K6MetricType;
  contains: string;
  /** The keys k6's own summary uses: trends avg/min/med/max/p(N), counters count/rate, etc. */
  values: Record<string, number>;
}

export interface MergedSummary {
  files: string[];
  points: number;
  startTime: string | null;
  endTime: string | null;
  metrics: Record<string, MergedMetric>;
}

export interface MergeOptions extends AggregateOptions {
  /** Trend percentiles to report besides med (p50). @default [90, 95, 99] */
  percentiles?: readonly number[];
}

/** Reads one k6 JSON output file into a mergeable aggregate. */
export async function aggregateFile(file: string, options: AggregateOptions = {}): Promise<K6Aggregate> {
  const aggregate = new K6Aggregate(options);
  for await (const item of readK6Records(file)) aggregate.add(item);
  return aggregate;
}

/**
 * The percentile as HDR reports it (the top of the value's bucket, so within 0.1% above the
 * true value), capped at the exact maximum so that p(100) is the max.
 */
function percentile(state: MetricState, p: number): number {
  const bucketTop = (state.histogram?.getValueAtPercentile(p) ?? 0) / TREND_SCALE;
  return Math.min(bucketTop, state.max);
}

function trendValues(state: MetricState, percentiles: readonly number[]): Record<string, number> {
  const values: Record<string, number> = {
    count: state.count,
    avg: state.sum / TREND_SCALE / state.count,
    min: state.min,
    med: percentile(state, 50),
    max: state.max,
  };
  for (const p of percentiles) values[`p(${p})`] = percentile(state, p);
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

/** Renders an aggregate as a summary shaped like k6's handleSummary `data.metrics`. */
export function summarize(
  aggregate: K6Aggregate,
  files: string[],
  options: MergeOptions = {},
): MergedSummary {
  const percentiles = options.percentiles ?? [90, 95, 99];
  const hasPoints = aggregate.points > 0;
  // Counter rates are per second of the span the points cover (all segments run at once).
  const seconds = hasPoints ? (aggregate.lastTime - aggregate.firstTime) / 1000 : 0;
  const metrics: Record<string, MergedMetric> = {};
  for (const [name, state] of [...aggregate.metrics].sort(([a], [b]) => a.localeCompare(b))) {
    metrics[name] = {
      type: state.type,
      contains: state.contains,
      values: metricValues(state, seconds, percentiles),
    };
  }
  return {
    files,
    points: aggregate.points,
    startTime: hasPoints ? new Date(aggregate.firstTime).toISOString() : null,
    endTime: hasPoints ? new Date(aggregate.lastTime).toISOString() : null,
    metrics,
  };
}

/** Merges the raw points of several k6 processes into one summary over all their points. */
export async function mergePointFiles(
  files: readonly string[],
  options: MergeOptions = {},
): Promise<MergedSummary> {
  const merged = new K6Aggregate(options);
  // One file at a time: memory holds one file's aggregate besides the merged one.
  for (const file of files) merged.merge(await aggregateFile(file, options));
  return summarize(merged, [...files], options);
}
