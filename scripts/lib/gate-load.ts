/**
 * The load stage of the gate: each load through runLoad, folded into the summary as threshold
 * checks, one invariant check per page check (held on N pages, or failed with its first
 * failure), the generator's figures, and the report metrics. A page check is listed once per
 * load, however many failures of it the load recorded.
 */
import path from 'node:path';
import { addCheck } from '../../lib/report/build.ts';
import { addThresholds } from '../../lib/report/thresholds.ts';
import type { Summary } from '../../lib/report/model.ts';
import type { Failure } from '../../lib/failure.ts';
import type { ProfileName } from '../../lib/load/profiles.ts';
import type { ScenarioName } from '../../lib/load/thresholds.ts';
import type { GeneratorRequest } from '../../lib/load/artillery/run.ts';
import type { LoadFailure } from '../../lib/load/points/run-points.ts';
import { loadRunMetrics } from './gate-metrics.ts';
import { runLoads, type LoadResult } from './load-run.ts';

export interface GateLoad {
  /** What `--load` and the report call it. */
  name: string;
  scenario: ScenarioName;
  profile: ProfileName;
  /** Squeezes the profile; the gate keeps every run to seconds. */
  duration: string;
  /** Overrides the profile's base arrival rate, walks per second. */
  rate?: number;
}

const TIME_METRICS =
  /^(latency|walk_duration|throttle_recovery|depth_latency_added|latency_drift|generator_lateness)\b/;

const asAdvisory = (failure: LoadFailure, label: string): Failure => ({
  check: failure.check,
  code: failure.code,
  severity: 'advisory',
  message: `${label}: ${failure.message}`,
  expected: 'see the check',
  received: `${failure.count} time(s) under load`,
  requests: [],
});

const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

function addLoadChecks(summary: Summary, result: LoadResult, label: string): void {
  const before = summary.checks.filter((check) => check.verdict === 'failed').length;
  addThresholds(
    summary,
    result.thresholds.map((threshold) => ({
      ...threshold,
      metric: `${label} ${threshold.metric}`,
      time: TIME_METRICS.test(threshold.metric),
    })),
  );
  for (const check of result.checks)
    addCheck(
      summary,
      {
        name: `${label} ${check.name}`,
        kind: 'invariant',
        family: 'load',
        detail: `${check.pages} pages checked`,
      },
      check.first
        ? {
            verdict: 'failed',
            reason: `${check.first.code}: ${check.first.message} (${check.errors} time(s))`,
          }
        : { verdict: 'passed' },
    );
  for (const failure of result.failures.filter((f) => f.severity !== 'error'))
    if (!summary.advisories.some((known) => known.code === failure.code && known.check === failure.check))
      summary.advisories.push(asAdvisory(failure, label));
  const { generator } = result;
  const figures = `${generator.started} of ${generator.planned} arrivals (${generator.achievedRate.toFixed(1)}/s of ${generator.offeredRate.toFixed(1)}/s), lateness p95 ${ms(generator.latenessP95Ms)}, p99 ${ms(generator.latenessP99Ms)}`;
  const failedHere = summary.checks.filter((check) => check.verdict === 'failed').length > before;
  // A run that failed or could not run, for a reason no check above names, says why here.
  addCheck(
    summary,
    { name: `${label} run`, kind: 'invariant', family: 'load', detail: `generator: ${figures}` },
    result.verdict !== 'pass' && !failedHere
      ? { verdict: 'failed', reason: result.reason }
      : { verdict: 'passed' },
  );
}

/**
 * Latency of the whole run (every load together, per endpoint and tenant) and of each load under
 * its name (per endpoint); the 429 share over the whole run; latency by depth from the depth load
 * when there was one.
 */
async function fillMetrics(
  summary: Summary,
  results: readonly { name: string; result: LoadResult }[],
): Promise<void> {
  const whole = await loadRunMetrics(results.flatMap(({ result }) => result.files.points));
  const perStage = await Promise.all(
    results.map(async ({ name, result }) =>
      (await loadRunMetrics(result.files.points)).latency
        .filter((row) => row.tenant === undefined)
        .map((row) => ({ ...row, stage: name })),
    ),
  );
  summary.metrics.latency = [...whole.latency, ...perStage.flat()];
  summary.metrics.rate429 = whole.rate429;
  const depth = results.find(({ result }) => result.scenario === 'depth')?.result;
  summary.metrics.depth = depth ? (await loadRunMetrics(depth.files.points)).depth : whole.depth;
}

/**
 * Runs the loads as stages of one Artillery run, one after the other (side by side they would
 * measure each other), and folds each into the summary.
 */
export async function runGateLoads(
  loads: readonly GateLoad[],
  options: {
    summary: Summary;
    runDir: string;
    target?: string;
    faults: string[];
    publish?: GeneratorRequest['publish'];
  },
  progress: (line: string) => void,
): Promise<LoadResult[]> {
  const named = loads.map((load) => ({
    name: load.name,
    dir: path.join(options.runDir, `load-${load.name}`),
    options: {
      scenario: load.scenario,
      profile: load.profile,
      duration: load.duration,
      ...(load.rate === undefined ? {} : { rate: load.rate }),
      ...(options.target ? { target: options.target } : { faults: options.faults }),
    },
  }));
  progress(`  ${loads.map((load) => load.name).join(', ')}: one Artillery run, stage after stage`);
  const results = await runLoads(named, {
    dir: path.join(options.runDir, 'load'),
    ...(options.publish ? { publish: options.publish } : {}),
  });
  results.forEach((result, index) => {
    const load = loads[index] as GateLoad;
    const label = `${load.name}/${load.profile}`;
    progress(`  ${result.verdict.toUpperCase().padEnd(5)} ${label}: ${result.reason}`);
    for (const warning of result.warnings) progress(`        warning: ${warning}`);
    addLoadChecks(options.summary, result, label);
    (options.summary.artifacts ??= []).push({
      name: `load ${load.name}: result.json`,
      path: path.relative(options.runDir, result.files.result),
    });
  });
  await fillMetrics(
    options.summary,
    results.map((result, index) => ({ name: loads[index]?.name ?? '', result })),
  );
  return results;
}
