/**
 * One load run as a function: opens the target (or starts a sandbox), runs the scenario's setup
 * in this process (one line when the target is unfit), runs its schedule on Artillery through the
 * harness's engine (lib/load/artillery), merges every worker's points and judges them. Writes
 * under each load's directory its result.json (the judgement and every metric by tag), the
 * Artillery scripts and the raw points; `runLoad` (run-load.ts) adds a run's summary.json,
 * junit.xml and report.html in the one schema every command writes (lib/report/model.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../../errors.ts';
import { isError, type Failure } from '../../failure.ts';
import { runGenerators, scheduleS, type GeneratorRequest, type GeneratorRun } from '../artillery/run.ts';
import { METRIC } from '../metrics.ts';
import { phasesDurationS, plannedArrivals, type Phase } from '../phases.ts';
import { publishedLine } from '../publish.ts';
import type { MergedSummary } from '../points/merge.ts';
import { readRunPoints, type LoadFailure } from '../run-points.ts';
import { collectLoadPoint, keepReportPoints, type LoadPoints } from './summary-metrics.ts';
import { gatesOnDrift, percentilesIn } from '../thresholds.ts';
import { judge, rateLimiting, type Judgement, type RateLimiting } from '../verdict.ts';
import { resolveArtillery } from '../../process/artillery.ts';
import { redactDeep } from '../../redact.ts';
import type { StartedTarget } from '../../run/start.ts';
import type { SandboxIdentity } from '../../target/sandbox-identity.ts';
import type { LoadOptions } from './options.ts';
import { notRunReason, prepareLoad, type PreparedLoad } from './prepare.ts';

/** The run as data: what it was, its judgement, and what it measured. */
export interface LoadResult extends Judgement {
  scenario: string;
  profile: string;
  /** Name and base URL only: never a key; a sandbox's identity (its settings), to start it again. */
  target: { name: string; baseUrl: string; sandbox: boolean; faults: string[]; identity?: SandboxIdentity };
  engine: { artillery: string; exitCodes: (number | null)[] };
  workers: number;
  startedAt: string;
  durationMs: number;
  /** Each distinct failure the page checks recorded, with how often. */
  failures: LoadFailure[];
  /** What setup traffic broke (checked like any walk), each with its requests: findings of the load. */
  setupFailures: Failure[];
  /** Why the load phase did not run, when it did not (setup found something, or could not finish). */
  notRun?: string;
  /** The arrival schedule it ran (the planned rate on the report's time axis). */
  phases: Phase[];
  /** What it provokes on purpose (LoadScenario.expects), named on the report's time axis. */
  expects?: string;
  rateLimiting: RateLimiting;
  /** From all raw points: per metric, and per tag value as `metric{tag:value}`. */
  metrics: MergedSummary['metrics'];
  files: { dir: string; result: string; scripts: string[]; points: string[] };
}

/** The schedule plus Artillery's start-up, the walks' drain and a margin; a run never outlives it. */
const defaultTimeoutMs = (scheduleS: number): number => (scheduleS + 30 + 60) * 1000;

/** What a run whose every load skipped its phase generated. */
const NOTHING_GENERATED: GeneratorRun = {
  pointFiles: {},
  scripts: [],
  exitCodes: [],
  timedOut: false,
  warnings: [],
};

/** Why a stage that ran has nothing to judge: a generator process failed, or no arrival ran. */
export const stageError = (generated: GeneratorRun, pointFiles: readonly string[]): string | undefined =>
  generated.error ??
  (pointFiles.length === 0
    ? "the load engine wrote no points: no arrival ran (HARNESS_DEBUG=1 shows Artillery's output)"
    : undefined);

/** Judges one load from its points and writes its result.json. */
async function judgeLoad(
  load: PreparedLoad,
  generated: GeneratorRun,
  context: { artillery: string; workers: number; started: number; warnings: readonly string[] },
): Promise<LoadResult> {
  const { thresholds, run, redact, settings, setup, phases } = load;
  const notRun = notRunReason(load);
  const files = notRun === undefined ? (generated.pointFiles[load.name] ?? []) : [];
  const wanted = [50, 90, 95, 99, ...percentilesIn(Object.values(thresholds).flat())];
  // One read of the points serves the verdict and the report.
  const reportPoints: LoadPoints = { responses: [], arrivals: [] };
  const points = await readRunPoints(files, [...new Set(wanted)], (point) =>
    collectLoadPoint(point, reportPoints),
  );
  const premise = load.scenario.premise?.(points.summary.metrics, settings);
  const engineError = load.setupError ?? stageError(generated, files);
  const judgement = judge({
    ...(engineError === undefined ? {} : { engineError }),
    merged: points.summary,
    thresholds,
    failures: points.failures,
    setupFailures: setup.failures ?? [],
    planned: phases.reduce((sum, phase) => sum + plannedArrivals(phase), 0),
    scheduleS: phasesDurationS(phases),
    skipped: points.summary.metrics[METRIC.skipped]?.values.count ?? 0,
    ...(premise === undefined ? {} : { premiseFailed: premise }),
    refused: (load.scenario.refused ?? false) && settings.refused !== false,
    walksCompared: load.scenario.walksCompared ?? false,
  });
  mkdirSync(load.dir, { recursive: true });
  const result: LoadResult = redactDeep(
    {
      scenario: load.scenario.name,
      profile: load.profile,
      target: {
        name: run.target.name,
        baseUrl: run.target.baseUrl,
        sandbox: run.sandbox,
        faults: run.faults,
        ...(run.target.sandbox ? { identity: run.target.sandbox } : {}),
      },
      engine: { artillery: context.artillery, exitCodes: generated.exitCodes },
      workers: context.workers,
      startedAt: new Date(context.started).toISOString(),
      durationMs: Date.now() - context.started,
      ...judgement,
      warnings: [...judgement.warnings, ...context.warnings],
      failures: points.failures,
      setupFailures: (setup.failures ?? []).filter(isError),
      ...(notRun === undefined ? {} : { notRun }),
      phases,
      ...(load.scenario.expects === undefined ? {} : { expects: load.scenario.expects }),
      rateLimiting: rateLimiting(points.summary),
      metrics: points.summary.metrics,
      files: {
        dir: load.dir,
        result: path.join(load.dir, 'result.json'),
        scripts: generated.scripts,
        points: files,
      },
    },
    redact,
  );
  writeFileSync(result.files.result, `${JSON.stringify(result, null, 2)}\n`);
  keepReportPoints(result, reportPoints);
  return result;
}

export interface NamedLoad {
  /** What the stage is called in the script and the reports (the gate's load name). */
  name: string;
  options: LoadOptions;
  /** The command's target and its redactor, opened once by the caller, who closes it; else the load opens its own. */
  started?: StartedTarget;
  /** Where the load's result.json goes. */
  dir: string;
}

/** What the loads of one Artillery run share. */
interface SharedRun {
  dir: string;
  workers?: number;
  timeoutMs?: number;
  maxInFlight?: number;
  echo?: boolean;
  env?: Env;
  /** `--publish`: the receiver, and the run's name it labels the metrics with. */
  publish?: GeneratorRequest['publish'];
  /** Live progress lines while the loads run (a stage's start, then every few seconds). */
  progress?: (line: string) => void;
}

/**
 * Several loads as one Artillery run, stage after stage in the same generator processes (the
 * gate's loads: Artillery starts once), each judged on its own points. A load without an opened
 * target opens its own (a sandbox shaped for its scenario); `shared` holds what they share.
 */
export async function runLoads(loads: readonly NamedLoad[], shared: SharedRun): Promise<LoadResult[]> {
  const started = Date.now();
  // Before any target is opened: a missing Artillery is one line, not a sandbox started for nothing.
  resolveArtillery();
  const prepared: PreparedLoad[] = [];
  try {
    for (const load of loads)
      prepared.push(await prepareLoad(load.name, load.options, path.resolve(load.dir), load.started));
    // Nothing could be judged: the first reason is the run's error, on the user's side.
    const unready = prepared.find((load) => load.setupError !== undefined);
    if (unready?.setupError !== undefined && prepared.every((load) => load.setupError !== undefined))
      throw new HarnessError(unready.setupError);
    return (await runStages(prepared, shared, started)).results;
  } finally {
    for (const load of prepared) await load.run.close();
  }
}

/**
 * Prepared loads (their targets open, their setups run) as the stages of one Artillery run, each
 * judged on its own points; the caller closes their targets. Capacity runs each step this way.
 */
export async function runStages(
  prepared: readonly PreparedLoad[],
  shared: SharedRun,
  started = Date.now(),
): Promise<{ results: LoadResult[]; generated: GeneratorRun }> {
  const artillery = resolveArtillery();
  const workers = shared.workers ?? 1;
  mkdirSync(shared.dir, { recursive: true });
  const stages = prepared
    .filter((load) => notRunReason(load) === undefined)
    .map((load) => ({
      name: load.name,
      label: `${load.name}/${load.profile}`,
      baseUrl: load.run.target.baseUrl,
      phases: load.phases,
      engine: {
        scenario: load.scenario.name,
        settings: load.settings,
        setup: load.setup,
        recordDrift: gatesOnDrift(load.thresholds),
      },
      targetJson: load.run.fileJson,
      maxRps: load.run.target.load.maxRps,
    }));
  const generated =
    stages.length === 0
      ? NOTHING_GENERATED
      : await runGenerators({
          stages,
          workers,
          dir: shared.dir,
          env: definedEntries(shared.env ?? process.env),
          timeoutMs: shared.timeoutMs ?? defaultTimeoutMs(scheduleS(stages)),
          ...(shared.maxInFlight ? { maxInFlight: shared.maxInFlight } : {}),
          echo: shared.echo ?? false,
          ...(shared.publish ? { publish: shared.publish } : {}),
          ...(shared.progress ? { progress: shared.progress } : {}),
        });
  if (shared.publish && shared.progress && stages.length > 0)
    shared.progress(publishedLine(shared.publish.to, shared.publish.run, generated.warnings));
  const results: LoadResult[] = [];
  for (const load of prepared)
    results.push(
      await judgeLoad(load, generated, {
        artillery: artillery.version,
        workers,
        started,
        // A publishing problem is the run's, not a load's: said once, with the first load.
        warnings: load === prepared[0] ? generated.warnings : [],
      }),
    );
  return { results, generated };
}

type Env = Record<string, string | undefined>;

const definedEntries = (env: Env): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
