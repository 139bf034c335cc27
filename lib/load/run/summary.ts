/**
 * A load run in the one summary.json schema (lib/report/model.ts): what the gate's load stage and
 * `npm run load` both write, so that `npm run report` re-renders and compares either.
 */
import { ALL_CHECKS } from '../../checks/registry.ts';
import type { Failure } from '../../failure.ts';
import { judgeCheck, stageEntry, type CheckOutcome, type Finding, type Rerun } from '../../report/build.ts';
import type { Summary } from '../../report/model.ts';
import { thresholdChecks } from '../../report/thresholds.ts';
import type { LoadFailure } from '../run-points.ts';
import type { LoadResult } from './loads.ts';
import { loadRunMetrics, reportPointsOf } from './summary-metrics.ts';
import { loadTimeline } from './timeline.ts';
import { holdsClientWait } from '../metrics.ts';
import { generatorLine } from '../generator-figures.ts';
import { phasesText } from '../phases.ts';

const isTime = (series: string): boolean =>
  holdsClientWait(series) || /^(generator_lateness|client_wait)\b/.test(series);

const asAdvisory = (failure: LoadFailure, label: string): Failure => ({
  check: failure.check,
  code: failure.code,
  severity: 'advisory',
  message: `${label}: ${failure.message}`,
  expected: 'see the check',
  received: `${failure.count} time(s) under load`,
  requests: [],
});

/** A page check's first failure under load as Failure data, so reports name the invariant it broke. */
const underLoad = (first: LoadFailure, errors: number): Failure => ({
  check: first.check,
  code: first.code,
  severity: 'error',
  message: first.message,
  expected: ALL_CHECKS.find((check) => check.name === first.check)?.description ?? 'see the check',
  received: `${errors} time(s) under load${first.tenant === undefined ? '' : `, first with ${first.tenant}'s key`}`,
  requests: [],
});

/** The outcome of one page check of a load: what setup traffic broke counts as much as the load's. */
function pageCheckOutcome(
  check: LoadResult['checks'][number],
  result: LoadResult,
  rerun: Rerun,
): CheckOutcome {
  const found = result.setupFailures.filter((failure) => failure.check === check.name);
  if (found.length > 0) return { verdict: 'failed', failures: found, ...rerun };
  if (result.notRun !== undefined) return { verdict: 'skipped', reason: result.notRun };
  if (check.judged === 0 && !check.first)
    return { verdict: 'skipped', reason: `the load sent no ${check.unit} this check could judge` };
  return check.first
    ? { verdict: 'failed', failures: [underLoad(check.first, check.errors)], ...rerun }
    : { verdict: 'passed' };
}

/** The load's checks and the findings its setup traffic brought before the load ran. */
function loadCheckFindings(result: LoadResult, label: string, rerun: Rerun): Finding[] {
  const thresholds =
    result.notRun === undefined
      ? thresholdChecks(
          result.thresholds.map((threshold) => ({
            ...threshold,
            metric: `${label} ${threshold.metric}`,
            time: isTime(threshold.metric),
          })),
          rerun,
        )
      : [];
  const pageChecks = new Set(result.checks.map((check) => check.name));
  const otherFindings = result.setupFailures.filter((failure) => !pageChecks.has(failure.check));
  return [
    ...thresholds,
    ...result.checks.map((check) => ({
      check: {
        name: `${label} ${check.name}`,
        kind: 'invariant' as const,
        family: 'load',
        detail: result.notRun === undefined ? `${check.judged} ${check.unit} checked` : 'setup traffic only',
      },
      outcome: pageCheckOutcome(check, result, rerun),
    })),
    ...[...new Set(otherFindings.map((failure) => failure.check))].map((name) => ({
      check: {
        name: `${label} ${name}`,
        kind: 'invariant' as const,
        family: 'load',
        detail: 'before the load',
      },
      outcome: {
        verdict: 'failed' as const,
        failures: otherFindings.filter((failure) => failure.check === name),
        ...rerun,
      },
    })),
  ];
}

/**
 * One load's findings: its thresholds, one invariant check per page check (held on N pages, or
 * failed with its first failure; listed once however often it failed), the checks its setup
 * traffic broke (with their requests), every failed one with `rerun` (the command that runs the
 * load again, and its reproduction script), its advisories, and a "run" check with the
 * generator's figures. A run that could not be judged (unjudgedReason) is a skipped check with
 * the reason, never a pass, and its stage says why (loadsStage).
 */
export function loadFindings(result: LoadResult, label: string, rerun: Rerun = {}): Finding[] {
  const checks = loadCheckFindings(result, label, rerun);
  const failedHere = checks.some(
    (finding) => 'check' in finding && judgeCheck(finding.check, finding.outcome).check.verdict === 'failed',
  );
  const advisories = result.failures
    .filter((failure) => failure.severity !== 'error')
    .map((failure) => ({ advisory: asAdvisory(failure, label) }));
  const figures = generatorLine(result.generator);
  const unjudged = unjudgedReason(result);
  // A run that failed or could not be judged, for a reason no check above names, says why here.
  const run: Finding = {
    check: { name: `${label} run`, kind: 'invariant', family: 'load', detail: `generator: ${figures}` },
    outcome:
      unjudged !== undefined
        ? { verdict: 'skipped', reason: `inconclusive: ${unjudged}` }
        : result.verdict !== 'pass' && !failedHere
          ? { verdict: 'failed', reason: result.reason, ...rerun }
          : result.notRun !== undefined
            ? { verdict: 'skipped', reason: result.notRun }
            : { verdict: 'passed' },
  };
  return [...checks, ...advisories, run];
}

/**
 * Why a load could not be judged, for a reason on the user's side, or undefined: wholly (`error`:
 * its generator fell behind, its setup or the engine could not run) or in part (`inconclusive`:
 * its premise never held). Either makes its stage inconclusive (exit 2 unless something failed).
 */
export const unjudgedReason = (result: Pick<LoadResult, 'verdict' | 'reason'>): string | undefined =>
  result.verdict === 'error' || result.verdict === 'inconclusive' ? result.reason : undefined;

/**
 * The verdict of loads run together, as their stage's line says it: inconclusive, naming each load
 * that could not be judged and why, when any could not (what the others found is in their checks);
 * else fail when any failed; else pass.
 */
export function loadsVerdict(
  loads: readonly { label: string; result: Pick<LoadResult, 'verdict' | 'reason'> }[],
): { verdict: 'pass' | 'fail' | 'inconclusive'; reason?: string } {
  const unjudged = loads.flatMap(({ label, result }) => {
    const reason = unjudgedReason(result);
    return reason === undefined ? [] : [`${label}: ${reason}`];
  });
  if (unjudged.length > 0) return { verdict: 'inconclusive', reason: unjudged.join('; ') };
  return { verdict: loads.some(({ result }) => result.verdict === 'fail') ? 'fail' : 'pass' };
}

/** The stage line of one load run alone (`npm run load`). */
export function loadStage(label: string, result: LoadResult): Summary['stages'][number] {
  const { verdict, reason } = loadsVerdict([{ label, result }]);
  return stageEntry('load', verdict, result.durationMs, reason);
}

type LoadShape = Pick<LoadResult, 'scenario' | 'profile' | 'phases'>;

/** What a load ran, as latency rows name it (`load`): scenario, profile and arrival schedule. */
const loadText = (result: LoadShape): string =>
  `${result.scenario}/${result.profile} ${phasesText(result.phases)}`;

/** What every load of a run ran, each under its name: the `load` of the whole run's rows. */
export const runLoadText = (loads: readonly { name: string; result: LoadShape }[]): string =>
  loads.map(({ name, result }) => `${name}: ${loadText(result)}`).join('; ');

/**
 * Latency of the whole run (every load together, per endpoint and tenant) and of each load under
 * its name (per endpoint); the 429 share over the whole run; latency by depth from the depth load
 * when there was one; each load's stretch of the time axis, and latency and arrivals per second.
 */
export async function loadMetrics(
  results: readonly { name: string; result: LoadResult }[],
): Promise<Partial<Summary['metrics']>> {
  const read = await Promise.all(results.map(({ result }) => reportPointsOf(result, result.files.points)));
  const whole = loadRunMetrics(read.flatMap((points) => points.responses));
  const every = runLoadText(results);
  const perStage = results.map(({ name, result }, index) =>
    loadRunMetrics(read[index]?.responses ?? [])
      .latency.filter((row) => row.tenant === undefined)
      .map((row) => ({ ...row, stage: name, load: loadText(result) })),
  );
  const depth = results.findIndex(({ result }) => result.scenario === 'depth');
  const { loads, timeline } = loadTimeline(
    results.map(({ name, result }, index) => ({
      name,
      phases: result.phases,
      ...(result.expects === undefined ? {} : { expects: result.expects }),
      responses: read[index]?.responses ?? [],
      arrivals: read[index]?.arrivals ?? [],
    })),
  );
  return {
    latency: [...whole.latency.map((row) => ({ ...row, load: every })), ...perStage.flat()],
    rate429: whole.rate429,
    depth: depth >= 0 ? loadRunMetrics(read[depth]?.responses ?? []).depth : whole.depth,
    ...(timeline.length > 0 ? { loads, timeline } : {}),
  };
}
