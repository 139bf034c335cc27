/**
 * The options of a load run, as flags (`npm run load -- ...`) and as data (`runLoad(options)`),
 * with their defaults and checks in one place. Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HarnessError } from '../../errors.ts';
import { renderHelp } from '../../cli/help.ts';
import { optionList, optionText, type FlagValues, type OptionTable } from '../../cli/options.ts';
import { PUBLISH_KINDS, resolvePublish, type Publish } from '../publish.ts';
import { flagInteger, flagSeconds } from '../../cli/flags.ts';
import { isProfileName, PROFILE_NAMES, type ProfileName } from '../profiles.ts';
import { overridesFromFlags, SCENARIO_NAMES, type ScenarioName } from '../thresholds.ts';
import {
  LATENCY_SHAPE,
  latencySpec,
  RATE_LIMIT_SHAPE,
  rateLimitSpec,
  type SandboxOptions,
} from '../../target/sandbox-options.ts';

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
    defaultIs: '1',
    help: "split every stage's arrivals exactly over N generator processes, merge their points",
  },
  duration: {
    value: 'D',
    defaultIs: "the profile's",
    help: 'squeeze or stretch the profile to D, e.g. 30s, 5m',
  },
  rate: { value: 'N', defaultIs: "the profile's", help: 'base arrival rate, walks per second' },
  'flood-rate': {
    value: 'N',
    defaultIs: "the target's maxRps\nminus the walk rate; 7x the tenant limit on the sandbox",
    help: 'fairness: requests per second of the noisy tenant',
  },
  'max-in-flight': {
    value: 'N',
    defaultIs: 'none',
    help: 'walks in flight per generator at most; arrivals beyond are skipped',
  },
  fault: { value: 'NAME', multiple: true, help: 'sandbox only: switch a fault on; repeatable' },
  latency: { value: 'SPEC', help: `sandbox only: ${LATENCY_SHAPE}` },
  'rate-limit': { value: 'SPEC', help: `sandbox only: ${RATE_LIMIT_SHAPE}` },
  churn: { value: 'N', defaultIs: '0', help: 'sandbox only: data changes per second while walking' },
  'reports-dir': { value: 'DIR', defaultIs: 'reports', help: 'where run folders go' },
  timeout: { value: 'D', defaultIs: 'the duration plus margins', help: 'hard limit on the run' },
  publish: {
    value: 'KIND',
    help: `send the metrics on while the run goes: ${PUBLISH_KINDS.join(', ')}\n(settings from the environment, see README "Publishing metrics")`,
  },
  platform: {
    value: 'NAME',
    env: false,
    help: "dry run for Artillery's distributed runners (fargate, lambda, aci): write the\nrun's directory and print the command that launches it; sends nothing",
  },
  count: {
    value: 'N',
    env: false,
    defaultIs: '2',
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
  exitCodes: `0 every check and threshold held (or inconclusive: the run's premise never held, said
with its reason), 1 a check or threshold failed, 2 usage or setup error (including a load generator
that could not keep its schedule).`,
});

/** `--out-dir DIR` wrote the run into DIR itself; run folders now go into the reports dir. */
export const LOAD_RETIRED_FLAGS = {
  'out-dir': "--reports-dir DIR: the run's folder goes in it, as DIR/<run-id>/ (default reports)",
};

type Env = Record<string, string | undefined>;

const text = (flags: FlagValues, env: Env, flag: keyof typeof LOAD_OPTIONS) =>
  optionText(LOAD_OPTIONS, flags, env, flag);

/** Repeatable; the environment twin separates thresholds with `;` (an expression may hold a comma). */
const list = (flags: FlagValues, env: Env, flag: 'threshold' | 'fault'): string[] | undefined => {
  const values = optionList(LOAD_OPTIONS, flags, env, flag);
  return values.length > 0 ? values : undefined;
};

/** An integer from 1 to max, or undefined when not given. */
export const positiveInteger = (
  flag: string,
  value: string | undefined,
  max = 1_000_000,
): number | undefined => flagInteger(flag, value, undefined, [1, max]);

function sandboxOverrides(flags: FlagValues, env: Env): SandboxOptions {
  const latency = text(flags, env, 'latency');
  const rateLimit = text(flags, env, 'rate-limit');
  const churn = text(flags, env, 'churn');
  try {
    return {
      ...(latency ? { latency: latencySpec(latency) } : {}),
      ...(rateLimit ? { rateLimit: rateLimitSpec(rateLimit) } : {}),
      ...(churn ? { churn: positiveInteger('churn', churn, 10_000) } : {}),
    };
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
}

/** LoadOptions from parsed flags and the environment. */
export function optionsFromFlags(flags: FlagValues, env: Env): LoadOptions {
  const timeoutS = flagSeconds('timeout', text(flags, env, 'timeout'), undefined);
  return {
    scenario: text(flags, env, 'scenario') as ScenarioName | undefined,
    profile: text(flags, env, 'profile') as ProfileName | undefined,
    target: text(flags, env, 'target'),
    thresholds: list(flags, env, 'threshold'),
    workers: positiveInteger('workers', text(flags, env, 'workers'), 64),
    duration: text(flags, env, 'duration'),
    rate: positiveInteger('rate', text(flags, env, 'rate')),
    floodRate: positiveInteger('flood-rate', text(flags, env, 'flood-rate')),
    maxInFlight: positiveInteger('max-in-flight', text(flags, env, 'max-in-flight'), 100_000),
    faults: list(flags, env, 'fault'),
    sandbox: sandboxOverrides(flags, env),
    reportsDir: text(flags, env, 'reports-dir'),
    timeoutMs: timeoutS === undefined ? undefined : timeoutS * 1000,
    env,
    publish: text(flags, env, 'publish'),
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
  flagSeconds('duration', options.duration, undefined);
  try {
    overridesFromFlags(options.thresholds ?? []);
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
  if (options.target !== undefined && (options.faults?.length || Object.keys(options.sandbox ?? {}).length))
    throw new HarnessError(
      '--fault, --latency, --rate-limit and --churn shape the sandbox; they cannot go with --target',
    );
  const publish = resolvePublish(options.publish, options.env ?? process.env);
  return { scenario, profile, workers: options.workers ?? 1, ...(publish ? { publish } : {}) };
}
