/**
 * The load stage of the gate: its loads as stages of one Artillery run, each one's findings, files
 * and metrics returned for the gate's summary (lib/load/run/summary.ts).
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { commandReplay, type RunSource } from '../replay-command.ts';
import { loadReproScript } from '../repro/load-script.ts';
import { scriptTarget } from '../repro/script-target.ts';
import type { Finding, StageReport } from '../report/build.ts';
import type { StartedTarget } from '../run/start.ts';
import type { ProfileName } from '../load/profiles.ts';
import type { ScenarioName } from '../load/thresholds.ts';
import type { GeneratorRequest } from '../load/artillery/run.ts';
import { loadFindings, loadMetrics, loadsVerdict, unjudgedReason } from '../load/run/summary.ts';
import { generatorBehind } from '../load/generator-figures.ts';
import { runLoads, type LoadResult } from '../load/run/loads.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { SANDBOX_FLOOD_RATE } from '../load/run/sandbox.ts';

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

/** The flags of `npm run load` that run `load` as the gate ran it (its sandbox's flood included). */
export function loadFlags(load: GateLoad, onSandbox: boolean): string[] {
  const flags = ['--scenario', load.scenario, '--profile', load.profile, '--duration', load.duration];
  if (load.rate !== undefined) flags.push('--rate', String(load.rate));
  // Against its own sandbox the flood is the sandbox's; against a target file it is what the file allows.
  if (onSandbox) flags.push('--flood-rate', String(SANDBOX_FLOOD_RATE));
  return flags;
}

/**
 * Writes the reproduction of a failed load (lib/repro/load-script.ts) into its directory; returns
 * its path relative to the run directory.
 */
async function writeLoadRepro(
  load: GateLoad,
  result: LoadResult,
  label: string,
  options: { runDir: string; source: RunSource },
): Promise<string> {
  const { baseUrl, identity } = result.target;
  const script = loadReproScript({
    title: `the gate's load ${load.name} (${label})`,
    // The verdict line names every check and threshold that failed.
    findings: [result.reason],
    target: scriptTarget(options.source, { baseUrl, ...(identity ? { sandbox: identity } : {}) }),
    harnessDir: PROJECT_ROOT.replace(/\/$/, ''),
    flags: loadFlags(load, result.target.sandbox),
  });
  const file = path.join(`load-${load.name}`, `repro-load-${load.name}.sh`);
  await mkdir(path.join(options.runDir, `load-${load.name}`), { recursive: true });
  await writeFile(path.join(options.runDir, file), script);
  await chmod(path.join(options.runDir, file), 0o755);
  return file;
}

/** What a failed load is run again with, and its one load's findings. */
async function judgeLoad(
  load: GateLoad,
  result: LoadResult,
  options: { runDir: string; target?: StartedTarget; faults: readonly string[] },
  progress: (line: string) => void,
): Promise<Finding[]> {
  const label = `${load.name}/${load.profile}`;
  const verdict = unjudgedReason(result) === undefined ? result.verdict.toUpperCase() : 'INCONCLUSIVE';
  progress(`  ${verdict.padEnd(5)} ${label}: ${result.reason}`);
  for (const warning of result.warnings) progress(`        warning: ${warning}`);
  const file = options.target?.opened.file;
  const source = file ? { targetFile: file } : { faults: options.faults };
  const reproduction =
    result.verdict === 'fail'
      ? [await writeLoadRepro(load, result, label, { runDir: options.runDir, source })]
      : [];
  return loadFindings(result, label, {
    replay: commandReplay('gate', source, ['--load', load.name]),
    reproduction,
  });
}

/** What the gate can do when its generator falls behind: its loads run at fixed rates. */
const GATE_BEHIND_ADVICE = 'run the gate on a quieter machine, or leave this load out (--load)';

/** A load's result as the gate says it: a generator that fell behind is told what the gate can do. */
export function inTheGate(result: LoadResult): LoadResult {
  const behind = result.verdict === 'error' && result.reason === generatorBehind(result.generator);
  const reason = behind ? generatorBehind(result.generator, GATE_BEHIND_ADVICE) : undefined;
  return reason === undefined ? result : { ...result, reason };
}

/** The load stage's verdict: inconclusive (which loads, and why) when any load could not be judged. */
export const gateLoadsStage = (loads: readonly GateLoad[], results: readonly LoadResult[]) =>
  loadsVerdict(
    results.map((result, index) => ({
      label: `${loads[index]?.name ?? ''}/${loads[index]?.profile ?? ''}`,
      result,
    })),
  );

/**
 * Runs the loads as stages of one Artillery run, one after the other (side by side they would
 * measure each other); returns their results and what the summary says of them. An error after the
 * loads ran (a reproduction or their points that cannot be read) comes back with what was judged
 * before it: a finding is never lost.
 */
export async function runGateLoads(
  loads: readonly GateLoad[],
  options: {
    runDir: string;
    /** The gate's target file, opened once, and its redactor; without it each load starts a sandbox shaped for it. */
    target?: StartedTarget;
    faults: readonly string[];
    publish?: GeneratorRequest['publish'];
  },
  progress: (line: string) => void,
): Promise<{ results: LoadResult[]; report: StageReport; error?: Error }> {
  const { target } = options;
  const named = loads.map((load) => ({
    name: load.name,
    dir: path.join(options.runDir, `load-${load.name}`),
    ...(target ? { started: target } : {}),
    options: {
      scenario: load.scenario,
      profile: load.profile,
      duration: load.duration,
      ...(load.rate === undefined ? {} : { rate: load.rate }),
      ...(target ? {} : { faults: [...options.faults] }),
    },
  }));
  progress(`  ${loads.map((load) => load.name).join(', ')}: one Artillery run, stage after stage`);
  const results = (
    await runLoads(named, {
      dir: path.join(options.runDir, 'load'),
      ...(options.publish ? { publish: options.publish } : {}),
      progress: (line) => progress(`    ${line}`),
    })
  ).map(inTheGate);
  const findings: Finding[] = [];
  const artifacts = results.map((result, index) => ({
    name: `load ${loads[index]?.name ?? ''}: result.json`,
    path: path.relative(options.runDir, result.files.result),
  }));
  try {
    for (const [index, result] of results.entries())
      findings.push(...(await judgeLoad(loads[index] as GateLoad, result, options, progress)));
    const metrics = await loadMetrics(
      results.map((result, index) => ({ name: loads[index]?.name ?? '', result })),
    );
    return { results, report: { findings, artifacts, metrics } };
  } catch (error) {
    const failed = error instanceof Error ? error : new Error(String(error));
    return { results, report: { findings, artifacts }, error: failed };
  }
}
