/**
 * One pass over the points of a run (one file per worker): the merged per-metric summary, split
 * by the scenarios' tags (latency per endpoint, tenant, role, depth; 429s per key and tenant), the
 * failures the page checks recorded as `check_failures` points, and any per-point reading the
 * caller asks for (the report's latency and depth tables, a capacity step's samples).
 */
import { existsSync } from 'node:fs';
import { METRIC, SPLIT_TAGS } from '../metrics.ts';
import { PointAggregate } from './aggregate.ts';
import type { Point } from './format.ts';
import { summarize, type MergedSummary } from './merge.ts';
import { readPoints } from './read.ts';

export interface LoadFailure {
  check: string;
  code: string;
  severity: string;
  message: string;
  /** How many times this exact failure was recorded. */
  count: number;
  tenant?: string;
  endpoint?: string;
  /** The stage of the run it was recorded in (fairness: quiet or noisy traffic, and the like). */
  traffic?: string;
}

export interface RunPoints {
  summary: MergedSummary;
  failures: LoadFailure[];
}

function collectFailure(point: Point, byKey: Map<string, LoadFailure>): void {
  const {
    check = 'unknown',
    code = '',
    severity = 'error',
    message = '',
    tenant,
    endpoint,
    traffic,
  } = point.tags;
  const key = [check, code, message, tenant].join('\u0000');
  const seen = byKey.get(key);
  if (seen) seen.count += point.value;
  else byKey.set(key, { check, code, severity, message, count: point.value, tenant, endpoint, traffic });
}

/** Reads every existing file once; percentiles are those of all points together. */
export async function readRunPoints(
  files: readonly string[],
  percentiles: readonly number[],
  onPoint?: (point: Point) => void,
): Promise<RunPoints> {
  const options = { splitByTags: SPLIT_TAGS, percentiles };
  const merged = new PointAggregate(options);
  const failures = new Map<string, LoadFailure>();
  const present = files.filter((file) => existsSync(file));
  for (const file of present) {
    const aggregate = new PointAggregate(options);
    for await (const point of readPoints(file)) {
      aggregate.add(point);
      if (point.metric === METRIC.checkFailures) collectFailure(point, failures);
      onPoint?.(point);
    }
    merged.merge(aggregate);
  }
  return { summary: summarize(merged, present, options), failures: [...failures.values()] };
}
