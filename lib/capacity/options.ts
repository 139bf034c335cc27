/**
 * The options of a capacity run, as flags and as data, with their defaults and checks in one
 * place. Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HarnessError } from '../errors.ts';
import { HARNESS_TWINS, renderHelp } from '../cli/help.ts';
import { DEFAULT_KNEE_RULE, type KneeRule } from './knee.ts';
import { PUBLISH_KINDS, resolvePublish, type Publish } from '../load/publish.ts';
import { flagInteger, flagList, flagSeconds, flagText, type FlagValues } from '../cli/flags.ts';
import {
  latencySpec,
  rateLimitSpec,
  type RateLimitOptions,
  type SandboxOptions,
} from '../../sandbox/options.ts';

export interface CapacityOptions {
  /** A target file; without one a sandbox is started for the run. */
  target?: string;
  /** @default 20 */
  startRps: number;
  /** @default 20 */
  stepRps: number;
  /** @default 200 (and never above the target's load.maxRps) */
  maxRps: number;
  /** @default 10 */
  stepDurationS: number;
  /** The whole run, every step included. @default 300 */
  timeBudgetS: number;
  knee: KneeRule;
  /** Sandbox only. */
  faults: string[];
  sandbox: SandboxOptions;
  /** @default 'reports' */
  reportsDir: string;
  /** Where keys named by the target file are read. */
  env: Record<string, string | undefined>;
  /** `--publish`: the receiver the metrics go to while each step runs. */
  publish?: Publish;
}

/**
 * The sandbox a capacity run starts: rate limits low enough that 429s start within the default
 * steps on a laptop (a tenant at 40 rps, a key at 25), so the run shows an onset and a knee.
 */
const CAPACITY_SANDBOX_LIMITS: RateLimitOptions = { perKey: 25, perTenant: 40, windowMs: 1000 };

export const CAPACITY_USAGE = renderHelp({
  usage: ['npm run capacity -- [options]'],
  about: `Steps the arrival rate (requests per second, across every tenant and key of the target) until the
knee or the ceiling, and reports each step, the knee and the 429 onset per key and per tenant.`,
  options: [
    ['--target FILE', 'target file; without it a sandbox is started for the run'],
    ['--start RPS', 'rate of the first step (default 20)'],
    ['--step RPS', 'added at each step (default 20)'],
    ['--max RPS', "highest rate; the target file's load.maxRps caps it (default 200)"],
    ['--step-duration D', 'length of each step, e.g. 10s (default 10s)'],
    ['--time-budget D', 'the whole run at most, e.g. 5m (default 5m)'],
    [
      '--knee-factor K',
      `a step whose p95 exceeds K x the baseline p95 bends (default ${DEFAULT_KNEE_RULE.p95Factor})`,
    ],
    ['--fault NAME', 'sandbox only: switch a fault on; repeatable'],
    ['--latency SPEC', 'sandbox only: fixed=MS,tail=MS,ratio=R'],
    [
      '--rate-limit SPEC',
      `sandbox only: perKey=N,perTenant=N,windowMs=N (default perKey=${CAPACITY_SANDBOX_LIMITS.perKey},perTenant=${CAPACITY_SANDBOX_LIMITS.perTenant})`,
    ],
    ['--reports-dir DIR', 'where run folders go (default reports)'],
    [
      '--publish KIND',
      `send the metrics on while each step runs: ${PUBLISH_KINDS.join(', ')}\n(settings from the environment, see README "Publishing metrics")`,
    ],
  ],
  environment: HARNESS_TWINS('HARNESS_STEP_DURATION=5s'),
  examples: [
    'npm run capacity',
    'npm run capacity -- --target staging.json --start 50 --step 50 --max 1000',
    'npm run capacity -- --fault overload-5xx --step-duration 5s',
  ],
  exitCodes: '0 measured (whatever the curve), 1 a page check failed under load, 2 usage or setup error.',
});

export const CAPACITY_FLAGS = {
  target: { type: 'string' },
  start: { type: 'string' },
  step: { type: 'string' },
  max: { type: 'string' },
  'step-duration': { type: 'string' },
  'time-budget': { type: 'string' },
  'knee-factor': { type: 'string' },
  fault: { type: 'string', multiple: true },
  latency: { type: 'string' },
  'rate-limit': { type: 'string' },
  'reports-dir': { type: 'string' },
  publish: { type: 'string' },
} as const;

type Env = Record<string, string | undefined>;
type Flag = keyof typeof CAPACITY_FLAGS;
const text = (flags: FlagValues, env: Env, flag: Flag) => flagText(flags, env, flag);
const rps = (flag: Flag, value: string | undefined, fallback: number) =>
  flagInteger(flag, value, fallback, [1, 100_000], 'requests per second');

function factor(value: string | undefined): number {
  if (value === undefined) return DEFAULT_KNEE_RULE.p95Factor;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 1)
    throw new HarnessError(`--knee-factor: "${value}" is not valid; expected a number above 1, e.g. 2`);
  return number;
}

function sandboxOptions(flags: FlagValues, env: Env): SandboxOptions {
  const latency = text(flags, env, 'latency');
  const rateLimit = text(flags, env, 'rate-limit');
  try {
    return {
      rateLimit: {
        ...CAPACITY_SANDBOX_LIMITS,
        ...(rateLimit ? rateLimitSpec(rateLimit) : {}),
      },
      ...(latency ? { latency: latencySpec(latency) } : {}),
    };
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
}

/** CapacityOptions from parsed flags and the environment; one line on the first bad value. */
export function capacityOptions(flags: FlagValues, env: Env): CapacityOptions {
  const target = text(flags, env, 'target');
  const faults = flagList(flags, env, 'fault');
  const shapesSandbox = faults.length > 0 || text(flags, env, 'latency') || text(flags, env, 'rate-limit');
  if (target !== undefined && shapesSandbox)
    throw new HarnessError(
      '--fault, --latency and --rate-limit shape the sandbox; they cannot go with --target',
    );
  const options: CapacityOptions = {
    target,
    startRps: rps('start', text(flags, env, 'start'), 20),
    stepRps: rps('step', text(flags, env, 'step'), 20),
    maxRps: rps('max', text(flags, env, 'max'), 200),
    stepDurationS: flagSeconds('step-duration', text(flags, env, 'step-duration'), 10),
    timeBudgetS: flagSeconds('time-budget', text(flags, env, 'time-budget'), 300),
    knee: { ...DEFAULT_KNEE_RULE, p95Factor: factor(text(flags, env, 'knee-factor')) },
    faults,
    sandbox: sandboxOptions(flags, env),
    reportsDir: text(flags, env, 'reports-dir') ?? 'reports',
    env,
  };
  const publish = resolvePublish(text(flags, env, 'publish'), env);
  if (publish) options.publish = publish;
  if (options.startRps > options.maxRps)
    throw new HarnessError(
      `--start ${options.startRps} is above --max ${options.maxRps}; lower --start or raise --max`,
    );
  return options;
}
