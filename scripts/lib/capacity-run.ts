/**
 * A capacity run as a function: opens the target (or starts a sandbox), runs one k6 step after
 * another at rising arrival rates until the knee is confirmed, the ceiling is reached or the time
 * budget is spent, and writes reports/<run-id>/ (summary.json, junit.xml, report.html, the step
 * table as capacity.json, the raw points).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { detectKnee, type Knee } from '../../lib/capacity/knee.ts';
import { onset429, type MeasuredStep, type Onset } from '../../lib/capacity/onset.ts';
import { planSteps, type StepPlan } from '../../lib/capacity/plan.ts';
import { stepStats, type StepStats } from '../../lib/capacity/step-stats.ts';
import { createRedactor, type Redactor } from '../../lib/redact.ts';
import { describeTarget, finishSummary, startSummary } from '../../lib/report/build.ts';
import type { Summary } from '../../lib/report/model.ts';
import { targetSecrets } from '../../lib/target/target.ts';
import { fillCapacitySummary } from './capacity-summary.ts';
import type { CapacityOptions } from './capacity-options.ts';
import { runCapacityStep } from './capacity-step.ts';
import { resolveK6 } from './k6.ts';
import { bundleScenario } from './load-bundle.ts';
import { readRunPoints } from './load-points.ts';
import { openTarget, type RunTarget } from './load-target.ts';
import { writeRunReport, type ReportPaths } from './report-write.ts';
import { runVersions } from './repro-versions.ts';

type StopReason = 'knee' | 'ceiling' | 'time-budget';

export interface CapacityResult {
  plan: StepPlan;
  steps: StepStats[];
  knee: Knee | null;
  onsets: Onset[];
  stoppedBy: StopReason;
  summary: Summary;
  paths: ReportPaths;
}

interface Measurement {
  steps: StepStats[];
  measured: MeasuredStep[];
  pointFiles: string[];
  stoppedBy: StopReason;
}

async function measureSteps(
  run: RunTarget,
  options: CapacityOptions,
  plan: StepPlan,
  dirs: { bundle: string; runDir: string },
  onStep: (stats: StepStats) => void,
): Promise<Measurement> {
  const started = Date.now();
  const result: Measurement = { steps: [], measured: [], pointFiles: [], stoppedBy: plan.boundBy };
  for (const [index, rate] of plan.rates.entries()) {
    const stepRun = await runCapacityStep({
      bundle: dirs.bundle,
      dir: dirs.runDir,
      targetJson: run.fileJson,
      index,
      rate,
      durationS: options.stepDurationS,
      maxRps: run.target.load.maxRps,
      env: options.env,
    });
    const stats = stepStats(index, rate, options.stepDurationS, stepRun.samples, stepRun.dropped);
    result.steps.push(stats);
    result.measured.push({ offeredRps: rate, samples: stepRun.samples });
    result.pointFiles.push(stepRun.pointsFile);
    onStep(stats);
    if (detectKnee(result.steps, options.knee)?.confirmed) return { ...result, stoppedBy: 'knee' };
    const perStepMs = (Date.now() - started) / (index + 1);
    if (Date.now() - started + perStepMs > options.timeBudgetS * 1000 && index < plan.rates.length - 1)
      return { ...result, stoppedBy: 'time-budget' };
  }
  return result;
}

function newSummary(run: RunTarget): Summary {
  return startSummary({
    command: 'capacity',
    target: describeTarget(run.target.name, run.target.baseUrl, { sandbox: run.sandbox, faults: run.faults }),
    versions: runVersions(resolveK6().version),
    startedAt: new Date(),
  });
}

export async function runCapacity(
  options: CapacityOptions,
  onStep: (stats: StepStats) => void = () => {},
  onRedactor: (redact: Redactor) => void = () => {},
): Promise<CapacityResult> {
  const run = await openTarget('walk', { ...options, target: options.target, faults: options.faults });
  const redact = createRedactor(targetSecrets(run.target));
  onRedactor(redact);
  const bundleDir = await mkdtemp(path.join(tmpdir(), 'capacity-bundle-'));
  try {
    const summary = newSummary(run);
    const runDir = path.join(options.reportsDir, summary.runId);
    await mkdir(runDir, { recursive: true });
    const plan = planSteps({ ...options, targetMaxRps: run.target.load.maxRps });
    const bundle = await bundleScenario('capacity', bundleDir, { sourceMap: false });
    const started = Date.now();
    const measurement = await measureSteps(run, options, plan, { bundle, runDir }, onStep);
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
      ...measurement.pointFiles.map((file) => ({
        name: `k6 raw points ${path.basename(file)}`,
        path: path.basename(file),
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
    return { plan, steps: measurement.steps, knee, onsets, stoppedBy: measurement.stoppedBy, summary, paths };
  } finally {
    await rm(bundleDir, { recursive: true, force: true });
    await run.close();
  }
}
