/**
 * The release gate's run: open the target (a sandbox with its faults, or a target file), run the
 * property suites, then the loads as stages of one Artillery run, compare with a baseline, and
 * write one report. `scripts/gate.ts` parses the flags and prints; everything else is here.
 */
import type { Publish } from '../load/publish.ts';
import { resolveArtillery } from '../process/artillery.ts';
import { describeError, type OnOpened } from '../cli/cli.ts';
import { type Redactor } from '../redact.ts';
import {
  compareWithBaseline,
  sameCommandBaseline,
  withBaseline,
  type BaselineMargins,
} from '../report/baseline.ts';
import { addStage, finishSummary } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import { readSummaryFile } from '../report/read.ts';
import { runVersions } from '../report/versions.ts';
import { withRun, type RunPaths } from '../report/with-run.ts';
import type { RunOptions } from '../props/runner.ts';
import { runGateLoads, type GateLoad } from './loads.ts';
import { runGateProperties } from './properties.ts';
import { waitUntilAnswering } from '../props/readiness.ts';
import { runSummary, startTarget } from '../run/start.ts';

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
 * Runs one stage. Its outcome is a value: an error in it is the stage's verdict, with its reason,
 * never an exception that unwinds the gate and loses what the other stages found. Returns the
 * error, if any, for a gate that judged nothing at all.
 */
async function stage(
  summary: Summary,
  name: string,
  io: { say: Say; redact: Redactor },
  run: () => Promise<boolean>,
): Promise<Error | undefined> {
  io.say(`▶ ${name}`);
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    const passed = await run();
    addStage(summary, name, passed ? 'pass' : 'fail', Date.now() - started);
    io.say(`${passed ? '✔' : '✘'} ${name} (${seconds()})`);
    return undefined;
  } catch (error) {
    const reason = io.redact(describeError(error));
    addStage(summary, name, 'error', Date.now() - started, reason);
    io.say(`✘ ${name} (${seconds()}): error: ${reason}`);
    return error instanceof Error ? error : new Error(String(error));
  }
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
  const { faults, loads } = options;
  const baseline = options.baseline
    ? sameCommandBaseline(
        'gate',
        await readSummaryFile(options.baseline.file, 'baseline'),
        options.baseline.file,
      )
    : undefined;
  const artillery = loads.length > 0 ? resolveArtillery() : undefined;
  // Churn on: the sandbox keeps its last tenant quiescent, so walk-comparing properties still run
  // while the churn property gets tenants whose data changes under it.
  const { opened, redact } = await startTarget(
    { file: options.targetFile, faults, sandbox: { churn: GATE_CHURN }, forLoad: loads.length > 0 },
    onOpened,
  );
  // An unreachable target is one line, said once: not each stage's error and then the gate's.
  await waitUntilAnswering(opened.target, 3000).catch(async (error: unknown) => {
    await opened.close();
    throw error;
  });
  const io = { say, redact };
  // Only a gate that judged nothing (every stage in error before any check) leaves no run directory.
  const { paths, summary: finished } = await withRun(
    { command: 'gate', reportsDir: options.reportsDir, started },
    async (folder) => {
      const { runDir } = folder;
      const summary = runSummary('gate', folder, opened, runVersions(artillery?.version));
      say(`gate ${summary.runId}${artillery ? ` (artillery ${artillery.version})` : ''}`);
      const errors: (Error | undefined)[] = [];
      try {
        errors.push(
          await stage(summary, 'properties', io, async () => {
            const source = {
              ...(opened.file ? { targetFile: opened.file } : { faults, churn: GATE_CHURN }),
              ...(options.properties.walkPages === undefined
                ? {}
                : { walkPages: options.properties.walkPages }),
            };
            const results = await runGateProperties(
              opened.target,
              options.properties,
              { summary, runDir, source },
              say,
            );
            return !results.some((result) => result.status === 'failed');
          }),
        );
      } finally {
        // The loads start sandboxes shaped for their scenarios; a target file has nothing to close.
        await opened.close();
      }
      if (loads.length === 0) say('load stage not run (--load none)');
      else
        errors.push(
          await stage(summary, 'load', io, async () => {
            const results = await runGateLoads(
              loads,
              {
                summary,
                runDir,
                ...(opened.sandbox ? {} : { target: opened }),
                faults,
                ...(options.publish ? { publish: { to: options.publish, run: summary.runId } } : {}),
              },
              say,
            );
            return results.every((result) => result.verdict === 'pass' || result.verdict === 'inconclusive');
          }),
        );
      const first = errors.find((error) => error !== undefined);
      if (first !== undefined && summary.checks.length === 0) throw first;
      let judged = finishSummary(summary, new Date());
      if (baseline && options.baseline)
        judged = finishSummary(
          withBaseline(
            judged,
            options.baseline.file,
            compareWithBaseline(judged, baseline, options.baseline.margins),
          ),
          new Date(),
        );
      return { summary: judged, redact };
    },
  );
  return { summary: finished, paths };
}
