/**
 * The options of a load run, as flags (`npm run load -- ...`) and as data (`runLoad(options)`),
 * with their defaults and checks in one place. Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HarnessError } from '../../lib/errors.ts';
import { envName } from '../../lib/config.ts';
import { parseDurationS } from '../../lib/load/duration.ts';
import { PUBLISH_KINDS, resolvePublish, type Publish } from '../../lib/load/publish.ts';
import { isProfileName, PROFILE_NAMES, type ProfileName } from '../../lib/load/profiles.ts';
import { overridesFromFlags, SCENARIO_NAMES, type ScenarioName } from '../../lib/load/thresholds.ts';
import { parseNumberList, type SandboxOptions } from '../../sandbox/options.ts';

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
  /** @default reports/load-<timestamp> */
  outDir?: string;
  /** Hard limit on the whole run. @default the profile's duration plus setup and stop margins */
  timeoutMs?: number;
  /** Show Artillery's own output while it runs. @default false */
  echo?: boolean;
  /** Where keys named by the target file are read. @default process.env */
  env?: Record<string, string | undefined>;
  /** Send the metrics on while the run goes: prometheus, otel, statsd or datadog. @default none */
  publish?: string;
}

const DEFAULT_PROFILE: Record<ScenarioName, ProfileName> = {
  walk: 'smoke',
  depth: 'smoke',
  fairness: 'load',
  isolation: 'load',
  stress: 'stress',
};

export const LOAD_USAGE = `Usage: npm run load -- [options]

  --scenario NAME        ${SCENARIO_NAMES.join(', ')} (default walk)
  --profile NAME         ${PROFILE_NAMES.join(', ')} (default: the scenario's own)
  --target FILE          target file; without it a sandbox is started for the run
  --threshold M=EXPR     replace the thresholds of metric M, e.g. 'latency=p95<300'
                         or 'rate_limited{traffic:quiet}=rate<0.05'; 'M=none' drops them; repeatable
  --workers N            split the arrival rate over N generator processes, merge their points
  --duration D           squeeze or stretch the profile to D (30s, 5m, 1h)
  --rate N               base arrival rate, walks per second
  --flood-rate N         fairness: requests per second of the noisy tenant
  --max-in-flight N      walks in flight per generator at most; arrivals beyond are skipped (default none)
  --fault NAME           sandbox only: switch a fault on; repeatable
  --latency SPEC         sandbox only: fixed=MS,tail=MS,ratio=R
  --rate-limit SPEC      sandbox only: perKey=N,perTenant=N,windowMs=N
  --churn N              sandbox only: data changes per second while walking
  --publish KIND         send the metrics on while the run goes: ${PUBLISH_KINDS.join(', ')}
                         (settings from the environment, see README "Publishing metrics")
  --out-dir DIR          where the reports go (default reports/load-<timestamp>)
  --timeout D            hard limit on the run (default: duration plus margins)
  --platform NAME        dry run for Artillery's distributed runners (fargate, lambda, aci): write the
                         run's directory and print the command that launches it; sends nothing
  --count N              with --platform: remote workers (default 2)
  --region NAME          with --platform: the cloud region (default us-east-1, eastus for aci)
  --help                 show this help

Every option also reads HARNESS_<NAME> (e.g. HARNESS_PROFILE=load); flags win.
Examples:
  npm run load -- --scenario fairness --profile smoke
  npm run load -- --scenario walk --profile load --target staging.json --workers 2
  npm run load -- --target staging.json --profile load --platform fargate --count 4 --region eu-west-1

Exit codes: 0 every check and threshold held (or inconclusive: the run's premise never held, said
with its reason), 1 a check or threshold failed, 2 usage or setup error (including a load generator
that could not keep its schedule).`;

export const LOAD_FLAGS = {
  scenario: { type: 'string' },
  profile: { type: 'string' },
  target: { type: 'string' },
  threshold: { type: 'string', multiple: true },
  workers: { type: 'string' },
  duration: { type: 'string' },
  rate: { type: 'string' },
  'flood-rate': { type: 'string' },
  'max-in-flight': { type: 'string' },
  fault: { type: 'string', multiple: true },
  latency: { type: 'string' },
  'rate-limit': { type: 'string' },
  churn: { type: 'string' },
  'out-dir': { type: 'string' },
  timeout: { type: 'string' },
  platform: { type: 'string' },
  count: { type: 'string' },
  region: { type: 'string' },
  publish: { type: 'string' },
} as const;

type Env = Record<string, string | undefined>;
type FlagValues = Partial<Record<keyof typeof LOAD_FLAGS, string | string[] | undefined>>;

function text(flags: FlagValues, env: Env, flag: keyof typeof LOAD_FLAGS): string | undefined {
  const value = flags[flag];
  if (typeof value === 'string') return value;
  return env[envName(flag)] || undefined;
}

function list(flags: FlagValues, env: Env, flag: 'threshold' | 'fault'): string[] | undefined {
  const value = flags[flag];
  if (Array.isArray(value)) return value;
  const fromEnv = env[envName(flag)];
  return fromEnv ? fromEnv.split(flag === 'fault' ? ',' : ';').filter(Boolean) : undefined;
}

export function positiveInteger(
  flag: string,
  value: string | undefined,
  max = 1_000_000,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < 1 || number > max)
    throw new HarnessError(`--${flag}: "${value}" is not valid; expected an integer from 1 to ${max}`);
  return number;
}

function sandboxOverrides(flags: FlagValues, env: Env): SandboxOptions {
  const latency = text(flags, env, 'latency');
  const rateLimit = text(flags, env, 'rate-limit');
  const churn = text(flags, env, 'churn');
  const aliases = { fixed: 'fixedMs', tail: 'tailMs', ratio: 'tailRatio' };
  const limits = { perKey: 'perKey', perTenant: 'perTenant', windowMs: 'windowMs' };
  try {
    return {
      ...(latency ? { latency: parseNumberList('--latency', latency, aliases) } : {}),
      ...(rateLimit ? { rateLimit: parseNumberList('--rate-limit', rateLimit, limits) } : {}),
      ...(churn ? { churn: positiveInteger('churn', churn, 10_000) } : {}),
    };
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
}

/** LoadOptions from parsed flags and the environment. */
export function optionsFromFlags(flags: FlagValues, env: Env): LoadOptions {
  const timeout = text(flags, env, 'timeout');
  const timeoutS = timeout === undefined ? undefined : parseDurationS(timeout);
  if (timeout !== undefined && timeoutS === undefined)
    throw new HarnessError(`--timeout: "${timeout}" is not a duration like 90s or 10m`);
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
    outDir: text(flags, env, 'out-dir'),
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
  if (!SCENARIO_NAMES.includes(scenario))
    throw new HarnessError(`--scenario: "${scenario}" is unknown; choose from ${SCENARIO_NAMES.join(', ')}`);
  const profile: string = options.profile ?? DEFAULT_PROFILE[scenario];
  if (!isProfileName(profile))
    throw new HarnessError(`--profile: "${profile}" is unknown; choose from ${PROFILE_NAMES.join(', ')}`);
  if (options.duration !== undefined && parseDurationS(options.duration) === undefined)
    throw new HarnessError(`--duration: "${options.duration}" is not a duration like 30s, 5m or 1h`);
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
