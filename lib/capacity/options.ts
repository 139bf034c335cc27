/**
 * The options of a capacity run, as flags and as data, with their defaults and checks in one
 * place. Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HarnessError } from '../errors.ts';
import { renderHelp } from '../cli/help.ts';
import { integer, numberAbove, percent, seconds } from '../cli/kinds.ts';
import { REPORTS_DIR_OPTION, type FlagValues, type OptionTable } from '../cli/options.ts';
import { readerOf, type Env } from '../cli/read.ts';
import { readShape, refuseShapeWithTarget, SHAPE_OPTIONS } from '../cli/sandbox-shape.ts';
import { DEFAULT_KNEE_RULE, type KneeRule } from './knee.ts';
import { PUBLISH_KINDS, resolvePublish, type Publish } from '../load/publish.ts';
import { DEFAULT_OBJECTIVE, type Objective } from './objective.ts';
import type { RateLimitOptions, SandboxOptions } from '../target/sandbox-options.ts';

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
  /** `--run-budget`: the whole run, every step included. @default 300 */
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
  /** @default DEFAULT_REPORTS_DIR (lib/paths.ts) */
  reportsDir: string;
  /** Where keys named by the target file are read. */
  env: Record<string, string | undefined>;
  /** `--publish`: the receiver the metrics go to while each step runs. */
  publish?: Publish;
}

/**
 * The sandbox a capacity run starts: rate limits low enough that the default steps reach the
 * tenants' 429 onset at their third step (a tenant at 17 req/s is sent 20 there, 3 over: a
 * tenant's overflow falls on two keys at least; 13.3 at the step before, far enough under it
 * that a late generator's bunched arrivals stay under too), so the run shows an onset and a
 * capacity bounded by the 429 objective in 4 steps.
 */
const CAPACITY_SANDBOX_LIMITS: RateLimitOptions = { perKey: 10, perTenant: 17, windowMs: 1000 };

const RPS = integer(1, 100_000, 'requests per second');

export const CAPACITY_OPTIONS = {
  target: {
    value: 'FILE',
    defaultIs: 'a sandbox',
    help: 'target file; without it a sandbox is started for the run',
  },
  start: { value: 'RPS', default: '20', kind: RPS, help: 'rate of the first step' },
  step: { value: 'RPS', default: '20', kind: RPS, help: 'added at each step' },
  max: {
    value: 'RPS',
    default: '200',
    kind: RPS,
    help: "highest rate; the target file's load.maxRps caps it",
  },
  'step-duration': { value: 'D', default: '10s', kind: seconds(), help: 'length of each step, e.g. 10s' },
  'run-budget': { value: 'D', default: '5m', kind: seconds(), help: 'the whole run at most, e.g. 5m' },
  p95: {
    value: 'D',
    default: `${DEFAULT_OBJECTIVE.p95Ms}ms`,
    kind: seconds(),
    help: 'objective: p95 under this, e.g. 300ms',
  },
  p99: {
    value: 'D',
    default: `${DEFAULT_OBJECTIVE.p99Ms}ms`,
    kind: seconds(),
    help: 'objective: p99 under this, e.g. 1s',
  },
  'max-errors': {
    value: 'PCT',
    default: `${DEFAULT_OBJECTIVE.maxErrorRate * 100}%`,
    kind: percent,
    help: 'objective: share of errors at most this, e.g. 0.1%;\nerrors: no response, a 5xx, any other non-2xx but 429',
  },
  'max-429': {
    value: 'PCT',
    default: `${DEFAULT_OBJECTIVE.max429Rate * 100}%`,
    kind: percent,
    help: 'objective: share of 429s under this, e.g. 5%',
  },
  'expected-rate': {
    value: 'RPS',
    defaultIs: 'none',
    kind: RPS,
    help: 'your production rate: prints the headroom, capacity / expected',
  },
  workers: {
    value: 'N',
    default: '1',
    kind: integer(1, 64, 'a number of generator processes'),
    help: 'generator processes per step; add when a step is marked "not driven"',
  },
  'knee-factor': {
    value: 'K',
    default: `${DEFAULT_KNEE_RULE.p95Factor}`,
    kind: numberAbove(1, '2'),
    help: 'a step whose p95 exceeds K x the baseline p95 bends',
  },
  fault: SHAPE_OPTIONS.fault,
  latency: SHAPE_OPTIONS.latency,
  serve: SHAPE_OPTIONS.serve,
  'rate-limit': {
    ...SHAPE_OPTIONS['rate-limit'],
    defaultIs: `perKey=${CAPACITY_SANDBOX_LIMITS.perKey},perTenant=${CAPACITY_SANDBOX_LIMITS.perTenant}`,
  },
  'reports-dir': REPORTS_DIR_OPTION,
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
    '0 measured (whatever the curve or the capacity), 1 a page check failed under load, 2 no step\ndriven or a step could not run (INCONCLUSIVE, report written), or usage or setup error.',
});

/** `--time-budget` is per property in gate and props; capacity's whole run has its own name. */
export const CAPACITY_RETIRED_FLAGS = {
  'time-budget': '--run-budget D, the whole run at most (--time-budget is per property, in gate and props)',
};

const RETIRED_VARIABLES = {
  HARNESS_TIME_BUDGET:
    "per property, in gate and props; capacity's whole run is HARNESS_RUN_BUDGET now (unset it here)",
};

/** CapacityOptions from parsed flags and the environment; one line on the first bad value. */
export function capacityOptions(flags: FlagValues, env: Env): CapacityOptions {
  const read = readerOf(CAPACITY_OPTIONS, flags, env, RETIRED_VARIABLES);
  const target = read.value('target');
  const shape = readShape(CAPACITY_OPTIONS, flags, env);
  refuseShapeWithTarget(target, CAPACITY_OPTIONS, shape.given);
  const options: CapacityOptions = {
    target,
    startRps: read.value('start'),
    stepRps: read.value('step'),
    maxRps: read.value('max'),
    stepDurationS: read.value('step-duration'),
    timeBudgetS: read.value('run-budget'),
    knee: { ...DEFAULT_KNEE_RULE, p95Factor: read.value('knee-factor') },
    objective: {
      p95Ms: read.value('p95') * 1000,
      p99Ms: read.value('p99') * 1000,
      maxErrorRate: read.value('max-errors'),
      max429Rate: read.value('max-429'),
    },
    workers: read.value('workers'),
    faults: shape.faults,
    sandbox: { ...shape.sandbox, rateLimit: { ...CAPACITY_SANDBOX_LIMITS, ...shape.sandbox.rateLimit } },
    reportsDir: read.value('reports-dir'),
    env,
  };
  const publish = resolvePublish(read.value('publish'), env);
  if (publish) options.publish = publish;
  const expected = read.value('expected-rate');
  if (expected !== undefined) options.expectedRps = expected;
  if (options.startRps > options.maxRps)
    throw new HarnessError(
      `--start ${options.startRps} is above --max ${options.maxRps}; lower --start or raise --max`,
    );
  return options;
}
