/**
 * A capacity run as a function: opens the target (or starts a sandbox), runs the setup once, then
 * one Artillery step after another at rising arrival rates until the knee is confirmed, the
 * ceiling is reached or the time budget is spent, and writes reports/<run-id>/ (summary.json,
 * junit.xml, report.html, the step table as capacity.json, each step's Artillery script and raw
 * points under step-<n>/).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectKnee, type Knee } from './knee.ts';
import { onset429, type MeasuredStep, type Onset } from './onset.ts';
import { planSteps, type StepPlan } from './plan.ts';
import { stepStats, type StepStats } from './step-stats.ts';
import { readRunPoints } from '../load/points/run-points.ts';
import { resolveArtillery } from '../process/artillery.ts';
import { createRedactor, type Redactor } from '../redact.ts';
import { describeTarget, finishSummary, startSummary } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import { targetSecrets } from '../target/target.ts';
import { fillCapacitySummary } from './summary.ts';
import type { CapacityOptions } from './options.ts';
import { capacitySetup, runCapacityStep, type StepRun } from './step.ts';
import { HarnessError } from '../errors.ts';
import { isError, type Failure } from '../failure.ts';
import { openTarget, type RunTarget } from '../load/run/target.ts';
import { writeRunReport, type ReportPaths } from '../report/write.ts';
import { runVersions } from '../report/versions.ts';
import { inRunDir } from '../adapters/node-run-dir.ts';

/** `setup`: the setup's traffic broke a check (no step ran); `error`: a step could not run. */
type StopReason = 'knee' | 'ceiling' | 'time-budget' | 'setup' | 'error';

export interface CapacityResult {
  plan: StepPlan;
  steps: StepStats[];
  knee: Knee | null;
  onsets: Onset[];
  stoppedBy: StopReason;
  summary: Summary;
  paths: ReportPaths;
  /** `--publish` did not reach its receiver: each distinct line once. */
  warnings: string[];
}

interface Measurement {
  steps: StepStats[];
  measured: MeasuredStep[];
  pointFiles: string[];
  scripts: string[];
  stoppedBy: StopReason;
  warnings: string[];
  /** What the setup's traffic broke, each with its requests. */
  setupFailures: Failure[];
  /** Why a step could not run, after earlier ones were measured. */
  error?: string;
}

async function measureSteps(
  run: RunTarget,
  options: CapacityOptions,
  plan: StepPlan,
  runDir: string,
  onStep: (stats: StepStats) => void,
): Promise<Measurement> {
  const started = Date.now();
  const result: Measurement = {
    steps: [],
    measured: [],
    pointFiles: [],
    scripts: [],
    stoppedBy: plan.boundBy,
    warnings: [],
    setupFailures: [],
  };
  const setup = await capacitySetup(run, plan.rates[0] ?? plan.ceilingRps, options.stepDurationS);
  result.setupFailures = (setup.failures ?? []).filter(isError);
  if (result.setupFailures.length > 0) return { ...result, stoppedBy: 'setup' };
  for (const [index, rate] of plan.rates.entries()) {
    let stepRun: StepRun;
    try {
      stepRun = await runCapacityStep({
        run,
        dir: runDir,
        index,
        rate,
        durationS: options.stepDurationS,
        setup,
        env: options.env,
        ...(options.publish ? { publish: { to: options.publish, run: path.basename(runDir) } } : {}),
      });
    } catch (error) {
      // The steps measured before keep their findings; with none measured, nothing was judged.
      if (!(error instanceof HarnessError) || index === 0) throw error;
      return { ...result, stoppedBy: 'error', error: error.message };
    }
    const stats = stepStats(
      index,
      rate,
      options.stepDurationS,
      stepRun.samples,
      stepRun.dropped,
      stepRun.latenessP95,
    );
    result.steps.push(stats);
    result.measured.push({ offeredRps: rate, samples: stepRun.samples });
    result.pointFiles.push(...stepRun.pointFiles);
    result.scripts.push(...stepRun.scripts);
    for (const line of stepRun.warnings) if (!result.warnings.includes(line)) result.warnings.push(line);
    onStep(stats);
    if (detectKnee(result.steps, options.knee)?.confirmed) return { ...result, stoppedBy: 'knee' };
    const perStepMs = (Date.now() - started) / (index + 1);
    if (Date.now() - started + perStepMs > options.timeBudgetS * 1000 && index < plan.rates.length - 1)
      return { ...result, stoppedBy: 'time-budget' };
  }
  return result;
}

function newSummary(run: RunTarget, artilleryVersion: string): Summary {
  return startSummary({
    command: 'capacity',
    target: describeTarget(run.target.name, run.target.baseUrl, { sandbox: run.sandbox, faults: run.faults }),
    versions: runVersions(artilleryVersion),
    startedAt: new Date(),
  });
}

export async function runCapacity(
  options: CapacityOptions,
  onStep: (stats: StepStats) => void = () => {},
  onRedactor: (redact: Redactor) => void = () => {},
): Promise<CapacityResult> {
  // Before any target is opened: a missing Artillery is one line, not a sandbox started for nothing.
  const artillery = resolveArtillery();
  const { target, faults, sandbox, env } = options;
  const run = await openTarget('walk', { target, faults, sandbox, env });
  const redact = createRedactor(targetSecrets(run.target));
  onRedactor(redact);
  try {
    const summary = newSummary(run, artillery.version);
    const runDir = path.resolve(options.reportsDir, summary.runId);
    // An error (the target unreachable, Artillery failing) leaves no run directory behind.
    return await inRunDir(runDir, async () => {
      const plan = planSteps({ ...options, targetMaxRps: run.target.load.maxRps });
      const started = Date.now();
      const measurement = await measureSteps(run, options, plan, runDir, onStep);
      const knee = detectKnee(measurement.steps, options.knee);
      const onsets = onset429(measurement.measured);
      const { failures } = await readRunPoints(measurement.pointFiles, [95]);
      fillCapacitySummary(summary, {
        ...measurement,
        knee,
        onsets,
        failures,
        durationMs: Date.now() - started,
      });
      summary.artifacts = [
        { name: 'step table (capacity.json)', path: 'capacity.json' },
        ...measurement.scripts.map((file) => ({
          name: `Artillery script ${path.relative(runDir, file)}`,
          path: path.relative(runDir, file),
        })),
        ...measurement.pointFiles.map((file) => ({
          name: `raw points ${path.relative(runDir, file)}`,
          path: path.relative(runDir, file),
        })),
      ];
      const table = {
        plan,
        knee,
        rule: options.knee,
        stoppedBy: measurement.stoppedBy,
        steps: measurement.steps,
        onset429: onsets,
      };
      await writeFile(path.join(runDir, 'capacity.json'), redact(`${JSON.stringify(table, null, 2)}\n`));
      finishSummary(summary, new Date());
      const paths = await writeRunReport(summary, { redact, reportsDir: options.reportsDir });
      return {
        plan,
        steps: measurement.steps,
        knee,
        onsets,
        stoppedBy: measurement.stoppedBy,
        summary,
        paths,
        warnings: measurement.warnings,
      };
    });
  } finally {
    await run.close();
  }
}
