/**
 * The verdict of a load run, from the merged points every worker wrote, never from the engine's
 * console: thresholds judged on exact merged histograms, each page check held or failed on every
 * page, and the generator's own timing (a run whose generator could not keep its schedule
 * measured less load than it claims, which is an error, not a pass).
 */
import { PAGE_CHECKS } from '../checks/registry.ts';
import { walkCompleteUnderLoad } from '../checks/walk-complete-under-load.ts';
import { ANSWER_CHECKS, NO_ANSWER_CHECKS } from '../paging/answer-checks.ts';
import { REFUSED_CHECKS } from './refused-plan.ts';
import type { Failure } from '../failure.ts';
import {
  generatorBehind,
  queuedBehindItself,
  ownQueueFigures,
  targetQueueWarning,
  type GeneratorFigures,
} from './generator-figures.ts';
import { holdsClientWait, METRIC } from './metrics.ts';
import type { MergedSummary } from './points/merge.ts';
import type { LoadFailure } from './run-points.ts';
import { evaluateThreshold, type Thresholds } from './thresholds.ts';

/** `inconclusive`: nothing failed, but the run's premise never held (lib/load/scenario.ts premise). */
type Verdict = 'pass' | 'fail' | 'error' | 'inconclusive';

export interface ThresholdResult {
  metric: string;
  expression: string;
  /** null: the metric had no samples to judge (reported, not failed). */
  ok: boolean | null;
  actual: number | null;
  /** Why it could not be judged although the metric had samples (a report lacks the stat): skipped. */
  unjudged?: string;
  /** What the judged value is worth, when it is not the harness's own (a distributed run's report). */
  accuracy?: string;
}

/**
 * One check over the whole run: how many pages (or refused requests) it judged and how many
 * errors it found.
 */
interface CheckResult {
  name: string;
  judged: number;
  /**
   * What it judged: every page of every walk, the refused requests sent beside them, or the walks
   * of a quiescent tenant's unfiltered lists that ended.
   */
  unit: 'pages' | 'refused requests' | 'answers' | 'requests' | 'walks';
  errors: number;
  /** The first error it found, for the report. */
  first?: LoadFailure;
}

export interface Judgement {
  verdict: Verdict;
  /** 0 pass, 1 a threshold or check failed, 2 the run could not be judged, wholly (error) or in part (inconclusive). */
  exitCode: number;
  /** One line: what held, what failed and why. */
  reason: string;
  thresholds: ThresholdResult[];
  checks: CheckResult[];
  generator: GeneratorFigures;
  /** What weakens the figures without failing the run. */
  warnings: string[];
}

export interface RunOutcome {
  /** One line when the engine could not run at all (timed out, a process failed, no points). */
  engineError?: string;
  merged: MergedSummary;
  thresholds: Thresholds;
  failures: LoadFailure[];
  /** Bugs proved in setup, before any load (two tenants sharing an id). */
  setupFailures: readonly Failure[];
  planned: number;
  scheduleS: number;
  skipped: number;
  /** Why the run proved nothing, when its premise did not hold. */
  premiseFailed?: string;
  /** The scenario sends refused requests beside its walks: their checks are judged too. */
  refused?: boolean;
  /** The scenario's setup walked the quiescent tenants' lists whole (LoadScenario.walksCompared). */
  walksCompared?: boolean;
}

const value = (merged: MergedSummary, metric: string, stat: string): number | null =>
  merged.metrics[metric]?.values[stat] ?? null;

function judgeThresholds(merged: MergedSummary, thresholds: Thresholds): ThresholdResult[] {
  return Object.entries(thresholds).flatMap(([metric, expressions]) =>
    expressions.map((expression) => ({
      metric,
      expression,
      ...evaluateThreshold(expression, merged.metrics[metric]?.values),
    })),
  );
}

/**
 * The page checks on every page, the refused requests' checks on those the run sent, the framing
 * on every answer, and walk-complete-under-load on the walks it compared with the setup's.
 */
function loadChecks(outcome: RunOutcome): CheckResult[] {
  const { merged, failures } = outcome;
  const result = (name: string, judged: number, unit: CheckResult['unit']): CheckResult => {
    const errors = failures.filter((f) => f.check === name && f.severity === 'error');
    const first = errors[0];
    return {
      name,
      judged,
      unit,
      errors: errors.reduce((sum, f) => sum + f.count, 0),
      ...(first ? { first } : {}),
    };
  };
  const pages = value(merged, METRIC.pages, 'count') ?? 0;
  return [
    ...PAGE_CHECKS.map((check) => result(check.name, pages, 'pages')),
    ...(outcome.refused === true ? REFUSED_CHECKS : []).map((check) =>
      result(
        check.name,
        value(merged, `${METRIC.refused}{check:${check.name}}`, 'count') ?? 0,
        'refused requests',
      ),
    ),
    // Every answer's framing (lib/paging/answer-checks.ts): one latency point per answer.
    ...ANSWER_CHECKS.map((check) =>
      result(check.name, value(merged, METRIC.latency, 'count') ?? 0, 'answers'),
    ),
    // Every request answered: one latency point per request, a status 0 among them.
    ...NO_ANSWER_CHECKS.map((check) =>
      result(check.name, value(merged, METRIC.latency, 'count') ?? 0, 'requests'),
    ),
    // One judged_walks point per walk it judged (lib/load/compared-walk.ts).
    ...(outcome.walksCompared === true ? [walkCompleteUnderLoad] : []).map((check) =>
      result(check.name, value(merged, `${METRIC.judgedWalks}{check:${check.name}}`, 'count') ?? 0, 'walks'),
    ),
  ];
}

function generatorFigures(outcome: RunOutcome): GeneratorFigures {
  const started = value(outcome.merged, METRIC.arrivals, 'count') ?? 0;
  const seconds = Math.max(1, outcome.scheduleS);
  return {
    planned: outcome.planned,
    started,
    skipped: outcome.skipped,
    dropped: Math.max(0, outcome.planned - started - outcome.skipped),
    slots: value(outcome.merged, METRIC.slots, 'count') ?? 0,
    latenessP95Ms: value(outcome.merged, METRIC.generatorLateness, 'p95'),
    latenessP99Ms: value(outcome.merged, METRIC.generatorLateness, 'p99'),
    clientWaitP95Ms: value(outcome.merged, METRIC.clientWait, 'p95'),
    clientWaitP99Ms: value(outcome.merged, METRIC.clientWait, 'p99'),
    busyP50: value(outcome.merged, METRIC.generatorBusy, 'p50'),
    offeredRate: outcome.planned / seconds,
    achievedRate: started / seconds,
  };
}

/** "10 page checks held on 812 pages, 3 refusal checks on 140 refused requests, …, 1 walk checks held on 40 walks, every one of 900 requests answered". */
function heldLine(checks: readonly CheckResult[]): string {
  const held = (unit: CheckResult['unit'], kind: string) => {
    const ofUnit = checks.filter((check) => check.unit === unit);
    const judged = Math.max(0, ...ofUnit.map((check) => check.judged));
    return ofUnit.length === 0 ? [] : [`${ofUnit.length} ${kind} checks held on ${judged} ${unit}`];
  };
  const requests = checks.find((check) => check.unit === 'requests');
  return [
    ...held('pages', 'page'),
    ...held('refused requests', 'refusal'),
    ...held('answers', 'framing'),
    ...held('walks', 'walk'),
    ...(requests ? [`every one of ${requests.judged} requests answered`] : []),
  ].join(', ');
}

/**
 * The thresholds, those crossed on a series that holds the client wait (latency and what is built
 * from it) left unjudged when that wait was the generator's own (queuedBehindItself): what crossed
 * them may be the generator, not the target. The run is then the generator's (generatorBehind).
 */
function withoutOwnQueue(thresholds: ThresholdResult[], generator: GeneratorFigures): ThresholdResult[] {
  if (!queuedBehindItself(generator)) return thresholds;
  const why = `not judged: the generator's own queue is in it (${ownQueueFigures(generator)})`;
  return thresholds.map((threshold) =>
    threshold.ok === false && holdsClientWait(threshold.metric) ? { ...threshold, unjudged: why } : threshold,
  );
}

const crossed = (thresholds: readonly ThresholdResult[]) =>
  thresholds
    .filter((t) => t.ok === false && t.unjudged === undefined)
    .map((t) => `${t.metric} ${t.expression} (was ${t.actual})`);

export function judge(outcome: RunOutcome): Judgement {
  const generator = generatorFigures(outcome);
  const thresholds = withoutOwnQueue(judgeThresholds(outcome.merged, outcome.thresholds), generator);
  const checks = loadChecks(outcome);
  const skipped =
    outcome.skipped > 0
      ? [`${outcome.skipped} arrival(s) skipped at the in-flight ceiling (--max-in-flight)`]
      : [];
  const base = { thresholds, checks, generator, warnings: [...skipped, ...targetQueueWarning(generator)] };
  const failedChecks = checks.filter((check) => check.errors > 0);
  const setup = outcome.setupFailures.filter((f) => f.severity === 'error');
  const setupChecks = [...new Set(setup.map((f) => f.check))];
  const lines = [
    ...setupChecks.map((name) => {
      const found = setup.filter((f) => f.check === name);
      const times = found.length > 1 ? ` (${found.length} times)` : '';
      return `${name} before the load${times}: ${found[0]?.message ?? ''}`;
    }),
    ...failedChecks.map((c) => `${c.name} failed ${c.errors} time(s): ${c.first?.message ?? ''}`),
    ...(crossed(thresholds).length > 0 ? [`thresholds crossed: ${crossed(thresholds).join(', ')}`] : []),
  ];
  // A bug found is a bug found, whatever else went wrong with the run.
  if (lines.length > 0) return { ...base, verdict: 'fail', exitCode: 1, reason: lines.join('; ') };
  if (outcome.engineError) return { ...base, verdict: 'error', exitCode: 2, reason: outcome.engineError };
  const behind = generatorBehind(generator);
  if (behind) return { ...base, verdict: 'error', exitCode: 2, reason: behind };
  // Not a pass, not a failure: what it set out to show was not judged (a skip in JUnit, exit 2).
  if (outcome.premiseFailed)
    return { ...base, verdict: 'inconclusive', exitCode: 2, reason: outcome.premiseFailed };
  return {
    ...base,
    verdict: 'pass',
    exitCode: 0,
    reason: `${heldLine(checks)}; all ${thresholds.length} thresholds held`,
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

/** The 429 behaviour of the run; advisory figures are never gates. */
export function rateLimiting(merged: MergedSummary): RateLimiting {
  return {
    rate429: value(merged, METRIC.rateLimited, 'rate'),
    retries: value(merged, METRIC.retries, 'count') ?? 0,
    recoveryP95Ms: value(merged, METRIC.throttleRecovery, 'p95'),
    retryAfterPresent: value(merged, METRIC.retryAfterPresent, 'rate'),
    retryAfterHonest: value(merged, METRIC.retryAfterHonest, 'rate'),
  };
}
