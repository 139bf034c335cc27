/**
 * Threshold checks: one per metric and expression, as JUnit and the HTML report show them, fed
 * with threshold results (metric, expression, ok, value judged: lib/load/verdict.ts).
 */
import type { Failure } from '../failure.ts';
import { parseExpression } from '../load/thresholds.ts';
import type { Finding, Rerun } from './build.ts';

export interface ThresholdOutcome {
  metric: string;
  /** In the harness's threshold language: `p95 < 500`, `rate < 0.01`, `count == 0`. */
  expression: string;
  /** null: the metric had no samples to judge (reported, not failed). */
  ok: boolean | null;
  /** The value judged, when known. */
  actual?: number | null;
  /** Whether the metric's values are durations in milliseconds. */
  time?: boolean;
  /** Why it could not be judged (its stat is not in the data): a skipped check, never a pass. */
  unjudged?: string;
  /** What the judged value is worth, when it is not the harness's own: said beside the value. */
  accuracy?: string;
}

const statOf = (expression: string) => parseExpression(expression)?.stat;

function formatValue(value: number, stat: string, time: boolean | undefined): string {
  if (stat === 'rate') return `${(value * 100).toFixed(2)} %`;
  return stat !== 'count' && time ? `${value.toFixed(1)} ms` : String(Number(value.toFixed(3)));
}

/** "p95=212.4 ms (threshold p95 < 500)", or the expression alone when no value is known. */
function describeThreshold(threshold: ThresholdOutcome): string {
  const stat = statOf(threshold.expression);
  if (threshold.ok === null) return `no samples (threshold ${threshold.expression})`;
  if (stat === undefined || threshold.actual === undefined || threshold.actual === null)
    return `threshold ${threshold.expression}`;
  return `${stat}=${formatValue(threshold.actual, stat, threshold.time)} (threshold ${threshold.expression})`;
}

function crossed(name: string, threshold: ThresholdOutcome, observed: string): Failure {
  return {
    check: name,
    code: 'THRESHOLD_CROSSED',
    severity: 'error',
    message: `threshold crossed on ${threshold.metric}`,
    expected: threshold.expression,
    received: observed,
    requests: [],
  };
}

/** A threshold check per result, named `metric: expression`; a crossed one gets `rerun`. */
export function thresholdChecks(thresholds: readonly ThresholdOutcome[], rerun: Rerun = {}): Finding[] {
  return thresholds.map((threshold) => {
    const name = `${threshold.metric}: ${threshold.expression}`;
    const detail = `${describeThreshold(threshold)}${threshold.accuracy ? `; ${threshold.accuracy}` : ''}`;
    const outcome =
      threshold.unjudged !== undefined
        ? { verdict: 'skipped' as const, reason: threshold.unjudged }
        : threshold.ok === false
          ? {
              verdict: 'failed' as const,
              failures: [crossed(name, threshold, detail)],
              ...rerun,
            }
          : { verdict: 'passed' as const };
    return { check: { name, kind: 'threshold', family: 'load', detail }, outcome };
  });
}
