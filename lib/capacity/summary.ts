/**
 * A capacity run as summary.json: the curve, knee and 429 onset (metrics.capacity), latency per
 * endpoint and tenant, the 429 share per step, and one invariant check per page check (every
 * page served under load was checked; a failure fails the run) and for every-request-answered.
 */
import { everyRequestAnswered } from '../checks/every-request-answered.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { latencyRows, rate429Series } from '../load/run/response-metrics.ts';
import { capacityMetrics, type CapacityFindings } from './metrics.ts';
import type { MeasuredStep } from './onset.ts';
import type { Failure } from '../failure.ts';
import { stageEntry, type Finding, type StageReport } from '../report/build.ts';
import { countOf } from '../load/points/responses.ts';
import type { LoadFailure } from '../load/run-points.ts';

export interface MeasuredRun extends CapacityFindings {
  measured: MeasuredStep[];
  failures: LoadFailure[];
  /** What the setup's traffic broke, with its requests: findings like any page's. */
  setupFailures: Failure[];
  /** Why a step could not run, after earlier ones were measured. */
  error?: string;
  durationMs: number;
}

const asFailure = (failure: LoadFailure): Failure => ({
  check: failure.check,
  code: failure.code,
  severity: failure.severity === 'advisory' ? 'advisory' : 'error',
  message: failure.message,
  expected: 'every page served under load passes the check',
  received: `${failure.count} time(s)${failure.tenant ? ` on ${failure.tenant}` : ''}${failure.endpoint ? ` ${failure.endpoint}` : ''}`,
  requests: [],
});

/**
 * One finding per page check (on the pages served), one for every-request-answered (on every
 * request sent), and one for any other check the steps or the setup broke (an answer's framing):
 * every failure the run met is named by its check.
 */
function runChecks(run: MeasuredRun, pages: number, requests: number): Finding[] {
  const judged = [
    ...PAGE_CHECKS.map((check) => ({ name: check.name, detail: `checked on ${pages} pages under load` })),
    { name: everyRequestAnswered.name, detail: `checked on ${requests} requests under load` },
  ];
  const names = new Set(judged.map((check) => check.name));
  const others = [...run.setupFailures, ...run.failures]
    .filter((failure) => failure.severity !== 'advisory' && !names.has(failure.check))
    .map((failure) => failure.check);
  return [...judged, ...[...new Set(others)].map((name) => ({ name, detail: 'failed under load' }))].map(
    ({ name, detail }) => {
      const found = [
        ...run.setupFailures.filter((failure) => failure.check === name),
        ...run.failures.filter((failure) => failure.check === name).map(asFailure),
      ];
      return {
        check: { name, kind: 'invariant', family: 'capacity', detail },
        outcome: found.length > 0 ? { verdict: 'failed', failures: found } : { verdict: 'passed' },
      };
    },
  );
}

/**
 * A step's request left without an answer is a point of the curve, as a 5xx is (the steps' errors,
 * which the objective judges): capacity drives a target past what it serves on purpose, and what
 * it does there is the knee, not a bug of the contract. Named as an advisory; in the setup, which
 * runs before any pressure, it stays the run's failure.
 */
const stepFailure = (failure: LoadFailure): LoadFailure =>
  failure.check === everyRequestAnswered.name ? { ...failure, severity: 'advisory' } : failure;

/** What the run measured, for its summary: the curve and its tables, a check per page check, the steps' stage. */
export function capacityReport(measured: MeasuredRun): StageReport {
  const run = { ...measured, failures: measured.failures.map(stepFailure) };
  const responses = run.measured.flatMap((step) => step.responses);
  // Latency over all steps compares with a baseline's only over the same steps.
  const load = `capacity steps ${run.measured.map((step) => `${step.offeredRps}/s for ${step.durationS}s`).join(', ')}`;
  const answered = countOf(responses.filter((cell) => cell.status === 200));
  const sent = countOf(responses);
  const broken =
    run.setupFailures.length > 0 || run.failures.some((failure) => failure.severity !== 'advisory');
  return {
    metrics: {
      latency: latencyRows(responses).map((row) => ({ ...row, load })),
      rate429: rate429Series(run.measured),
      depth: [],
      capacity: capacityMetrics(run),
    },
    findings: runChecks(run, answered, sent),
    stages: [stepsStage(run, broken)],
  };
}

/**
 * The steps' stage: inconclusive when a step could not run (a reason on the user's side: the steps
 * before it stand) or when no step was driven (the capacity is unknown), saying what to do.
 */
function stepsStage(run: MeasuredRun, broken: boolean) {
  const name = 'capacity steps';
  if (run.error !== undefined)
    return stageEntry(name, 'inconclusive', run.durationMs, `${run.error}; run again`);
  if (broken) return stageEntry(name, 'fail', run.durationMs);
  if (run.capacity.kind === 'none')
    return stageEntry(name, 'inconclusive', run.durationMs, [run.lines.capacity, ...run.next].join('; '));
  return stageEntry(name, 'pass', run.durationMs);
}
