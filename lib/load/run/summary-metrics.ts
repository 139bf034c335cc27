/**
 * The report metrics of load runs, from their points (`latency` cells: responses per second and
 * series; `arrivals` cells): latency per endpoint and tenant, the 429 share per second, latency by
 * page depth. Percentiles are over all responses together, never averaged across runs.
 */
import type { Metrics } from '../../report/model.ts';
import { METRIC } from '../metrics.ts';
import type { Cell } from '../points/format.ts';
import { readCells } from '../points/read.ts';
import { latencyRows, rate429Series } from './response-metrics.ts';
import {
  groupBy,
  latencyPercentiles,
  countOf,
  responseCell,
  type ResponseCell,
} from '../points/responses.ts';

/** Arrivals started in one second. */
export interface ArrivalCell {
  /** Start of the second, ms since the epoch. */
  time: number;
  count: number;
}

/** What a run's points hold for the report: its responses, and its arrivals, per second. */
export interface LoadPoints {
  responses: ResponseCell[];
  arrivals: ArrivalCell[];
}

/** Keeps what the report needs of one cell (responses, arrivals). */
export function collectLoadPoint(cell: Cell, into: LoadPoints): void {
  if (cell.metric === METRIC.arrivals) into.arrivals.push({ time: cell.time, count: cell.sum });
  if (cell.metric !== METRIC.latency) return;
  const responses = responseCell(cell);
  if (responses) into.responses.push(responses);
}

/** What the one read that judged a load kept for its report, by the load's result (in memory only). */
const kept = new WeakMap<object, LoadPoints>();

export const keepReportPoints = (result: object, points: LoadPoints): void => void kept.set(result, points);

/** The report's points of a load: kept from the read that judged it, else read from its files. */
export async function reportPointsOf(result: object, pointFiles: readonly string[]): Promise<LoadPoints> {
  const known = kept.get(result);
  if (known) return known;
  const points: LoadPoints = { responses: [], arrivals: [] };
  for (const file of pointFiles) for await (const cell of readCells(file)) collectLoadPoint(cell, points);
  return points;
}

/**
 * One-second buckets from the first response, so the 429 share reads as a curve over the run on
 * the same axis as the timeline (lib/load/run/timeline.ts).
 */
function perSecond(responses: readonly ResponseCell[]) {
  const origin = responses.reduce((min, cell) => Math.min(min, cell.time), Infinity);
  const seconds = groupBy(responses, (cell) => String(Math.floor((cell.time - origin) / 1000)));
  return [...seconds]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, of]) => ({ offeredRps: 0, responses: of }));
}

function depthRows(responses: readonly ResponseCell[]): Metrics['depth'] {
  const byBucket = new Map<number, ResponseCell[]>();
  for (const cell of responses) {
    if (cell.depth === undefined || cell.status === 429) continue;
    const first = Number.parseInt(cell.depth, 10);
    if (!Number.isInteger(first) || first < 1) continue;
    const cells = byBucket.get(first);
    if (cells) cells.push(cell);
    else byBucket.set(first, [cell]);
  }
  return [...byBucket]
    .sort(([a], [b]) => a - b)
    .map(([bucket, cells]) => {
      const [p50 = 0, p95 = 0] = latencyPercentiles(cells, [50, 95]).map((value) => Number(value.toFixed(2)));
      return { bucket, p50, p95, count: countOf(cells) };
    });
}

export function loadRunMetrics(responses: readonly ResponseCell[]): Metrics {
  if (responses.length === 0) return { latency: [], rate429: [], depth: [] };
  return {
    latency: latencyRows(responses),
    rate429: rate429Series(perSecond(responses)),
    depth: depthRows(responses),
  };
}
