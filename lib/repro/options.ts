/**
 * The options of a repro run, as flags and as data, with their defaults and checks in one place.
 * Precedence: flag > HARNESS_<FLAG> > default (lib/cli/options.ts).
 */
import { renderHelp } from '../cli/help.ts';
import { integer, oneOf, seconds } from '../cli/kinds.ts';
import { REPORTS_DIR_OPTION, type FlagValues, type OptionTable } from '../cli/options.ts';
import { readerOf, type Env, type Reader } from '../cli/read.ts';
import { readShape, refuseShapeWithTarget, SHAPE_OPTIONS } from '../cli/sandbox-shape.ts';
import { ENDPOINTS, type Endpoint } from '../contract/endpoints.ts';
import { HarnessError } from '../errors.ts';

export interface ReproOptions {
  /** A HAR 1.2 file of the customer's walk; or `endpoint` (+ `params`). */
  har?: string;
  endpoint?: Endpoint;
  /** Filters and limit of the walk, as a query string: `status=OPEN&limit=7`. */
  params: string;
  tenant?: string;
  target?: string;
  /** Sandbox only. */
  faults: string[];
  /** Replays at most. @default 30 */
  times: number;
  /** `--replay-budget`: for the replays (the hunt). @default 60 */
  timeBudgetS: number;
  /** For shrinking once the bug showed. @default 30 */
  shrinkBudgetS: number;
  underLoad: boolean;
  /** Concurrent walkers with --under-load. @default 4 */
  walkers: number;
  /** Sandbox only: data changes per second. */
  churn?: number;
  seed: number;
  /** @default DEFAULT_REPORTS_DIR (lib/paths.ts) */
  reportsDir: string;
  env: Record<string, string | undefined>;
}

export const REPRO_OPTIONS = {
  har: { value: 'FILE', help: "the customer's HAR 1.2 file (keys in it are stripped on read)" },
  endpoint: {
    value: 'NAME',
    kind: oneOf(ENDPOINTS),
    help: `${ENDPOINTS.join(' or ')}, without a HAR (with a HAR: which list to take)`,
  },
  params: { value: 'QUERY', help: "filters and limit of the walk, e.g. 'status=OPEN&limit=7'" },
  tenant: {
    value: 'NAME',
    defaultIs: "the HAR's key, else the first tenant",
    help: 'whose key replays the walk',
  },
  target: {
    value: 'FILE',
    defaultIs: 'a sandbox',
    help: 'target file; without it a sandbox is started for the run',
  },
  fault: SHAPE_OPTIONS.fault,
  times: { value: 'N', default: '30', kind: integer(1, 100_000), help: 'replays at most' },
  'replay-budget': { value: 'D', default: '60s', kind: seconds(), help: 'time for the replays, e.g. 60s' },
  'shrink-budget': { value: 'D', default: '30s', kind: seconds(), help: 'time for shrinking' },
  'under-load': { help: 'replay while concurrent walkers load every tenant (the variable: 1)' },
  walkers: { value: 'N', default: '4', kind: integer(1, 64), help: 'concurrent walkers with --under-load' },
  churn: { ...SHAPE_OPTIONS.churn, help: 'sandbox only: data changes per second while replaying' },
  seed: {
    value: 'N',
    defaultIs: 'random, printed',
    kind: integer(0, 2 ** 31 - 1),
    help: 'seed of the limit variations and of fast-check',
  },
  'reports-dir': REPORTS_DIR_OPTION,
} as const satisfies OptionTable;

export const REPRO_USAGE = renderHelp({
  usage: [
    'npm run repro -- --har FILE [options]',
    "npm run repro -- --endpoint orders|menuItems [--params 'status=OPEN&limit=7'] [options]",
  ],
  about: `Replays the walk a customer reported, varying the limit, until the bug shows; then shrinks it to
the smallest failing request sequence and writes a curl script and an Artillery reproduction
(a directory: its repro-artillery.sh exits 1 when the bug shows, 0 when not, 2 when it cannot judge).`,
  options: REPRO_OPTIONS,
  examples: [
    'npm run repro -- --har customer.har --target staging.json',
    "npm run repro -- --endpoint orders --params 'status=OPEN&limit=7' --fault page-boundary-duplicate",
    'npm run repro -- --har customer.har --under-load --walkers 8',
  ],
  exitCodes: '0 not reproduced, 1 reproduced (the bug shows), 2 usage or setup error.',
});

/** `--time-budget` is per property in gate and props; the replays have their own name. */
export const REPRO_RETIRED_FLAGS = {
  'time-budget': '--replay-budget D, time for the replays (--time-budget is per property, in gate and props)',
};

const RETIRED_VARIABLES = {
  HARNESS_TIME_BUDGET:
    "per property, in gate and props; repro's replays read HARNESS_REPLAY_BUDGET now (unset it here)",
};

function checkCombination(
  options: ReproOptions,
  read: Reader<typeof REPRO_OPTIONS>,
  shapeGiven: boolean,
): void {
  if (options.har === undefined && options.endpoint === undefined)
    throw new HarnessError('give the walk: --har FILE, or --endpoint orders|menuItems with --params');
  if (options.har !== undefined && read.given('params'))
    throw new HarnessError(
      '--params describes a walk without a HAR; with --har the walk comes from the file',
    );
  refuseShapeWithTarget(options.target, REPRO_OPTIONS, shapeGiven);
}

/** ReproOptions from parsed flags and the environment; one line on the first bad value. */
export function reproOptions(flags: FlagValues, env: Env, randomSeed = Math.floor(Math.random() * 2 ** 31)) {
  const read = readerOf(REPRO_OPTIONS, flags, env, RETIRED_VARIABLES);
  const shape = readShape(REPRO_OPTIONS, flags, env);
  const options: ReproOptions = {
    har: read.value('har'),
    endpoint: read.value('endpoint'),
    params: read.value('params') ?? '',
    tenant: read.value('tenant'),
    target: read.value('target'),
    faults: shape.faults,
    times: read.value('times'),
    timeBudgetS: read.value('replay-budget'),
    shrinkBudgetS: read.value('shrink-budget'),
    underLoad: read.on('under-load'),
    walkers: read.value('walkers'),
    // 0 is the quiescent sandbox a run starts anyway: no churn to hunt under.
    ...(shape.sandbox.churn ? { churn: shape.sandbox.churn } : {}),
    seed: read.value('seed') ?? randomSeed,
    reportsDir: read.value('reports-dir'),
    env,
  };
  checkCombination(options, read, shape.given);
  return options;
}
