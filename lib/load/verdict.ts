/**
 * The verdict of a load run, from the merged points every worker wrote, never from the engine's
 * console: thresholds judged on exact merged histograms, each page check held or failed on every
 * page, and the generator's own timing (a run whose generator could not keep its schedule
 * measured less load than it claims, which is an error, not a pass).
 */
import { PAGE_CHECKS } from '../checks/registry.ts';
import { ANSWER_CHECKS, NO_ANSWER_CHECKS } from '../paging/answer-checks.ts';
import { REFUSED_CHECKS } from './refused-plan.ts';
import type { Failure } from '../failure.ts';
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
  /** What it judged: every page of every walk, or the refused requests sent beside them. */
  unit: 'pages' | 'refused requests' | 'answers' | 'requests';
  errors: number;
  /** The first error it found, for the report. */
  first?: LoadFailure;
}

/** The generator's timing: planned against started arrivals, and how late it started them. */
export interface GeneratorFigures {
  planned: number;
  started: number;
  /** Arrivals skipped at the in-flight ceiling (--max-in-flight), counted by the engine. */
  skipped: number;
  /** Planned arrivals neither started nor skipped: their slot never came, or came after the run. */
  dropped: number;
  /** Artillery's arrivals, each a slot of the schedule: what its vusers.* count. */
  slots: number;
  latenessP95Ms: number | null;
  latenessP99Ms: number | null;
  /** How long requests waited for a connection of the generator's client, send to write (client_wait). */
  clientWaitP95Ms: number | null;
  clientWaitP99Ms: number | null;
  /** The median second's share (%) of the time the generator's event loop was busy (generator_busy). */
  busyP50: number | null;
  /** Offered (planned per second of the schedule) and achieved (started) arrival rates. */
  offeredRate: number;
  achievedRate: number;
}

const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} %`);

/** The generator's figures as one line, for the console and the report's run check. */
export const generatorLine = (generator: GeneratorFigures): string =>
  [
    `${generator.started} of ${generator.planned} arrivals (${generator.achievedRate.toFixed(1)}/s of ${generator.offeredRate.toFixed(1)}/s)`,
    ...(generator.skipped > 0 ? [`${generator.skipped} skipped at --max-in-flight`] : []),
    ...(generator.dropped > 0 ? [`${generator.dropped} never started`] : []),
    `lateness p95 ${ms(generator.latenessP95Ms)}, p99 ${ms(generator.latenessP99Ms)}`,
    `client wait p95 ${ms(generator.clientWaitP95Ms)}, p99 ${ms(generator.clientWaitP99Ms)}`,
    `event loop busy ${percent(generator.busyP50)} (median second)`,
    `in ${generator.slots} slots (Artillery's vusers)`,
  ].join(', ');

/**
 * The generator fell behind when it started its arrivals this late (p95) or started this much less
 * than it planned: the target then saw less load than the figures claim. Or when its requests
 * waited this long (p95) for its own connections while its event loop was busy this share of the
 * median second: then the wait, which latency holds, is the generator's own queue (queuedBehindItself).
 */
export const GENERATOR_BOUNDS = {
  latenessP95Ms: 500,
  startedShare: 0.95,
  /** A fifth of the default latency budget (p95 < 500): enough to move a latency verdict. */
  clientWaitP95Ms: 100,
  busyPercent: 90,
} as const;

/** How the generator failed its schedule (generatorShortfall). */
export type Shortfall = 'late' | 'queued' | 'short' | 'over';

type ShortfallFigures = Pick<GeneratorFigures, 'planned' | 'started' | 'skipped' | 'latenessP95Ms'> &
  Partial<Pick<GeneratorFigures, 'clientWaitP95Ms' | 'busyP50'>>;

/**
 * Whose a long client wait is. A request waits for a connection while all of the client's are
 * busy; a connection is busy from the write until the generator has read the answer. When the
 * generator's event loop has idle time, it reads an answer as it comes, so the connections were
 * held by the target (answering slowly, or queueing itself): the wait is the target's, and stays
 * in latency (coordinated omission). When the loop is busy (nearly) all the time, answers sit
 * unread behind the generator's own work and its connections are held by itself: the wait is then
 * (at least partly) the generator's, and the latency measured is not the target's. No finer split
 * is honest: when the target's time ends and the unread time begins is never seen by the
 * generator.
 */
const queuedBehindItself = (figures: ShortfallFigures): boolean =>
  (figures.clientWaitP95Ms ?? 0) > GENERATOR_BOUNDS.clientWaitP95Ms &&
  (figures.busyP50 ?? 0) >= GENERATOR_BOUNDS.busyPercent;

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

/** The page checks on every page, the refused requests' checks on those the run sent, the framing on every answer. */
function loadChecks(
  merged: MergedSummary,
  failures: readonly LoadFailure[],
  refused: boolean,
): CheckResult[] {
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
    ...(refused ? REFUSED_CHECKS : []).map((check) =>
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

/**
 * Whether the generator kept its schedule: `late` when it started its arrivals later than the
 * bound at p95, `queued` when its requests waited for its own connections behind its busy event
 * loop (queuedBehindItself), `short` when it started too few of those it planned, `over` when more
 * than it planned, undefined when it kept up.
 * The load verdict and each capacity step judge the generator by this one rule.
 */
export function generatorShortfall(figures: ShortfallFigures): Shortfall | undefined {
  // More than the plan: generators that each ran more than their share (a distributed directory
  // run with another --count than it was written for) measured another load than the one judged.
  if (figures.started + figures.skipped > figures.planned) return 'over';
  if ((figures.latenessP95Ms ?? 0) > GENERATOR_BOUNDS.latenessP95Ms) return 'late';
  if (queuedBehindItself(figures)) return 'queued';
  if (
    figures.planned > 0 &&
    figures.started + figures.skipped < figures.planned * GENERATOR_BOUNDS.startedShare
  )
    return 'short';
  return undefined;
}

/**
 * One line naming the figure and what to do (`advice`, the load command's by default), when the
 * generator did not keep its schedule.
 */
export function generatorBehind(
  figures: GeneratorFigures,
  advice = 'lower --rate or add --workers',
): string | undefined {
  const shortfall = generatorShortfall(figures);
  if (shortfall === 'late')
    return `the load generator fell behind its schedule: arrivals started ${Math.round(figures.latenessP95Ms ?? 0)} ms late at p95 (bound ${GENERATOR_BOUNDS.latenessP95Ms} ms); ${advice}`;
  if (shortfall === 'queued')
    return `the load generator queued behind itself: its requests waited ${Math.round(figures.clientWaitP95Ms ?? 0)} ms at p95 for its own connections (bound ${GENERATOR_BOUNDS.clientWaitP95Ms} ms) while its event loop was busy ${Math.round(figures.busyP50 ?? 0)} % of the median second (bound ${GENERATOR_BOUNDS.busyPercent} %), so the latency measured is partly its own; ${advice}`;
  if (shortfall === 'short')
    return `the load generator started ${figures.started} of ${figures.planned} planned arrivals (${figures.achievedRate.toFixed(1)}/s of ${figures.offeredRate.toFixed(1)}/s); ${advice}`;
  if (shortfall === 'over')
    return `the load generators started ${figures.started + figures.skipped} arrivals, more than the ${figures.planned} planned: run a distributed directory with the --count it was written for`;
  return undefined;
}

/** "10 page checks held on 812 pages, 3 refusal checks on 140 refused requests, …, every one of 900 requests answered". */
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
  const why = `not judged: the generator's own queue is in it (client wait p95 ${ms(generator.clientWaitP95Ms)}, its event loop busy ${percent(generator.busyP50)} of the median second)`;
  return thresholds.map((threshold) =>
    threshold.ok === false && holdsClientWait(threshold.metric) ? { ...threshold, unjudged: why } : threshold,
  );
}

/**
 * A long client wait the rule gives the target (queuedBehindItself false), said anyway: it is in
 * latency, as the target's, and part of it may be the generator's connections being too few for
 * the rate rather than the target being slow; only the generator's idle time says the connections
 * were held by the target.
 */
function targetQueueWarning(generator: GeneratorFigures): string[] {
  const wait = generator.clientWaitP95Ms;
  if (wait === null || wait <= GENERATOR_BOUNDS.clientWaitP95Ms || queuedBehindItself(generator)) return [];
  return [
    `requests waited ${ms(wait)} at p95 for a connection of the generator's client, and that wait is in latency: its event loop was busy ${percent(generator.busyP50)} of the median second, so the target held the connections (slow answers, or more requests in flight than the generator's connections carry: add --workers to tell them apart)`,
  ];
}

const crossed = (thresholds: readonly ThresholdResult[]) =>
  thresholds
    .filter((t) => t.ok === false && t.unjudged === undefined)
    .map((t) => `${t.metric} ${t.expression} (was ${t.actual})`);

export function judge(outcome: RunOutcome): Judgement {
  const generator = generatorFigures(outcome);
  const thresholds = withoutOwnQueue(judgeThresholds(outcome.merged, outcome.thresholds), generator);
  const checks = loadChecks(outcome.merged, outcome.failures, outcome.refused ?? false);
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
