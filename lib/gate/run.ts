/**
 * The release gate's run: open the target (a sandbox with its faults, or a target file), run the
 * property suites, then the loads as stages of one Artillery run, compare with a baseline, and
 * write one report. `scripts/gate.ts` parses the flags and prints; everything else is here.
 */
import type { Publish } from '../load/publish.ts';
import { resolveArtillery } from '../process/artillery.ts';
import type { OnOpened } from '../cli/cli.ts';
import { type Redactor } from '../redact.ts';
import {
  compareWithBaseline,
  sameCommandBaseline,
  withBaseline,
  type BaselineMargins,
} from '../report/baseline.ts';
import { buildSummary, stageEntry, unfinishedStage, type StageReport } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import { readSummaryFile } from '../report/read.ts';
import { runVersions } from '../report/versions.ts';
import { withRun, type RunFolder, type RunPaths } from '../report/with-run.ts';
import type { RunOptions } from '../props/runner.ts';
import { gateLoadsStage, runGateLoads, type GateLoad } from './loads.ts';
import type { OpenedTarget } from '../adapters/open-target.ts';
import { runGateProperties } from './properties.ts';
import { waitUntilAnswering } from '../props/readiness.ts';
import { runFacts, startTarget } from '../run/start.ts';

/** Data changes per second in the gate's sandbox. */
const GATE_CHURN = 20;

export interface GateOptions {
  /** The target file; empty: start a sandbox. */
  targetFile: string;
  faults: readonly string[];
  loads: readonly GateLoad[];
  properties: RunOptions;
  reportsDir: string;
  baseline?: { file: string; margins: BaselineMargins };
  /** Where the loads' metrics go while they run (`--publish`). */
  publish?: Publish;
}

export interface GateResult {
  summary: Summary;
  paths: RunPaths;
}

type Say = (line: string) => void;

/**
 * What a stage returns: whether it passed, what it found, why part of it could not be judged (a
 * reason on the user's side), and the error that ended it early.
 */
interface StageRun {
  passed: boolean;
  report: StageReport;
  unjudged?: string;
  error?: Error;
}

/** A stage's report with its stage line, and its error for a gate that judged nothing at all. */
interface StageDone {
  report: StageReport;
  error?: Error;
}

/** The stage's line: ended by an error, not judged in part, or judged. */
function stageLine(name: string, run: StageRun, durationMs: number, redact: Redactor) {
  if (run.error !== undefined) return unfinishedStage(name, durationMs, run.error, redact);
  if (run.unjudged !== undefined) return stageEntry(name, 'inconclusive', durationMs, run.unjudged);
  return stageEntry(name, run.passed ? 'pass' : 'fail', durationMs);
}

const MARKS = { pass: '✔', fail: '✘', inconclusive: '?', error: '✘' } as const;

/**
 * Runs one stage. Its outcome is a value: an error in it is the stage's verdict, with its reason,
 * never an exception that unwinds the gate and loses what the other stages found.
 */
async function stage(
  name: string,
  io: { say: Say; redact: Redactor },
  run: () => Promise<StageRun>,
): Promise<StageDone> {
  io.say(`▶ ${name}`);
  const started = Date.now();
  const done = await run().catch((thrown: unknown): StageRun => ({
    passed: false,
    report: {},
    error: thrown instanceof Error ? thrown : new Error(String(thrown)),
  }));
  const line = stageLine(name, done, Date.now() - started, io.redact);
  const why = line.reason === undefined ? '' : `: ${line.verdict}: ${line.reason}`;
  io.say(`${MARKS[line.verdict]} ${name} (${(line.durationMs / 1000).toFixed(1)} s)${why}`);
  return { report: { ...done.report, stages: [line] }, ...(done.error ? { error: done.error } : {}) };
}

/** What the gate's stages run against and with. */
interface GateRun {
  options: GateOptions;
  opened: OpenedTarget;
  folder: RunFolder;
  io: { say: Say; redact: Redactor };
}

/** The property stage; the sandbox it ran on closes after it (the loads start their own). */
async function propertyStage({ options, opened, folder, io }: GateRun): Promise<StageDone> {
  try {
    return await stage('properties', io, async () => {
      const source = {
        ...(opened.file ? { targetFile: opened.file } : { faults: options.faults, churn: GATE_CHURN }),
        ...(options.properties.walkPages === undefined ? {} : { walkPages: options.properties.walkPages }),
      };
      const { results, findings, interrupted } = await runGateProperties(
        opened.target,
        options.properties,
        { runDir: folder.runDir, source },
        io.say,
      );
      const passed = !results.some((result) => result.status === 'failed');
      return { passed, report: { findings }, ...(interrupted === undefined ? {} : { error: interrupted }) };
    });
  } finally {
    // The loads start sandboxes shaped for their scenarios; a target file has nothing to close.
    await opened.close();
  }
}

/** The load stage: every load of the gate, stage after stage of one Artillery run. */
function loadStage({ options, opened, folder, io }: GateRun): Promise<StageDone> {
  return stage('load', io, async () => {
    const { results, report, error } = await runGateLoads(
      options.loads,
      {
        runDir: folder.runDir,
        ...(opened.sandbox ? {} : { target: { opened, redact: io.redact } }),
        faults: options.faults,
        ...(options.publish ? { publish: { to: options.publish, run: folder.runId } } : {}),
      },
      io.say,
    );
    const { verdict, reason } = gateLoadsStage(options.loads, results);
    return {
      passed: verdict === 'pass',
      report,
      ...(verdict === 'inconclusive' ? { unjudged: reason } : {}),
      ...(error === undefined ? {} : { error }),
    };
  });
}

/** The stages in turn; throws the first error of a gate whose stages judged nothing at all. */
async function gateStages(run: GateRun): Promise<StageReport[]> {
  const done = [await propertyStage(run)];
  if (run.options.loads.length === 0) run.io.say('load stage not run (--load none)');
  else done.push(await loadStage(run));
  const first = done.find((stageDone) => stageDone.error !== undefined)?.error;
  const judged = done.some(({ report }) => report.findings?.some((finding) => 'check' in finding));
  if (first !== undefined && !judged) throw first;
  return done.map(({ report }) => report);
}

/** The baseline to compare with, read before the gate starts: a wrong file is said at once. */
async function readBaseline(options: GateOptions) {
  if (!options.baseline) return undefined;
  const { file, margins } = options.baseline;
  return {
    file,
    margins,
    summary: sameCommandBaseline('gate', await readSummaryFile(file, 'baseline'), file),
  };
}

/**
 * Runs the gate and writes its report. `onOpened` gets the redactor for the target's keys and the
 * target as soon as they are known, so that whatever the caller prints from then on is redacted
 * and it can say what the gate runs against before any stage.
 */
export async function runGate(
  options: GateOptions,
  say: Say,
  onOpened: OnOpened = () => {},
): Promise<GateResult> {
  const started = new Date();
  const baseline = await readBaseline(options);
  const artillery = options.loads.length > 0 ? resolveArtillery() : undefined;
  // Churn on: the sandbox keeps its last tenant quiescent, so walk-comparing properties still run
  // while the churn property gets tenants whose data changes under it.
  const { opened, redact } = await startTarget(
    {
      file: options.targetFile,
      faults: options.faults,
      sandbox: { churn: GATE_CHURN },
      forLoad: options.loads.length > 0,
    },
    onOpened,
  );
  // An unreachable target is one line, said once: not each stage's error and then the gate's.
  await waitUntilAnswering(opened.target, 3000).catch(async (error: unknown) => {
    await opened.close();
    throw error;
  });
  // Only a gate that judged nothing (every stage in error before any check) leaves no run directory.
  const { paths, summary } = await withRun(
    { command: 'gate', reportsDir: options.reportsDir, started },
    async (folder) => {
      const versions = runVersions(artillery?.version);
      say(`gate ${folder.runId}${artillery ? ` (artillery ${artillery.version})` : ''}`);
      const reports = await gateStages({ options, opened, folder, io: { say, redact } });
      const judged = buildSummary(runFacts('gate', folder, opened, versions), reports);
      if (!baseline) return { summary: judged, redact };
      const regressions = compareWithBaseline(judged, baseline.summary, baseline.margins);
      return { summary: withBaseline(judged, baseline.file, regressions), redact };
    },
  );
  return { summary, paths };
}
