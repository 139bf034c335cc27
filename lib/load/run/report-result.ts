/**
 * A distributed run's result from its directory alone: Artillery's merged report (report.json)
 * and the plan the dry run wrote beside it (plan.json), judged by the same judge() as a local run.
 * What this path cannot judge is said, never passed: a check's failures are counted per check
 * (each still fails it) but their messages stay on the remote workers, and a threshold on a
 * percentile the report does not hold is skipped with its reason (the run is then inconclusive).
 */
import path from 'node:path';
import { DISTRIBUTED_ARTILLERY } from '../artillery/distributed.ts';
import {
  readReport,
  REPORT_ACCURACY,
  REPORT_PERCENTILES,
  reportMetrics,
  type CountedFailure,
} from '../artillery/report-metrics.ts';
import { nameSafe } from '../artillery/published-metrics.ts';
import { METRIC } from '../metrics.ts';
import { phasesDurationS } from '../phases.ts';
import { distributedPlanned } from '../walk-schedule.ts';
import type { MergedSummary } from '../points/merge.ts';
import type { LoadFailure } from '../run-points.ts';
import { scenarioNamed } from '../registry.ts';
import { parseExpression } from '../thresholds.ts';
import { judge, rateLimiting, type ThresholdResult } from '../verdict.ts';
import type { LoadResult } from './loads.ts';
import { readPlan, type RunPlan } from './run-plan.ts';

export const REPORT_FILE = 'report.json';

const REMOTE_MESSAGE =
  "counted on the remote workers; Artillery's report carries counts per check and code, the failure's message and requests stay in the workers' points";

const asFailure = (counted: CountedFailure): LoadFailure => ({ ...counted, message: REMOTE_MESSAGE });

/** `latency{tenant:Tenant-A}` as the report names it: `latency{tenant:tenant-a}` (values name-safe). */
function reportSeries(metric: string): string {
  const match = /^([^{]+)\{([^:]+):(.*)\}$/.exec(metric);
  return match ? `${match[1]}{${match[2]}:${nameSafe(match[3] ?? '')}}` : metric;
}

/** The report's metrics, with each threshold's series also under the name the threshold gives it. */
function withThresholdNames(merged: MergedSummary, plan: RunPlan): MergedSummary {
  const metrics = { ...merged.metrics };
  for (const metric of Object.keys(plan.thresholds)) {
    const found = metrics[reportSeries(metric)];
    if (metrics[metric] === undefined && found) metrics[metric] = found;
  }
  return { ...merged, metrics };
}

/** A threshold whose metric had samples but whose stat the report lacks is skipped, never passed. */
function markUnjudged(threshold: ThresholdResult, merged: MergedSummary): ThresholdResult {
  const stat = parseExpression(threshold.expression)?.stat ?? '';
  const values = merged.metrics[threshold.metric]?.values;
  const time = merged.metrics[threshold.metric]?.type === 'trend' && stat.startsWith('p');
  if (threshold.ok !== null || values === undefined || values[stat] !== undefined)
    return time ? { ...threshold, accuracy: REPORT_ACCURACY } : threshold;
  return {
    ...threshold,
    unjudged: `Artillery's report holds ${REPORT_PERCENTILES.join(', ')} of a trend, not ${stat}: judge this threshold on a local run`,
  };
}

/** The judged result of the distributed run in `dir`; one line (HarnessError) when a file is missing or malformed. */
export async function reportResult(dir: string): Promise<LoadResult & { accuracy: string }> {
  const plan = await readPlan(dir);
  const file = path.join(dir, REPORT_FILE);
  const read = reportMetrics(await readReport(file), file);
  const merged = withThresholdNames(read.summary, plan);
  const failures = read.failures.map(asFailure);
  const premise = scenarioNamed(plan.scenario).premise?.(merged.metrics, plan.settings);
  const judged = judge({
    ...(plan.setupError === undefined ? {} : { engineError: plan.setupError }),
    merged,
    thresholds: plan.thresholds,
    failures,
    setupFailures: plan.setupFailures,
    planned: distributedPlanned(plan.phases, plan.workers),
    scheduleS: phasesDurationS(plan.phases),
    skipped: merged.metrics[METRIC.skipped]?.values.count ?? 0,
    ...(premise === undefined ? {} : { premiseFailed: premise }),
    refused: plan.refused,
    walksCompared: scenarioNamed(plan.scenario).walksCompared ?? false,
  });
  const thresholds = judged.thresholds.map((threshold) => markUnjudged(threshold, merged));
  const unjudged = thresholds.filter((threshold) => threshold.unjudged !== undefined);
  const inconclusive = judged.verdict === 'pass' && unjudged.length > 0;
  const errors = Object.entries(read.errors).map(([name, count]) => `Artillery counted ${count} ${name}`);
  const started = merged.startTime ?? new Date().toISOString();
  return {
    ...judged,
    thresholds,
    ...(inconclusive
      ? {
          verdict: 'inconclusive' as const,
          exitCode: 2,
          reason: `${unjudged.length} threshold(s) not judged: ${unjudged.map((t) => `${t.metric} ${t.expression}`).join(', ')} (${unjudged[0]?.unjudged ?? ''})`,
        }
      : {}),
    warnings: [...judged.warnings, ...errors],
    accuracy: REPORT_ACCURACY,
    scenario: plan.scenario,
    profile: plan.profile,
    target: { ...plan.target, sandbox: false, faults: [] },
    engine: { artillery: DISTRIBUTED_ARTILLERY, exitCodes: [] },
    workers: plan.workers,
    startedAt: started,
    durationMs: merged.endTime === null ? 0 : Date.parse(merged.endTime) - Date.parse(started),
    failures,
    setupFailures: plan.setupFailures,
    phases: plan.phases,
    rateLimiting: rateLimiting(merged),
    metrics: merged.metrics,
    files: {
      dir,
      result: path.join(dir, 'result.json'),
      scripts: [path.join(dir, 'artillery.yml')],
      points: [],
    },
  };
}
