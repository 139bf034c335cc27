/**
 * The load stage of the gate: its loads as stages of one Artillery run, each folded into the
 * gate's summary (lib/load/run/summary.ts).
 */
import path from 'node:path';
import { commandReplay } from '../replay-command.ts';
import type { Summary } from '../report/model.ts';
import type { OpenedTarget } from '../adapters/open-target.ts';
import type { ProfileName } from '../load/profiles.ts';
import type { ScenarioName } from '../load/thresholds.ts';
import type { GeneratorRequest } from '../load/artillery/run.ts';
import { addLoadChecks, fillLoadMetrics } from '../load/run/summary.ts';
import { runLoads, type LoadResult } from '../load/run/loads.ts';

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

/**
 * Runs the loads as stages of one Artillery run, one after the other (side by side they would
 * measure each other), and folds each into the summary.
 */
export async function runGateLoads(
  loads: readonly GateLoad[],
  options: {
    summary: Summary;
    runDir: string;
    /** The gate's target file, opened once; without it each load starts a sandbox shaped for it. */
    target?: OpenedTarget;
    faults: readonly string[];
    publish?: GeneratorRequest['publish'];
  },
  progress: (line: string) => void,
): Promise<LoadResult[]> {
  const { target } = options;
  const named = loads.map((load) => ({
    name: load.name,
    dir: path.join(options.runDir, `load-${load.name}`),
    ...(target ? { opened: target } : {}),
    options: {
      scenario: load.scenario,
      profile: load.profile,
      duration: load.duration,
      ...(load.rate === undefined ? {} : { rate: load.rate }),
      ...(target ? {} : { faults: [...options.faults] }),
    },
  }));
  progress(`  ${loads.map((load) => load.name).join(', ')}: one Artillery run, stage after stage`);
  const results = await runLoads(named, {
    dir: path.join(options.runDir, 'load'),
    ...(options.publish ? { publish: options.publish } : {}),
    progress: (line) => progress(`    ${line}`),
  });
  results.forEach((result, index) => {
    const load = loads[index] as GateLoad;
    const label = `${load.name}/${load.profile}`;
    progress(`  ${result.verdict.toUpperCase().padEnd(5)} ${label}: ${result.reason}`);
    for (const warning of result.warnings) progress(`        warning: ${warning}`);
    const source = target?.file ? { targetFile: target.file } : { faults: options.faults };
    addLoadChecks(options.summary, result, label, commandReplay('gate', source, ['--load', load.name]));
    (options.summary.artifacts ??= []).push({
      name: `load ${load.name}: result.json`,
      path: path.relative(options.runDir, result.files.result),
    });
  });
  await fillLoadMetrics(
    options.summary,
    results.map((result, index) => ({ name: loads[index]?.name ?? '', result })),
  );
  return results;
}
