/**
 * The report metrics of load runs, from their raw points (one `latency` point per response, one
 * `arrivals` point per arrival): latency per endpoint and tenant, the 429 share per second,
 * latency by page depth. Percentiles are computed over all points, never averaged across runs.
 */
import { latencyRows, rate429Series } from '../../capacity/metrics.ts';
import type { RequestSample } from '../../capacity/step-stats.ts';
import { percentilesOf } from '../points/percentile.ts';
import type { Metrics } from '../../report/model.ts';
import { METRIC } from '../metrics.ts';
import type { Point } from '../points/format.ts';
import { readPoints } from '../points/read.ts';

interface Sample extends RequestSample {
  depth?: string;
}

/** What a run's points hold for the report: each response, and when each arrival started. */
export interface LoadPoints {
  samples: Sample[];
  arrivals: number[];
}

/** Keeps what the report needs of one point (a response, an arrival). */
export function collectLoadPoint(record: Point, into: LoadPoints): void {
  if (record.metric === METRIC.arrivals) into.arrivals.push(record.time);
  if (record.metric !== METRIC.latency) return;
  const { status, tenant, endpoint, key, depth } = record.tags;
  if (status === undefined || tenant === undefined || endpoint === undefined) return;
  into.samples.push({
    durationMs: record.value,
    status: Number(status),
    key: key ?? tenant,
    tenant,
    endpoint,
    time: record.time,
    ...(depth === undefined ? {} : { depth }),
  });
}

/** What the one read that judged a load kept for its report, by the load's result (in memory only). */
const kept = new WeakMap<object, LoadPoints>();

export const keepReportPoints = (result: object, points: LoadPoints): void => void kept.set(result, points);

/** The report's points of a load: kept from the read that judged it, else read from its files. */
export async function reportPointsOf(result: object, pointFiles: readonly string[]): Promise<LoadPoints> {
  const known = kept.get(result);
  if (known) return known;
  const points: LoadPoints = { samples: [], arrivals: [] };
  for (const file of pointFiles)
    for await (const record of readPoints(file)) collectLoadPoint(record, points);
  return points;
}

/**
 * One-second buckets from the first response, so the 429 share reads as a curve over the run on
 * the same axis as the timeline (lib/load/run/timeline.ts).
 */
function perSecond(samples: readonly Sample[]) {
  const origin = samples.reduce((min, sample) => Math.min(min, sample.time), Infinity);
  const buckets = new Map<number, Sample[]>();
  for (const sample of samples) {
    const second = Math.floor((sample.time - origin) / 1000);
    const bucket = buckets.get(second);
    if (bucket) bucket.push(sample);
    else buckets.set(second, [sample]);
  }
  return [...buckets].sort(([a], [b]) => a - b).map(([, of]) => ({ offeredRps: 0, samples: of }));
}

function depthRows(samples: readonly Sample[]): Metrics['depth'] {
  const byBucket = new Map<number, number[]>();
  for (const sample of samples) {
    if (sample.depth === undefined || sample.status === 429) continue;
    const first = Number.parseInt(sample.depth, 10);
    if (!Number.isInteger(first) || first < 1) continue;
    const values = byBucket.get(first);
    if (values) values.push(sample.durationMs);
    else byBucket.set(first, [sample.durationMs]);
  }
  return [...byBucket]
    .sort(([a], [b]) => a - b)
    .map(([bucket, values]) => {
      const [p50 = 0, p95 = 0] = percentilesOf(values, [50, 95]).map((value) => Number(value.toFixed(2)));
      return { bucket, p50, p95, count: values.length };
    });
}

export function loadRunMetrics(samples: readonly Sample[]): Metrics {
  if (samples.length === 0) return { latency: [], rate429: [], depth: [] };
  return {
    latency: latencyRows(samples),
    rate429: rate429Series(perSecond(samples)),
    depth: depthRows(samples),
  };
}
