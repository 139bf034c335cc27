/**
 * The options of a load run, as flags (`npm run load -- ...`) and as data (`runLoad(options)`),
 * with their defaults and checks in one place. Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HarnessError } from '../../errors.ts';
import type { OnOpened } from '../../cli/cli.ts';
import { renderHelp } from '../../cli/help.ts';
import { integer, seconds } from '../../cli/kinds.ts';
import { REPORTS_DIR_OPTION, type FlagValues, type OptionTable } from '../../cli/options.ts';
import { readAs, readerOf, type Env } from '../../cli/read.ts';
import { readShape, refuseShapeWithTarget, SHAPE_OPTIONS } from '../../cli/sandbox-shape.ts';
import { PUBLISH_KINDS, resolvePublish, type Publish } from '../publish.ts';
import { isProfileName, PROFILE_NAMES, type ProfileName } from '../profiles.ts';
import { overridesFromFlags, SCENARIO_NAMES, type ScenarioName } from '../thresholds.ts';
import type { SandboxOptions } from '../../target/sandbox-options.ts';

export interface LoadOptions {
  /** @default 'walk' */
  scenario?: ScenarioName;
  /** @default the scenario's own: walk and depth smoke, fairness and isolation load, stress stress */
  profile?: ProfileName;
  /** A target file; without one a sandbox is started for the run. */
  target?: string;
  /** `metric=expression` overrides, e.g. `latency=p95<300`. */
  thresholds?: string[];
  /** Generator processes sharing the arrival rate, their points merged. @default 1 */
  workers?: number;
  /** Overrides the profile's duration, e.g. `30s`, `5m`. */
  duration?: string;
  /** Overrides the profile's base arrival rate, walks per second. */
  rate?: number;
  /** fairness: requests per second of the noisy tenant. @default 2.5x its sandbox limit, or 20x rate */
  floodRate?: number;
  /** Walks in flight per generator at most; arrivals beyond are skipped and counted. @default unbounded */
  maxInFlight?: number;
  /** Sandbox only: faults to switch on. */
  faults?: string[];
  /** Sandbox only: latency, rate limits, churn and the like, over the scenario's defaults. */
  sandbox?: SandboxOptions;
  /** Run folders go in here, as reports/<run-id>/, and reports/latest points at the newest. @default reports */
  reportsDir?: string;
  /** The run's own folder, exactly (tests, the bench); reports/latest is left alone. */
  outDir?: string;
  /** Hard limit on the whole run. @default the profile's duration plus setup and stop margins */
  timeoutMs?: number;
  /** Show Artillery's own output while it runs. @default false */
  echo?: boolean;
  /** Where keys named by the target file are read. @default process.env */
  env?: Record<string, string | undefined>;
  /** Live progress lines while the load runs (its start, then every few seconds). */
  progress?: (line: string) => void;
  /** Told the redactor and the target as the report names it once opened, before any request. */
  onOpened?: OnOpened;
  /** Send the metrics on while the run goes: prometheus, otel, statsd or datadog. @default none */
  publish?: string;
  /**
   * Send refused requests beside the walks (lib/load/refused-plan.ts). Off only for a target that
   * knows no keys at all (the bench's canned nginx pages). @default true
   */
  refused?: boolean;
}

const DEFAULT_PROFILE: Record<ScenarioName, ProfileName> = {
  walk: 'smoke',
  depth: 'smoke',
  fairness: 'load',
  isolation: 'load',
  stress: 'stress',
};

export const LOAD_OPTIONS = {
  scenario: { value: 'NAME', defaultIs: 'walk', help: SCENARIO_NAMES.join(', ') },
  profile: { value: 'NAME', defaultIs: "the scenario's own", help: PROFILE_NAMES.join(', ') },
  target: {
    value: 'FILE',
    defaultIs: 'a sandbox',
    help: 'target file; without it a sandbox is started for the run',
  },
  threshold: {
    value: 'M=EXPR',
    multiple: true,
    separator: ';',
    help: "replace the thresholds of metric M, e.g. 'latency=p95<300'\nor 'rate_limited{traffic:quiet}=rate<0.05'; 'M=none' drops them; repeatable",
  },
  workers: {
    value: 'N',
    default: '1',
    kind: integer(1, 64),
    help: "split every stage's arrivals exactly over N generator processes, merge their points",
  },
  duration: {
    value: 'D',
    defaultIs: "the profile's",
    help: 'squeeze or stretch the profile to D, e.g. 30s, 5m',
  },
  rate: {
    value: 'N',
    defaultIs: "the profile's",
    kind: integer(1, 1_000_000),
    help: 'base arrival rate, walks per second',
  },
  'flood-rate': {
    value: 'N',
    defaultIs: "the target's maxRps\nminus the walk rate; 7x the tenant limit on the sandbox",
    kind: integer(1, 1_000_000),
    help: 'fairness: requests per second of the noisy tenant',
  },
  'max-in-flight': {
    value: 'N',
    defaultIs: 'none',
    kind: integer(1, 100_000),
    help: 'walks in flight per generator at most; arrivals beyond are skipped',
  },
  fault: SHAPE_OPTIONS.fault,
  latency: SHAPE_OPTIONS.latency,
  'rate-limit': SHAPE_OPTIONS['rate-limit'],
  churn: { ...SHAPE_OPTIONS.churn, help: 'sandbox only: data changes per second while walking' },
  'reports-dir': REPORTS_DIR_OPTION,
  timeout: {
    value: 'D',
    defaultIs: 'the duration plus margins',
    kind: seconds(),
    help: 'hard limit on the run',
  },
  publish: {
    value: 'KIND',
    help: `send the metrics on while the run goes: ${PUBLISH_KINDS.join(', ')}\n(settings from the environment, see docs/load.md, Publishing metrics)`,
  },
  platform: {
    value: 'NAME',
    env: false,
    help: "dry run for Artillery's distributed runners (fargate, lambda, aci): write the\nrun's directory and print the command that launches it; sends nothing",
  },
  count: {
    value: 'N',
    env: false,
    default: '2',
    kind: integer(1, 1000),
    help: 'with --platform: remote instances, each runs an equal share',
  },
  region: {
    value: 'NAME',
    env: false,
    defaultIs: 'us-east-1, eastus for aci',
    help: 'with --platform: the cloud region',
  },
  'judge-report': {
    value: 'DIR',
    env: false,
    help: "judge a distributed run brought back: DIR is the directory --platform wrote,\nholding Artillery's report.json; writes the reports into DIR",
  },
} as const satisfies OptionTable;

export const LOAD_USAGE = renderHelp({
  usage: ['npm run load -- [options]'],
  about: `One load run on Artillery against a target file, or a sandbox started for it: the scenario's
phases, every page checked, thresholds judged on the merged raw points. Writes reports/<run-id>/
{summary.json,junit.xml,report.html,result.json} and points reports/latest at it.`,
  options: LOAD_OPTIONS,
  environment: 'HARNESS_THRESHOLD separates expressions with ;, HARNESS_FAULT names with a comma.',
  examples: [
    'npm run load -- --scenario walk --profile load --target staging.json --workers 2',
    'npm run load -- --target staging.json --profile load --platform fargate --count 4',
    'npm run load -- --judge-report reports/20250101-120000-load-fargate',
  ],
  exitCodes: `0 every check and threshold held, 1 a check or threshold failed, 2 nothing failed
but the run could not be judged (verdict INCONCLUSIVE with the reason: the load generator fell behind
its schedule, the run's premise never held) or a usage or setup error.`,
});

/** `--out-dir DIR` wrote the run into DIR itself; run folders now go into the reports dir. */
export const LOAD_RETIRED_FLAGS = {
  'out-dir': "--reports-dir DIR: the run's folder goes in it, as DIR/<run-id>/ (default reports)",
};

/** LoadOptions from parsed flags and the environment. */
export function optionsFromFlags(flags: FlagValues, env: Env): LoadOptions {
  const read = readerOf(LOAD_OPTIONS, flags, env);
  const list = (flag: 'threshold' | 'fault'): string[] | undefined => {
    const values = flag === 'fault' ? shape.faults : read.list(flag);
    return values.length > 0 ? values : undefined;
  };
  const shape = readShape(LOAD_OPTIONS, flags, env);
  const timeoutS = read.value('timeout');
  return {
    scenario: read.value('scenario') as ScenarioName | undefined,
    profile: read.value('profile') as ProfileName | undefined,
    target: read.value('target'),
    thresholds: list('threshold'),
    workers: read.value('workers'),
    duration: read.value('duration'),
    rate: read.value('rate'),
    floodRate: read.value('flood-rate'),
    maxInFlight: read.value('max-in-flight'),
    faults: list('fault'),
    sandbox: shape.sandbox,
    reportsDir: read.value('reports-dir'),
    timeoutMs: timeoutS === undefined ? undefined : timeoutS * 1000,
    env,
    publish: read.value('publish'),
  };
}

export interface CheckedOptions {
  scenario: ScenarioName;
  profile: ProfileName;
  workers: number;
  publish?: Publish;
}

/** Fails at once, with one line, on a value no run could use. */
export function checkOptions(options: LoadOptions): CheckedOptions {
  const scenario = options.scenario ?? 'walk';
  if (!SCENARIO_NAMES.includes(scenario) && isProfileName(scenario))
    throw new HarnessError(
      `--scenario: "${scenario}" is a profile, not a scenario; e.g. --scenario walk --profile ${scenario} (what the gate's ${scenario} load runs)`,
    );
  if (!SCENARIO_NAMES.includes(scenario))
    throw new HarnessError(`--scenario: "${scenario}" is unknown; choose from ${SCENARIO_NAMES.join(', ')}`);
  const profile: string = options.profile ?? DEFAULT_PROFILE[scenario];
  if (!isProfileName(profile))
    throw new HarnessError(`--profile: "${profile}" is unknown; choose from ${PROFILE_NAMES.join(', ')}`);
  if (options.duration !== undefined) readAs(seconds(), options.duration, '--duration');
  try {
    overridesFromFlags(options.thresholds ?? []);
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
  const sandbox = options.sandbox ?? {};
  refuseShapeWithTarget(
    options.target,
    LOAD_OPTIONS,
    (options.faults?.length ?? 0) > 0 || Object.keys(sandbox).length > 0,
  );
  const publish = resolvePublish(options.publish, options.env ?? process.env);
  return { scenario, profile, workers: options.workers ?? 1, ...(publish ? { publish } : {}) };
}
