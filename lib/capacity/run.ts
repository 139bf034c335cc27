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
import type { Redactor } from '../redact.ts';
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

/** What a capacity run tells its caller while it goes on. */
export interface CapacityListeners {
  /** Each step's figures, as soon as it is measured. */
  step?: (stats: StepStats) => void;
  /** The plan before the first step, each step's start, then a line every 5 s while it runs. */
  progress?: (line: string) => void;
}

/** The plan in one line, and the cap the target file put on `--max` in another. */
function planLines(plan: StepPlan, options: CapacityOptions, targetMaxRps: number): string[] {
  const lines: string[] = [];
  if (targetMaxRps < options.maxRps)
    lines.push(`capped at ${targetMaxRps} req/s by target file maxRps (asked --max ${options.maxRps})`);
  const rates = plan.rates;
  const span = rates.length > 1 ? `${rates[0]} to ${rates.at(-1)} rps` : `${rates[0]} rps`;
  const cut = plan.boundBy === 'time-budget' ? ` (--run-budget ${options.timeBudgetS} s fits no more)` : '';
  lines.push(`plan: ${rates.length} step(s), ${span}, ${options.stepDurationS} s each${cut}`);
  return lines;
}

function emptyMeasurement(stoppedBy: StopReason): Measurement {
  return { steps: [], measured: [], pointFiles: [], scripts: [], stoppedBy, warnings: [], setupFailures: [] };
}

/** Adds one measured step to `result`; its figures go to the listener. */
function record(result: Measurement, stats: StepStats, stepRun: StepRun, durationS: number): void {
  result.steps.push(stats);
  result.measured.push({ offeredRps: stats.offeredRps, durationS, responses: stepRun.responses });
  result.pointFiles.push(...stepRun.pointFiles);
  result.scripts.push(...stepRun.scripts);
  for (const line of stepRun.warnings) if (!result.warnings.includes(line)) result.warnings.push(line);
}

/** Why the run stops after the steps measured so far, or undefined to go on. */
function stopAfter(result: Measurement, options: CapacityOptions, plan: StepPlan, startedMs: number) {
  const verdicts = result.steps.map((step) => judgeStep(step, options.objective));
  if (confirmedMiss(verdicts, false) !== undefined) return 'objective';
  if (verdicts.slice(-2).filter((verdict) => verdict.verdict === 'undriven').length === 2) return 'generator';
  const done = result.steps.length;
  const perStepMs = (Date.now() - startedMs) / done;
  if (Date.now() - startedMs + perStepMs > options.timeBudgetS * 1000 && done < plan.rates.length)
    return 'time-budget';
  return undefined;
}

async function measureSteps(
  { run, redact }: { run: OpenedTarget; redact: Redactor },
  options: CapacityOptions,
  plan: StepPlan,
  runDir: string,
  listeners: CapacityListeners,
): Promise<Measurement> {
  const started = Date.now();
  const result = emptyMeasurement(plan.boundBy);
  const setup = await capacitySetup(run, plan.rates[0] ?? plan.ceilingRps, options.stepDurationS);
  result.setupFailures = (setup.failures ?? []).filter(isError);
  if (result.setupFailures.length > 0) return { ...result, stoppedBy: 'setup' };
  const publish = options.publish && { to: options.publish, run: path.basename(runDir) };
  for (const [index, rate] of plan.rates.entries()) {
    const durationS = options.stepDurationS;
    listeners.progress?.(`step ${index + 1} of ${plan.rates.length}: ${rate} rps for ${durationS} s`);
    let stepRun: StepRun;
    try {
      stepRun = await runCapacityStep({
        ...{
          run,
          redact,
          dir: runDir,
          index,
          rate,
          durationS,
          setup,
          env: options.env,
          workers: options.workers,
        },
        ...(publish ? { publish } : {}),
        ...(listeners.progress ? { progress: listeners.progress } : {}),
      });
    } catch (error) {
      // The steps measured before keep their findings; with none measured, nothing was judged.
      if (!(error instanceof HarnessError) || index === 0) throw error;
      return { ...result, stoppedBy: 'error', error: error.message };
    }
    const stats = stepStats(index, rate, durationS, stepRun.responses, stepRun.generator);
    record(result, stats, stepRun, durationS);
    listeners.step?.(stats);
    const stop = stopAfter(result, options, plan, started);
    if (stop !== undefined) return { ...result, stoppedBy: stop };
  }
  return result;
}

/** The answers a measurement gives: knee, onsets, each step's verdict, the capacity, what next. */
function judge(measurement: Measurement, options: CapacityOptions, targetMaxRps: number) {
  const { steps } = measurement;
  const verdicts = steps.map((step) => judgeStep(step, options.objective));
  const capacity = findCapacity(steps, verdicts);
  const shape = { ...options, stoppedBy: measurement.stoppedBy, targetMaxRps };
  const headroom = options.expectedRps && headroomLine(capacity, options.expectedRps);
  return {
    knee: detectKnee(steps, options.knee),
    onsets: onset429(measurement.measured),
    verdicts,
    capacity,
    next: nextSteps(capacity, steps, verdicts, shape),
    lines: {
      capacity: capacityLine(capacity, steps, verdicts, options.objective),
      ...(headroom ? { headroom } : {}),
    },
  };
}

/** Each step's Artillery script and raw points, as the summary lists them. */
function artifactsOf(measurement: Measurement, runDir: string): NonNullable<Summary['artifacts']> {
  const named = (what: string) => (file: string) => ({
    name: `${what} ${path.relative(runDir, file)}`,
    path: path.relative(runDir, file),
  });
  return [
    { name: 'step table (capacity.json)', path: 'capacity.json' },
    ...measurement.scripts.map(named('Artillery script')),
    ...measurement.pointFiles.map(named('raw points')),
  ];
}

export async function runCapacity(
  options: CapacityOptions,
  listeners: CapacityListeners = {},
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
      const targetMaxRps = run.target.load.maxRps;
      const plan = planSteps({ ...options, targetMaxRps });
      for (const line of planLines(plan, options, targetMaxRps)) listeners.progress?.(line);
      const started = Date.now();
      const measurement = await measureSteps({ run, redact }, options, plan, runDir, listeners);
      const found = judge(measurement, options, targetMaxRps);
      const { failures } = await readRunPoints(measurement.pointFiles, [95]);
      const report = capacityReport({
        ...measurement,
        ...found,
        objective: options.objective,
        ...(options.expectedRps === undefined ? {} : { expectedRps: options.expectedRps }),
        failures,
        durationMs: Date.now() - started,
      });
      const table = {
        ...{ plan, capacity: found.capacity, objective: options.objective, next: found.next },
        ...{ knee: found.knee, rule: options.knee, stoppedBy: measurement.stoppedBy },
        steps: measurement.steps.map((step, at) => ({ ...step, ...found.verdicts[at] })),
        onset429: found.onsets,
      };
      await writeFile(path.join(runDir, 'capacity.json'), redact(`${JSON.stringify(table, null, 2)}\n`));
      const summary = buildSummary(runFacts('capacity', folder, run, runVersions(artillery.version)), [
        { ...report, artifacts: artifactsOf(measurement, runDir) },
      ]);
      const { steps, stoppedBy, warnings } = measurement;
      return { redact, plan, steps, ...found, stoppedBy, summary, warnings };
    });
  } finally {
    await run.close();
  }
}
