/**
 * Threshold checks: one per metric and expression, as JUnit and the HTML report show them. Fed
 * either with threshold results (metric, expression, ok, value judged) or with the metrics of a
 * k6 end-of-test summary (`handleSummary(data)`, `data.metrics`).
 */
import type { Failure } from '../failure.ts';
import { addCheck } from './build.ts';
import type { CheckResult, Summary } from './model.ts';

export interface ThresholdOutcome {
  metric: string;
  /** As written in k6 options: `p(95)<500`, `rate<0.01`, `count==0`. */
  expression: string;
  /** null: the metric had no samples to judge (k6 counts that as held). */
  ok: boolean | null;
  /** The value judged, when known. */
  actual?: number | null;
  /** `time` when the metric's values are durations in milliseconds. */
  contains?: string;
}

/** The part of a k6 summary metric this module reads. */
export interface K6SummaryMetric {
  contains?: string;
  values?: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

// `p(95)<500`, `rate<0.01`, `count>=10`: the aggregation, the operator, the limit.
const EXPRESSION = /^\s*([a-z]+(?:\(\d+(?:\.\d+)?\))?)\s*(<=|>=|===|==|!=|<|>)\s*(.+?)\s*$/;

export const statOf = (expression: string) => EXPRESSION.exec(expression)?.[1];

function formatValue(value: number, stat: string, contains: string | undefined): string {
  if (stat === 'rate') return `${(value * 100).toFixed(2)} %`;
  return stat !== 'count' && contains === 'time'
    ? `${value.toFixed(1)} ms`
    : String(Number(value.toFixed(3)));
}

/** "p(95)=212.4 ms (threshold p(95)<500)", or the expression alone when no value is known. */
function describeThreshold(threshold: ThresholdOutcome): string {
  const stat = statOf(threshold.expression);
  if (threshold.ok === null) return `no samples (threshold ${threshold.expression})`;
  if (stat === undefined || threshold.actual === undefined || threshold.actual === null)
    return `threshold ${threshold.expression}`;
  return `${stat}=${formatValue(threshold.actual, stat, threshold.contains)} (threshold ${threshold.expression})`;
}

function crossed(name: string, threshold: ThresholdOutcome, observed: string): Failure {
  return {
    check: name,
    code: 'THRESHOLD_CROSSED',
    severity: 'error',
    message: `k6 threshold crossed on ${threshold.metric}`,
    expected: threshold.expression,
    received: observed,
    requests: [],
  };
}

/** Adds a threshold check per result, named `metric: expression`. */
export function addThresholds(summary: Summary, thresholds: readonly ThresholdOutcome[]): CheckResult[] {
  return thresholds.map((threshold) => {
    const name = `${threshold.metric}: ${threshold.expression}`;
    const detail = describeThreshold(threshold);
    const outcome =
      threshold.ok === false
        ? { verdict: 'failed' as const, failures: [crossed(name, threshold, detail)] }
        : { verdict: 'passed' as const };
    return addCheck(summary, { name, kind: 'threshold', family: 'load', detail }, outcome);
  });
}

/** Adds a threshold check per threshold of a k6 end-of-test summary, in k6's order. */
export function addK6Thresholds(summary: Summary, metrics: Record<string, K6SummaryMetric>): CheckResult[] {
  const thresholds = Object.entries(metrics).flatMap(([metric, data]) =>
    Object.entries(data.thresholds ?? {}).map(([expression, { ok }]) => {
      const stat = statOf(expression);
      const actual = stat === undefined ? undefined : data.values?.[stat];
      return { metric, expression, ok, actual, contains: data.contains };
    }),
  );
  return addThresholds(summary, thresholds);
}
