/**
 * What judging a distributed run needs besides Artillery's report, written beside its script as
 * plan.json by the dry run (`--platform`): the scenario and profile, the thresholds, the schedule,
 * the settings a premise reads and what setup already found here. Never a key: the setup's
 * failures are redacted with the target's keys before they are written.
 */
import path from 'node:path';
import { readJsonFile } from '../../adapters/node-json-file.ts';
import { HarnessError } from '../../errors.ts';
import { isError, type Failure } from '../../failure.ts';
import { REPORT_TREND_TAGS } from '../artillery/verdict-metrics.ts';
import type { Phase } from '../phases.ts';
import { isProfileName } from '../profiles.ts';
import type { LoadSettings } from '../scenario.ts';
import { SCENARIO_NAMES, type ScenarioName, type Thresholds } from '../thresholds.ts';
import type { PreparedLoad } from './prepare.ts';

const PLAN_FILE = 'plan.json';

export interface RunPlan {
  scenario: ScenarioName;
  profile: LoadSettings['profile'];
  /** Remote workers (`--count`): Artillery shares the schedule's rate between them. */
  workers: number;
  /** Name and base URL only. */
  target: { name: string; baseUrl: string };
  thresholds: Thresholds;
  phases: Phase[];
  settings: LoadSettings;
  /** The scenario sends refused requests beside its walks: their checks are judged too. */
  refused: boolean;
  /** What setup traffic broke here, before the load: findings of the run. */
  setupFailures: Failure[];
  setupError?: string;
  /** The tags the remote workers split each trend by (verdict-metrics.ts). */
  trendTags: string[];
}

/** The report's tags, and every tag a threshold names (`latency{traffic:quiet}`): one histogram each. */
function trendTagsFor(thresholds: Thresholds): string[] {
  const named = Object.keys(thresholds).flatMap((metric) => /\{([\w.-]+):/.exec(metric)?.[1] ?? []);
  return [...new Set([...REPORT_TREND_TAGS, ...named])];
}

export function planOf(scenario: ScenarioName, load: PreparedLoad, workers: number): RunPlan {
  return {
    scenario,
    workers,
    profile: load.profile,
    target: { name: load.run.target.name, baseUrl: load.run.target.baseUrl },
    thresholds: load.thresholds,
    phases: load.phases,
    settings: load.settings,
    refused: (load.scenario.refused ?? false) && load.settings.refused !== false,
    setupFailures: (load.setup.failures ?? []).filter(isError),
    ...(load.setupError === undefined ? {} : { setupError: load.setupError }),
    trendTags: trendTagsFor(load.thresholds),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The plan in `dir`; one line naming the file and what is wrong when it is missing or malformed. */
export async function readPlan(dir: string): Promise<RunPlan> {
  const file = path.join(dir, PLAN_FILE);
  const plan = await readJsonFile(file, {
    what: 'plan',
    unreadable: 'the dry run of --platform writes it into the directory it prepares',
    notJson: 'write it again with --platform',
  });
  const wrong = (what: string) => new HarnessError(`${file}: ${what}; write it again with --platform`);
  if (!isRecord(plan)) throw wrong('not a JSON object');
  if (!SCENARIO_NAMES.includes(plan.scenario as ScenarioName)) throw wrong('no known scenario');
  if (typeof plan.profile !== 'string' || !isProfileName(plan.profile)) throw wrong('no known profile');
  const thresholds = plan.thresholds;
  if (
    !isRecord(thresholds) ||
    !Object.values(thresholds).every(
      (list) => Array.isArray(list) && list.every((e) => typeof e === 'string'),
    )
  )
    throw wrong('thresholds is not an object of expression lists');
  if (typeof plan.workers !== 'number') throw wrong('workers is not a number');
  for (const field of ['phases', 'setupFailures', 'trendTags'])
    if (!Array.isArray(plan[field])) throw wrong(`${field} is not a list`);
  if (!isRecord(plan.settings) || !isRecord(plan.target)) throw wrong('settings or target missing');
  return plan as unknown as RunPlan;
}
