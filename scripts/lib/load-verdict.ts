/**
 * The verdict of a load run, from k6's exit codes and the JSON it wrote, never from its text
 * output (except the one error line shown when k6 could not run the script at all).
 */
import { PAGE_CHECKS } from '../../lib/checks/registry.ts';
import { METRIC } from '../../lib/load/metrics.ts';
import type { K6Check, K6Summary, ThresholdResult } from '../../lib/load/summary.ts';
import { allChecks, thresholdResults } from '../../lib/load/summary.ts';
import { evaluateThreshold } from '../../lib/load/threshold-eval.ts';
import type { Thresholds } from '../../lib/load/thresholds.ts';
import { describeK6Exit, K6_EXIT } from './k6.ts';
import type { MergedSummary } from './k6-merge.ts';
import type { LoadFailure } from './load-points.ts';
import { EXIT } from './cli.ts';

type Verdict = 'pass' | 'fail' | 'error';

export interface Judgement {
  verdict: Verdict;
  /** 0 pass, 1 a threshold or check failed, 2 usage or setup error. */
  exitCode: number;
  /** One line: what held, what failed and why. */
  reason: string;
  thresholds: ThresholdResult[];
  checks: K6Check[];
  /**
   * What weakens the figures without failing the run: the load generator could not start walks
   * at the planned rate (k6 dropped iterations), so the target saw less load than asked.
   */
  warnings: string[];
}

export interface RunOutcome {
  /** Exit code of each k6 process (one per segment); null when it was killed. */
  k6ExitCodes: (number | null)[];
  timedOut: boolean;
  timeoutMs: number;
  /** The last error line k6 printed, when it printed one. */
  k6Error: string | undefined;
  /** k6's own summary (single runs); absent for segmented runs or when k6 wrote none. */
  summary: K6Summary | undefined;
  merged: MergedSummary;
  thresholds: Thresholds;
  failures: LoadFailure[];
}

/** Thresholds judged on the merged points: a segment judged only its own share. */
function mergedThresholds(outcome: RunOutcome): ThresholdResult[] {
  return Object.entries(outcome.thresholds).flatMap(([metric, expressions]) =>
    expressions.map((expression) => {
      const { ok, actual } = evaluateThreshold(expression, outcome.merged.metrics[metric]?.values);
      return { metric, expression, ok, actual };
    }),
  );
}

function mergedChecks(merged: MergedSummary): K6Check[] {
  return PAGE_CHECKS.flatMap((check) => {
    const values = merged.metrics[`checks{check:${check.name}}`]?.values;
    return values ? [{ name: check.name, passes: values.passes ?? 0, fails: values.fails ?? 0 }] : [];
  });
}

const JUDGED_BY_THRESHOLDS: readonly (number | null)[] = [
  K6_EXIT.ok,
  K6_EXIT.thresholdsFailed,
  K6_EXIT.scriptAborted,
];

function failureReason(thresholds: ThresholdResult[], failures: LoadFailure[], aborted: boolean): string {
  const crossed = thresholds.filter((t) => t.ok === false).map((t) => `${t.metric} ${t.expression}`);
  const definitive = failures.find((f) => f.severity === 'error');
  const parts = [
    ...(aborted && definitive ? [`aborted on ${definitive.check}: ${definitive.message}`] : []),
    ...(crossed.length > 0 ? [`thresholds crossed: ${crossed.join(', ')}`] : []),
  ];
  return parts.join('; ') || 'the run was aborted';
}

/** Not a gate: a busy CI machine must not fail a clean run, but the figures must say so. */
function generatorWarnings(merged: MergedSummary): string[] {
  const dropped = merged.metrics.dropped_iterations?.values.count ?? 0;
  if (dropped === 0) return [];
  return [
    `k6 dropped ${dropped} iteration(s): the load generator could not start walks at the planned rate, so the target saw less load than asked; give it more VUs (--max-vus) or more generators (--segments, --k6-operator)`,
  ];
}

export function judge(outcome: RunOutcome): Judgement {
  const thresholds = outcome.summary ? thresholdResults(outcome.summary) : mergedThresholds(outcome);
  const checks = outcome.summary ? allChecks(outcome.summary) : mergedChecks(outcome.merged);
  const base = { thresholds, checks, warnings: generatorWarnings(outcome.merged) };
  if (outcome.timedOut)
    return {
      ...base,
      verdict: 'error',
      exitCode: EXIT.usage,
      reason: `k6 did not finish within ${Math.round(outcome.timeoutMs / 1000)}s; raise --timeout or shorten --duration`,
    };
  const unjudged = outcome.k6ExitCodes.find((code) => !JUDGED_BY_THRESHOLDS.includes(code));
  if (unjudged !== undefined)
    return {
      ...base,
      verdict: 'error',
      exitCode: EXIT.usage,
      reason: outcome.k6Error ?? `k6 ${describeK6Exit(unjudged)}`,
    };
  const aborted = outcome.k6ExitCodes.includes(K6_EXIT.scriptAborted);
  const failed = aborted || thresholds.some((t) => t.ok === false);
  if (!failed)
    return {
      ...base,
      verdict: 'pass',
      exitCode: EXIT.pass,
      reason: `all ${thresholds.length} thresholds held`,
    };
  return {
    ...base,
    verdict: 'fail',
    exitCode: EXIT.checksFailed,
    reason: failureReason(thresholds, outcome.failures, aborted),
  };
}

export interface RateLimiting {
  /** Share of responses that were 429. */
  rate429: number | null;
  retries: number;
  /** p95 of the time from a key's first 429 to its next served response, ms. */
  recoveryP95Ms: number | null;
  /** Advisory (spec §8 shows no rate-limit headers): share of 429s with a readable Retry-After. */
  retryAfterPresent: number | null;
  /** Advisory: share of retries, after waiting the whole Retry-After, that were served. */
  retryAfterHonest: number | null;
}

/** The 429 behaviour of the run, from the merged points; advisory figures are never gates. */
export function rateLimiting(merged: MergedSummary): RateLimiting {
  const value = (metric: string, key: string) => merged.metrics[metric]?.values[key] ?? null;
  return {
    rate429: value(METRIC.rateLimited, 'rate'),
    retries: value(METRIC.retries, 'count') ?? 0,
    recoveryP95Ms: value(METRIC.throttleRecovery, 'p(95)'),
    retryAfterPresent: value(METRIC.retryAfterPresent, 'rate'),
    retryAfterHonest: value(METRIC.retryAfterHonest, 'rate'),
  };
}

/** The message of the last `level=error` line k6 printed, first line only, without a stack. */
export function lastK6Error(stderr: string): string | undefined {
  const lines = stderr.split('\n').filter((line) => line.includes('level=error'));
  const last = lines.at(-1);
  if (!last) return undefined;
  const quoted = /msg="((?:[^"\\]|\\.)*)"/.exec(last)?.[1];
  if (quoted === undefined) return undefined;
  const message = JSON.parse(`"${quoted}"`) as string;
  return message
    .split('\n')[0]
    ?.replace(/^(Error|GoError): /, '')
    .replace(/ at \S+ \(file:.*$/, '');
}
