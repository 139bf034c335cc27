/**
 * Turns the thresholds of a k6 end-of-test summary (`handleSummary(data)`, `data.metrics`) into
 * threshold checks: one per metric and expression, as JUnit and the HTML report show them.
 */
import type { Failure } from '../failure.ts';
import { addCheck } from './build.ts';
import type { CheckResult, Summary } from './model.ts';

/** The part of a k6 summary metric this module reads. */
export interface K6SummaryMetric {
  /** `time` for durations in milliseconds. */
  contains?: string;
  values?: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

// `p(95)<500`, `rate<0.01`, `count>=10`: the aggregation, the operator, the limit.
const EXPRESSION = /^\s*([a-z]+(?:\(\d+(?:\.\d+)?\))?)\s*(<=|>=|===|==|!=|<|>)\s*(.+?)\s*$/;

const formatValue = (value: number, stat: string, metric: K6SummaryMetric) => {
  if (stat === 'rate') return `${(value * 100).toFixed(2)} %`;
  return stat !== 'count' && metric.contains === 'time'
    ? `${value.toFixed(1)} ms`
    : String(Number(value.toFixed(3)));
};

/** "p(95)=212.4 ms (threshold p(95)<500)", or the expression alone when k6 gave no value. */
export function describeThreshold(expression: string, metric: K6SummaryMetric): string {
  const stat = EXPRESSION.exec(expression)?.[1];
  const value = stat === undefined ? undefined : metric.values?.[stat];
  if (stat === undefined || value === undefined) return `threshold ${expression}`;
  return `${stat}=${formatValue(value, stat, metric)} (threshold ${expression})`;
}

function crossed(name: string, metricName: string, expression: string, observed: string): Failure {
  return {
    check: name,
    code: 'THRESHOLD_CROSSED',
    severity: 'error',
    message: `k6 threshold crossed on ${metricName}`,
    expected: expression,
    received: observed,
    requests: [],
  };
}

/** Adds a threshold check per k6 threshold, in the order k6 listed them. */
export function addK6Thresholds(summary: Summary, metrics: Record<string, K6SummaryMetric>): CheckResult[] {
  const added: CheckResult[] = [];
  for (const [metricName, metric] of Object.entries(metrics)) {
    for (const [expression, { ok }] of Object.entries(metric.thresholds ?? {})) {
      const name = `${metricName}: ${expression}`;
      const detail = describeThreshold(expression, metric);
      const outcome = ok
        ? { verdict: 'passed' as const }
        : { verdict: 'failed' as const, failures: [crossed(name, metricName, expression, detail)] };
      added.push(addCheck(summary, { name, kind: 'threshold', family: 'load', detail }, outcome));
    }
  }
  return added;
}
