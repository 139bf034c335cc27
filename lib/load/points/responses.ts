/**
 * A run's responses as its reports read them (latency per endpoint and tenant, by depth, per
 * second; a capacity step's figures; the 429 onset): the `latency` cells of its points, one per
 * second, endpoint, tenant, key, status and depth, each with how many responses and their
 * latency buckets. Percentiles over any group of cells come from one histogram of their buckets:
 * the harness's one percentile (./percentile.ts), as if over every response.
 */
import { decodeBuckets, recordBuckets } from './buckets.ts';
import type { Cell } from './format.ts';
import { histogramPercentile, newHistogram } from './percentile.ts';

export interface ResponseCell {
  /** Start of the second, ms since the epoch. */
  time: number;
  /** 0 when no response arrived (timeout, reset). */
  status: number;
  /** `tenant/role`: the key by its label, never its value. */
  key: string;
  tenant: string;
  endpoint: string;
  depth?: string;
  /** Responses. */
  count: number;
  /** The slowest, ms. */
  maxMs: number;
  /** Their latencies' HDR buckets (./buckets.ts): [lowest value, count], decoded once. */
  buckets: readonly (readonly [number, number])[];
}

/** The response cell of a `latency` cell; undefined for one without endpoint, tenant or status. */
export function responseCell(cell: Cell): ResponseCell | undefined {
  const { status, tenant, endpoint, key, depth } = cell.tags;
  if (status === undefined || tenant === undefined || endpoint === undefined) return undefined;
  return {
    time: cell.time,
    status: Number(status),
    key: key ?? tenant,
    tenant,
    endpoint,
    ...(depth === undefined ? {} : { depth }),
    count: cell.count,
    maxMs: cell.max,
    buckets: decodeBuckets(
      cell.buckets ?? '',
      `latency of ${endpoint} at ${new Date(cell.time).toISOString()}`,
    ),
  };
}

export const countOf = (cells: readonly Pick<ResponseCell, 'count'>[]): number =>
  cells.reduce((sum, cell) => sum + cell.count, 0);

/** The slowest of the cells' responses, ms; 0 for none. */
export const maxOf = (cells: readonly ResponseCell[]): number =>
  cells.reduce((top, cell) => Math.max(top, cell.maxMs), 0);

/** Latency percentiles `ps` (0-100) over every response of the cells; 0s for none. */
export function latencyPercentiles(cells: readonly ResponseCell[], ps: readonly number[]): number[] {
  if (countOf(cells) === 0) return ps.map(() => 0);
  const histogram = newHistogram();
  for (const cell of cells) recordBuckets(cell.buckets, histogram);
  const max = maxOf(cells);
  const results = ps.map((p) => histogramPercentile(histogram, max, p));
  histogram.destroy();
  return results;
}

/** Cells grouped by `keyOf`, in first-seen order. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
