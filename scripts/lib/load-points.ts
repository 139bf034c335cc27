/**
 * One pass over the raw points of a run (one file, or one per segment): the merged per-metric
 * summary, split by the scenarios' tags (latency per endpoint, tenant, role, depth; 429s per key
 * and tenant), and the failures the page checks recorded as `check_failures` points.
 */
import { existsSync } from 'node:fs';
import { METRIC, SPLIT_TAGS } from '../../lib/load/metrics.ts';
import { K6Aggregate } from './k6-aggregate.ts';
import { summarize, type MergedSummary } from './k6-merge.ts';
import { readK6Records, type K6Record } from './k6-points.ts';

type K6Point = Extract<K6Record, { kind: 'point' }>;

export interface LoadFailure {
  check: string;
  code: string;
  severity: string;
  message: string;
  /** How many times this exact failure was recorded. */
  count: number;
  tenant?: string;
  endpoint?: string;
}

export interface RunPoints {
  summary: MergedSummary;
  failures: LoadFailure[];
}

function collectFailure(point: K6Point, byKey: Map<string, LoadFailure>): void {
  const { check = 'unknown', code = '', severity = 'error', message = '', tenant, endpoint } = point.tags;
  const key = [check, code, message, tenant].join('\u0000');
  const seen = byKey.get(key);
  if (seen) seen.count += point.value;
  else byKey.set(key, { check, code, severity, message, count: point.value, tenant, endpoint });
}

/** Reads every existing file once; percentiles are those of all points together. */
export async function readRunPoints(
  files: readonly string[],
  percentiles: readonly number[],
): Promise<RunPoints> {
  const options = { splitByTags: SPLIT_TAGS, percentiles };
  const merged = new K6Aggregate(options);
  const failures = new Map<string, LoadFailure>();
  const present = files.filter((file) => existsSync(file));
  for (const file of present) {
    const aggregate = new K6Aggregate(options);
    for await (const item of readK6Records(file)) {
      aggregate.add(item);
      if (item.kind === 'point' && item.metric === METRIC.checkFailures) collectFailure(item, failures);
    }
    merged.merge(aggregate);
  }
  return { summary: summarize(merged, present, options), failures: [...failures.values()] };
}
