/**
 * The options of a capacity run, as flags and as data, with their defaults and checks in one
 * place. Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HarnessError } from '../errors.ts';
import { renderHelp } from '../cli/help.ts';
import { optionList, optionValue, type FlagValues, type OptionTable } from '../cli/options.ts';
import { DEFAULT_KNEE_RULE, type KneeRule } from './knee.ts';
import { PUBLISH_KINDS, resolvePublish, type Publish } from '../load/publish.ts';
import { flagInteger, flagPercent, flagSeconds } from '../cli/flags.ts';
import { DEFAULT_OBJECTIVE, type Objective } from './objective.ts';
import {
  LATENCY_SHAPE,
  latencySpec,
  RATE_LIMIT_SHAPE,
  rateLimitSpec,
  type RateLimitOptions,
  type SandboxOptions,
} from '../target/sandbox-options.ts';

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
  /** What a step must meet to count towards the capacity. */
  objective: Objective;
  /** `--expected-rate`: the production rate the capacity is compared with (headroom). */
  expectedRps?: number;
  /** Generator processes each step's arrival rate is split over. @default 1 */
  workers: number;
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

export const CAPACITY_OPTIONS = {
  target: {
    value: 'FILE',
    defaultIs: 'a sandbox',
    help: 'target file; without it a sandbox is started for the run',
  },
  start: { value: 'RPS', default: '20', help: 'rate of the first step' },
  step: { value: 'RPS', default: '20', help: 'added at each step' },
  max: { value: 'RPS', default: '200', help: "highest rate; the target file's load.maxRps caps it" },
  'step-duration': { value: 'D', default: '10s', help: 'length of each step, e.g. 10s' },
  'time-budget': { value: 'D', default: '5m', help: 'the whole run at most, e.g. 5m' },
  p95: { value: 'D', default: `${DEFAULT_OBJECTIVE.p95Ms}ms`, help: 'objective: p95 under this, e.g. 300ms' },
  p99: { value: 'D', default: `${DEFAULT_OBJECTIVE.p99Ms}ms`, help: 'objective: p99 under this, e.g. 1s' },
  'max-errors': {
    value: 'PCT',
    default: `${DEFAULT_OBJECTIVE.maxErrorRate * 100}%`,
    help: 'objective: share of errors at most this, e.g. 0.1%;\nerrors: no response, a 5xx, any other non-2xx but 429',
  },
  'max-429': {
    value: 'PCT',
    default: `${DEFAULT_OBJECTIVE.max429Rate * 100}%`,
    help: 'objective: share of 429s under this, e.g. 5%',
  },
  'expected-rate': {
    value: 'RPS',
    defaultIs: 'none',
    help: 'your production rate: prints the headroom, capacity / expected',
  },
  workers: {
    value: 'N',
    default: '1',
    help: 'generator processes per step; add when a step is marked "not driven"',
  },
  'knee-factor': {
    value: 'K',
    default: `${DEFAULT_KNEE_RULE.p95Factor}`,
    help: 'a step whose p95 exceeds K x the baseline p95 bends',
  },
  fault: { value: 'NAME', multiple: true, help: 'sandbox only: switch a fault on; repeatable' },
  latency: { value: 'SPEC', help: `sandbox only: ${LATENCY_SHAPE}` },
  'rate-limit': {
    value: 'SPEC',
    defaultIs: `perKey=${CAPACITY_SANDBOX_LIMITS.perKey},perTenant=${CAPACITY_SANDBOX_LIMITS.perTenant}`,
    help: `sandbox only: ${RATE_LIMIT_SHAPE}`,
  },
  'reports-dir': { value: 'DIR', default: 'reports', help: 'where run folders go' },
  publish: {
    value: 'KIND',
    help: `send the metrics on while each step runs: ${PUBLISH_KINDS.join(', ')}\n(settings from the environment, see docs/load.md, Publishing metrics)`,
  },
} as const satisfies OptionTable;

export const CAPACITY_USAGE = renderHelp({
  usage: ['npm run capacity -- [options]'],
  about: `Steps the arrival rate (requests per second, across every tenant and key of the target) until two
steps in a row miss the objective, or the ceiling, and reports the capacity (the highest step that
met the objective), each step, the knee and the 429 onset per key and per tenant with the limits
it implies, and what to run next.`,
  options: CAPACITY_OPTIONS,
  examples: [
    'npm run capacity',
    'npm run capacity -- --target staging.json --start 50 --step 50 --max 1000 --expected-rate 300',
    'npm run capacity -- --target staging.json --p95 300ms --p99 1s --max-429 0.5% --workers 2',
  ],
  exitCodes:
    '0 measured (whatever the curve or the capacity), 1 a page check failed under load, 2 usage or setup error.',
});

type Env = Record<string, string | undefined>;
type Flag = keyof typeof CAPACITY_OPTIONS;
/** The flag's text, else its twin's, else the table's default. */
const text = (flags: FlagValues, env: Env, flag: Flag) => optionValue(CAPACITY_OPTIONS, flags, env, flag);
const rps = <Fallback extends number | undefined>(
  flag: Flag,
  value: string | undefined,
  fallback: Fallback,
) => flagInteger(flag, value, fallback, [1, 100_000], 'requests per second');

function factor(value: string | undefined): number {
  if (value === undefined) return DEFAULT_KNEE_RULE.p95Factor;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 1)
    throw new HarnessError(`--knee-factor: "${value}" is not valid; expected a number above 1, e.g. 2`);
  return number;
}

const milliseconds = (flags: FlagValues, env: Env, flag: Flag, fallbackMs: number) =>
  flagSeconds(flag, text(flags, env, flag), fallbackMs / 1000) * 1000;

function objective(flags: FlagValues, env: Env): Objective {
  return {
    p95Ms: milliseconds(flags, env, 'p95', DEFAULT_OBJECTIVE.p95Ms),
    p99Ms: milliseconds(flags, env, 'p99', DEFAULT_OBJECTIVE.p99Ms),
    maxErrorRate: flagPercent('max-errors', text(flags, env, 'max-errors'), DEFAULT_OBJECTIVE.maxErrorRate),
    max429Rate: flagPercent('max-429', text(flags, env, 'max-429'), DEFAULT_OBJECTIVE.max429Rate),
  };
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
  const faults = optionList(CAPACITY_OPTIONS, flags, env, 'fault');
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
    objective: objective(flags, env),
    workers: flagInteger(
      'workers',
      text(flags, env, 'workers'),
      1,
      [1, 64],
      'a number of generator processes',
    ),
    faults,
    sandbox: sandboxOptions(flags, env),
    reportsDir: text(flags, env, 'reports-dir') ?? 'reports',
    env,
  };
  const publish = resolvePublish(text(flags, env, 'publish'), env);
  if (publish) options.publish = publish;
  const expected = rps('expected-rate', text(flags, env, 'expected-rate'), undefined);
  if (expected !== undefined) options.expectedRps = expected;
  if (options.startRps > options.maxRps)
    throw new HarnessError(
      `--start ${options.startRps} is above --max ${options.maxRps}; lower --start or raise --max`,
    );
  return options;
}
