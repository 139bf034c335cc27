/**
 * The load stage of the gate: each scenario's smoke run through runLoad, folded into the summary
 * as threshold checks, invariant checks (what the page checks found under load) and metrics.
 */
import path from 'node:path';
import { addCheck } from '../../lib/report/build.ts';
import { addThresholds, statOf, type ThresholdOutcome } from '../../lib/report/k6-thresholds.ts';
import type { ThresholdResult } from '../../lib/load/summary.ts';
import type { Summary } from '../../lib/report/model.ts';
import type { Failure } from '../../lib/failure.ts';
import type { ProfileName } from '../../lib/load/profiles.ts';
import type { ScenarioName } from '../../lib/load/thresholds.ts';
import { loadRunMetrics } from './gate-metrics.ts';
import { runLoad, type LoadResult } from './load-run.ts';
import type { LoadFailure } from './load-points.ts';

export interface GateLoad {
  /** What `--load` and the report call it. */
  name: string;
  scenario: ScenarioName;
  profile: ProfileName;
  /** Squeezes the profile; the gate keeps every run to seconds. */
  duration: string;
  /** Overrides the profile's base arrival rate, walks per second. */
  rate?: number;
  /** VUs, all initialised up front. @default from the peak rate */
  maxVUs?: number;
}

/** A threshold with the value it judged, read from the run's metrics when k6 did not give it. */
function withActual(threshold: ThresholdResult, result: LoadResult): ThresholdOutcome {
  const metric = result.metrics[threshold.metric];
  const stat = statOf(threshold.expression);
  const value = stat === undefined ? undefined : metric?.values?.[stat];
  return {
    ...threshold,
    ...(threshold.actual === undefined && value !== undefined ? { actual: value } : {}),
    ...(metric?.contains ? { contains: metric.contains } : {}),
  };
}

function addLoadChecks(summary: Summary, result: LoadResult): void {
  const label = `${result.scenario}/${result.profile}`;
  addThresholds(
    summary,
    result.thresholds.map((threshold) => ({
      ...withActual(threshold, result),
      metric: `${label} ${threshold.metric}`,
    })),
  );
  for (const failure of result.failures) {
    addCheck(
      summary,
      { name: `${label} ${failure.check}`, kind: 'invariant', detail: `${failure.count} time(s)` },
      failure.severity === 'error'
        ? { verdict: 'failed', reason: `${failure.code}: ${failure.message}` }
        : { verdict: 'passed', advisories: [asAdvisory(failure)] },
    );
  }
  // Not a gate (a busy CI machine must not fail a clean run), but the report must say it.
  for (const warning of result.warnings)
    summary.advisories.push({
      check: 'generator-rate',
      code: 'DROPPED_ITERATIONS',
      severity: 'advisory',
      message: `${label}: ${warning}`,
      expected: 'no dropped iterations: the planned arrival rate held',
      received: warning.slice(0, warning.indexOf(':')),
      requests: [],
    });
  if (result.verdict === 'error')
    addCheck(
      summary,
      { name: `${label} run`, kind: 'invariant' },
      { verdict: 'failed', reason: result.reason },
    );
}

const asAdvisory = (failure: LoadFailure): Failure => ({
  check: failure.check,
  code: failure.code,
  severity: 'advisory',
  message: failure.message,
  expected: 'see the check',
  received: `${failure.count} time(s) under load`,
  requests: [],
});

/** Latency and 429s from the walk run; latency by depth from the depth run when there was one. */
async function fillMetrics(summary: Summary, results: readonly LoadResult[]): Promise<void> {
  const walk = results.find((result) => result.scenario === 'walk' && result.profile === 'smoke');
  const depth = results.find((result) => result.scenario === 'depth') ?? walk;
  if (walk) {
    const metrics = await loadRunMetrics(walk.files.points);
    summary.metrics.latency = metrics.latency;
    summary.metrics.rate429 = metrics.rate429;
  }
  if (depth) summary.metrics.depth = (await loadRunMetrics(depth.files.points)).depth;
}

/** Runs each load in turn (side by side they would measure each other) and returns the results. */
export async function runGateLoads(
  loads: readonly GateLoad[],
  options: { summary: Summary; runDir: string; target?: string; faults: string[] },
  progress: (line: string) => void,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const load of loads) {
    const outDir = path.join(options.runDir, `load-${load.name}`);
    const { scenario, profile, duration, rate, maxVUs } = load;
    const result = await runLoad({
      scenario,
      profile,
      duration,
      ...(rate === undefined ? {} : { rate }),
      ...(maxVUs === undefined ? {} : { maxVUs }),
      ...(options.target ? { target: options.target } : { faults: options.faults }),
      outDir,
    });
    progress(
      `  ${result.verdict.toUpperCase().padEnd(5)} ${load.scenario}/${load.profile}: ${result.reason}`,
    );
    for (const warning of result.warnings) progress(`        warning: ${warning}`);
    addLoadChecks(options.summary, result);
    if (result.files.dashboard)
      (options.summary.artifacts ??= []).push({
        name: `k6 dashboard (${load.name})`,
        path: path.relative(options.runDir, result.files.dashboard),
      });
    results.push(result);
  }
  await fillMetrics(options.summary, results);
  return results;
}
