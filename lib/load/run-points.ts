/**
 * One pass over the points of a run (one file per worker): the merged per-metric summary, split
 * by the scenarios' tags (latency per endpoint, tenant, role, depth; 429s per key and tenant), the
 * failures the page checks recorded as `check_failures` cells, and any per-cell reading the
 * caller asks for (the report's latency and depth tables, a capacity step's responses).
 */
import { existsSync } from 'node:fs';
import { METRIC, SPLIT_TAGS } from './metrics.ts';
import { PointAggregate } from './points/aggregate.ts';
import type { Cell } from './points/format.ts';
import { summarize, type MergedSummary } from './points/merge.ts';
import { readCells } from './points/read.ts';

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

function collectFailure(cell: Cell, byKey: Map<string, LoadFailure>): void {
  const {
    check = 'unknown',
    code = '',
    severity = 'error',
    message = '',
    tenant,
    endpoint,
    traffic,
  } = cell.tags;
  const key = [check, code, message, tenant].join('\u0000');
  const seen = byKey.get(key);
  if (seen) seen.count += cell.sum;
  else byKey.set(key, { check, code, severity, message, count: cell.sum, tenant, endpoint, traffic });
}

/** Reads every existing file once; percentiles are those of all cells together. */
export async function readRunPoints(
  files: readonly string[],
  percentiles: readonly number[],
  onCell?: (cell: Cell) => void,
): Promise<RunPoints> {
  const options = { splitByTags: SPLIT_TAGS, percentiles };
  const merged = new PointAggregate(options);
  const failures = new Map<string, LoadFailure>();
  const present = files.filter((file) => existsSync(file));
  for (const file of present) {
    const aggregate = new PointAggregate(options);
    for await (const cell of readCells(file)) {
      aggregate.add(cell);
      if (cell.metric === METRIC.checkFailures) collectFailure(cell, failures);
      onCell?.(cell);
    }
    merged.merge(aggregate);
  }
  return { summary: summarize(merged, present, options), failures: [...failures.values()] };
}
