/**
 * A capacity run as a function: opens the target (or starts a sandbox), runs the setup once, then
 * one Artillery step after another at rising arrival rates until two driven steps in a row miss the
 * objective (the capacity is then known), two in a row could not be driven by the generator, the
 * ceiling is reached or the time budget is spent, and writes reports/<run-id>/ (summary.json,
 * junit.xml, report.html, the step table as capacity.json, each step's Artillery script, raw
 * points and result.json under step-<n>/).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { detectKnee, type Knee } from './knee.ts';
import { onset429, type MeasuredStep, type Onset } from './onset.ts';
import {
  confirmedMiss,
  findCapacity,
  headroomLine,
  judgeStep,
  type CapacityAnswer,
  type StepVerdict,
} from './objective.ts';
import type { CapacityFindings } from './metrics.ts';
import { capacityLine } from './table.ts';
import { nextSteps, type RunShape } from './next-step.ts';
import { planSteps, type StepPlan } from './plan.ts';
import { stepStats, type StepStats } from './step-stats.ts';
import { readRunPoints } from '../load/run-points.ts';
import { resolveArtillery } from '../process/artillery.ts';
import { buildSummary } from '../report/build.ts';
import type { OnOpened } from '../cli/cli.ts';
import type { Summary } from '../report/model.ts';
import { capacityReport } from './summary.ts';
import type { CapacityOptions } from './options.ts';
import { capacitySetup, runCapacityStep, type StepRun } from './step.ts';
import { HarnessError } from '../errors.ts';
import { isError, type Failure } from '../failure.ts';
import type { OpenedTarget } from '../adapters/open-target.ts';
import { withRun, type RunPaths } from '../report/with-run.ts';
import { runVersions } from '../report/versions.ts';
import { runFacts, startTarget } from '../run/start.ts';

/**
 * `objective`: two driven steps in a row missed it; `generator`: two steps in a row could not be
 * driven; `setup`: the setup's traffic broke a check (no step ran); `error`: a step could not run.
 */
type StopReason = RunShape['stoppedBy'];

export interface CapacityResult {
  plan: StepPlan;
  steps: StepStats[];
  knee: Knee | null;
  onsets: Onset[];
  verdicts: StepVerdict[];
  capacity: CapacityAnswer;
  /** What to run next, one line each. */
  next: string[];
  /** The capacity line and, with --expected-rate, the headroom line, as the console prints them. */
  lines: CapacityFindings['lines'];
  stoppedBy: StopReason;
  summary: Summary;
  paths: RunPaths;
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
  run: OpenedTarget,
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
        workers: options.workers,
        ...(options.publish ? { publish: { to: options.publish, run: path.basename(runDir) } } : {}),
      });
    } catch (error) {
      // The steps measured before keep their findings; with none measured, nothing was judged.
      if (!(error instanceof HarnessError) || index === 0) throw error;
      return { ...result, stoppedBy: 'error', error: error.message };
    }
    const stats = stepStats(index, rate, options.stepDurationS, stepRun.responses, stepRun.generator);
    result.steps.push(stats);
    result.measured.push({
      offeredRps: rate,
      durationS: options.stepDurationS,
      responses: stepRun.responses,
    });
    result.pointFiles.push(...stepRun.pointFiles);
    result.scripts.push(...stepRun.scripts);
    for (const line of stepRun.warnings) if (!result.warnings.includes(line)) result.warnings.push(line);
    onStep(stats);
    const verdicts = result.steps.map((step) => judgeStep(step, options.objective));
    if (confirmedMiss(verdicts, false) !== undefined) return { ...result, stoppedBy: 'objective' };
    if (verdicts.slice(-2).filter((verdict) => verdict.verdict === 'undriven').length === 2)
      return { ...result, stoppedBy: 'generator' };
    const perStepMs = (Date.now() - started) / (index + 1);
    if (Date.now() - started + perStepMs > options.timeBudgetS * 1000 && index < plan.rates.length - 1)
      return { ...result, stoppedBy: 'time-budget' };
  }
  return result;
}

export async function runCapacity(
  options: CapacityOptions,
  onStep: (stats: StepStats) => void = () => {},
  onOpened: OnOpened = () => {},
): Promise<CapacityResult> {
  // Before any target is opened: a missing Artillery is one line, not a sandbox started for nothing.
  const artillery = resolveArtillery();
  const { target, faults, sandbox, env } = options;
  const { opened: run, redact } = await startTarget(
    { file: target, faults, sandbox, env, forLoad: true },
    onOpened,
  );
  try {
    // An error (the target unreachable, Artillery failing) leaves no run directory behind.
    return await withRun({ command: 'capacity', reportsDir: options.reportsDir }, async (folder) => {
      const { runDir } = folder;
      const plan = planSteps({ ...options, targetMaxRps: run.target.load.maxRps });
      const started = Date.now();
      const measurement = await measureSteps(run, options, plan, runDir, onStep);
      const knee = detectKnee(measurement.steps, options.knee);
      const onsets = onset429(measurement.measured);
      const verdicts = measurement.steps.map((step) => judgeStep(step, options.objective));
      const capacity = findCapacity(measurement.steps, verdicts);
      const next = nextSteps(capacity, measurement.steps, verdicts, {
        ...options,
        stoppedBy: measurement.stoppedBy,
        targetMaxRps: run.target.load.maxRps,
      });
      const headroom = options.expectedRps && headroomLine(capacity, options.expectedRps);
      const lines = {
        capacity: capacityLine(capacity, measurement.steps, verdicts, options.objective),
        ...(headroom ? { headroom } : {}),
      };
      const { failures } = await readRunPoints(measurement.pointFiles, [95]);
      const report = capacityReport({
        ...measurement,
        knee,
        onsets,
        verdicts,
        capacity,
        next,
        lines,
        objective: options.objective,
        ...(options.expectedRps === undefined ? {} : { expectedRps: options.expectedRps }),
        failures,
        durationMs: Date.now() - started,
      });
      const artifacts = [
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
        capacity,
        objective: options.objective,
        next,
        knee,
        rule: options.knee,
        stoppedBy: measurement.stoppedBy,
        steps: measurement.steps.map((step, at) => ({ ...step, ...verdicts[at] })),
        onset429: onsets,
      };
      await writeFile(path.join(runDir, 'capacity.json'), redact(`${JSON.stringify(table, null, 2)}\n`));
      const summary = buildSummary(runFacts('capacity', folder, run, runVersions(artillery.version)), [
        { ...report, artifacts },
      ]);
      return {
        redact,
        plan,
        steps: measurement.steps,
        knee,
        onsets,
        verdicts,
        capacity,
        next,
        lines,
        stoppedBy: measurement.stoppedBy,
        summary,
        warnings: measurement.warnings,
      };
    });
  } finally {
    await run.close();
  }
}
