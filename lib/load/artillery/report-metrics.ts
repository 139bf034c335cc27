/**
 * The verdict's metrics back out of the report `artillery run … --output report.json` writes (its
 * `aggregate`, which Artillery's distributed runners merge across workers): the series the engine
 * emitted as `harness.verdict.*` (verdict-metrics.ts) become the merged summary's
 * `metric{tag:value}` series, with the values the merge of points gives them.
 *
 * Percentiles come from Artillery's summaries of its sketches: DDSketch at a relative accuracy of
 * 1 % (artillery 2.0.34, lib/core/ssms.ts `new DDSketch({ relativeAccuracy: 0.01 })`), rounded to
 * 0.1 ms, and only p50, p75, p90, p95, p99 and p99.9. A sketch's percentile can lie just above the
 * series' exact maximum, so it is capped there, as the harness's own are.
 */
import { readJsonFile } from '../../adapters/node-json-file.ts';
import { HarnessError } from '../../errors.ts';
import { METRIC } from '../metrics.ts';
import type { MergedSummary } from '../points/merge.ts';
import { VERDICT_PREFIX } from './verdict-metrics.ts';

/** What the percentiles of this path are worth, in one line for the reports and the console. */
export const REPORT_ACCURACY =
  "percentiles from Artillery's merged sketches (DDSketch, 1 % relative accuracy, rounded to 0.1 ms)";

/** The stats Artillery's summary of a histogram holds, by the name a threshold gives them. */
const SUMMARY_STATS: Record<string, string> = {
  count: 'count',
  mean: 'avg',
  min: 'min',
  max: 'max',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  p999: 'p99.9',
};

/** The percentiles a report holds, for the line saying why a threshold could not be judged. */
export const REPORT_PERCENTILES = ['p50', 'p75', 'p90', 'p95', 'p99', 'p99.9'];

interface Aggregate {
  counters: Record<string, number>;
  summaries: Record<string, Record<string, number>>;
  firstMetricAt?: number;
  lastMetricAt?: number;
  firstCounterAt?: number;
  lastCounterAt?: number;
}

/** A check's failures the workers counted: their messages stayed on the workers. */
export interface CountedFailure {
  check: string;
  severity: string;
  code: string;
  count: number;
}

export interface ReportMetrics {
  summary: MergedSummary;
  failures: CountedFailure[];
  /** Artillery's own error counters (`errors.*`): what went wrong in the engine. */
  errors: Record<string, number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The report's aggregate; one line naming the file when it is missing or not Artillery's report. */
export async function readReport(file: string): Promise<Aggregate> {
  const report = await readJsonFile(file, {
    what: "Artillery's report",
    unreadable: 'artillery run-… --output report.json writes it',
    notJson: 'bring back the report.json Artillery wrote',
  });
  const aggregate = isRecord(report) ? report.aggregate : undefined;
  if (!isRecord(aggregate) || !isRecord(aggregate.counters) || !isRecord(aggregate.summaries))
    throw new HarnessError(`${file}: no aggregate with counters and summaries: not an Artillery report`);
  if (!Object.keys(aggregate.counters).some((name) => name.startsWith(`${VERDICT_PREFIX}.`)))
    throw new HarnessError(
      `${file}: no ${VERDICT_PREFIX}.* metrics: not a run of a directory written by --platform (or no arrival ran)`,
    );
  return aggregate as unknown as Aggregate;
}

/** `latency.endpoint.orders` → `latency{endpoint:orders}`; `latency` → `latency`. */
function seriesName(parts: readonly string[]): string {
  const [metric = '', tag, value] = parts;
  return tag === undefined || value === undefined ? metric : `${metric}{${tag}:${value}}`;
}

function trendValues(summary: Record<string, number>): Record<string, number> {
  const values: Record<string, number> = {};
  for (const [stat, name] of Object.entries(SUMMARY_STATS)) {
    const value = summary[stat];
    if (typeof value === 'number' && Number.isFinite(value)) values[name] = value;
  }
  const { min, max } = values;
  if (min !== undefined && max !== undefined)
    for (const name of REPORT_PERCENTILES)
      if (values[name] !== undefined) values[name] = Math.min(max, Math.max(min, values[name]));
  return values;
}

/** The merged summary the verdict reads, from the report's aggregate. */
export function reportMetrics(aggregate: Aggregate, file: string): ReportMetrics {
  const metrics: MergedSummary['metrics'] = {};
  const failures: CountedFailure[] = [];
  const rates = new Map<string, { all: number; ones: number }>();
  const first = aggregate.firstCounterAt ?? aggregate.firstMetricAt ?? 0;
  const seconds = Math.max(0, ((aggregate.lastCounterAt ?? aggregate.lastMetricAt ?? first) - first) / 1000);
  const counter = (name: string, count: number) => {
    const before = metrics[name]?.values.count ?? 0;
    const total = before + count;
    metrics[name] = { type: 'counter', values: { count: total, rate: seconds > 0 ? total / seconds : 0 } };
  };
  for (const [name, count] of Object.entries(aggregate.counters)) {
    if (!name.startsWith(`${VERDICT_PREFIX}.`)) continue;
    const parts = name.slice(VERDICT_PREFIX.length + 1).split('.');
    if (parts[0] === METRIC.checkFailures) {
      const [, check = 'unknown', severity = 'error', code = 'none'] = parts;
      failures.push({ check, severity, code: code.toUpperCase(), count });
      counter(METRIC.checkFailures, count);
      counter(`${METRIC.checkFailures}{check:${check}}`, count);
    } else if (parts.length % 2 === 0) {
      const series = seriesName(parts.slice(0, -1));
      const rate = rates.get(series) ?? { all: 0, ones: 0 };
      rate[parts.at(-1) === 'ones' ? 'ones' : 'all'] += count;
      rates.set(series, rate);
    } else counter(seriesName(parts), count);
  }
  for (const [series, { all, ones }] of rates)
    metrics[series] = {
      type: 'rate',
      values: { rate: all > 0 ? ones / all : 0, passes: ones, fails: all - ones },
    };
  for (const [name, summary] of Object.entries(aggregate.summaries))
    if (name.startsWith(`${VERDICT_PREFIX}.`))
      metrics[seriesName(name.slice(VERDICT_PREFIX.length + 1).split('.'))] = {
        type: 'trend',
        values: trendValues(summary),
      };
  const at = (time: number | undefined) => (time === undefined ? null : new Date(time).toISOString());
  return {
    summary: {
      files: [file],
      points: 0,
      startTime: at(aggregate.firstMetricAt),
      endTime: at(aggregate.lastMetricAt),
      metrics,
    },
    failures,
    errors: Object.fromEntries(
      Object.entries(aggregate.counters).filter(([name]) => name.startsWith('errors.')),
    ),
  };
}
