/**
 * The options of a repro run, as flags and as data, with their defaults and checks in one place.
 * Precedence: flag > HARNESS_<FLAG> > default.
 */
import { HARNESS_TWINS, renderHelp } from '../cli/help.ts';
import { envName } from '../config.ts';
import { ENDPOINTS, type Endpoint } from '../contract/endpoints.ts';
import { HarnessError } from '../errors.ts';
import { flagInteger, flagList, flagSeconds, flagText, type FlagValues } from '../cli/flags.ts';

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
  /** For the replays (the hunt). @default 60 */
  timeBudgetS: number;
  /** For shrinking once the bug showed. @default 30 */
  shrinkBudgetS: number;
  underLoad: boolean;
  /** Concurrent walkers with --under-load. @default 4 */
  walkers: number;
  /** Sandbox only: data changes per second. */
  churn?: number;
  seed: number;
  /** @default 'reports' */
  reportsDir: string;
  env: Record<string, string | undefined>;
}

export const REPRO_USAGE = renderHelp({
  usage: [
    'npm run repro -- --har FILE [options]',
    "npm run repro -- --endpoint orders|menuItems [--params 'status=OPEN&limit=7'] [options]",
  ],
  about: `Replays the walk a customer reported, varying the limit, until the bug shows; then shrinks it to
the smallest failing request sequence and writes a curl script and an Artillery reproduction
(a directory: its repro-artillery.sh exits 1 when the bug shows, 0 when not, 2 when it cannot judge).`,
  options: [
    ['--har FILE', "the customer's HAR 1.2 file (keys in it are stripped on read)"],
    ['--endpoint NAME', `${ENDPOINTS.join(' or ')}, without a HAR (with a HAR: which list to take)`],
    ['--params QUERY', "filters and limit of the walk, e.g. 'status=OPEN&limit=7'"],
    ['--tenant NAME', "whose key replays the walk (default: the HAR's key, else the first tenant)"],
    ['--target FILE', 'target file; without it a sandbox is started for the run'],
    ['--fault NAME', 'sandbox only: switch a fault on; repeatable'],
    ['--times N', 'replays at most (default 30)'],
    ['--time-budget D', 'time for the replays, e.g. 60s (default 60s)'],
    ['--shrink-budget D', 'time for shrinking (default 30s)'],
    ['--under-load', 'replay while concurrent walkers load every tenant'],
    ['--walkers N', 'concurrent walkers with --under-load (default 4)'],
    ['--churn N', 'sandbox only: data changes per second while replaying (default 0)'],
    ['--seed N', 'seed of the limit variations and of fast-check (default: random, printed)'],
    ['--reports-dir DIR', 'where run folders go (default reports)'],
  ],
  environment: HARNESS_TWINS('HARNESS_TIMES=100'),
  examples: [
    'npm run repro -- --har customer.har --target staging.json',
    "npm run repro -- --endpoint orders --params 'status=OPEN&limit=7' --fault page-boundary-duplicate",
    'npm run repro -- --har customer.har --under-load --walkers 8',
  ],
  exitCodes: '0 not reproduced, 1 reproduced (the bug shows), 2 usage or setup error.',
});

export const REPRO_FLAGS = {
  har: { type: 'string' },
  endpoint: { type: 'string' },
  params: { type: 'string' },
  tenant: { type: 'string' },
  target: { type: 'string' },
  fault: { type: 'string', multiple: true },
  times: { type: 'string' },
  'time-budget': { type: 'string' },
  'shrink-budget': { type: 'string' },
  'under-load': { type: 'boolean' },
  walkers: { type: 'string' },
  churn: { type: 'string' },
  seed: { type: 'string' },
  'reports-dir': { type: 'string' },
} as const;

type Env = Record<string, string | undefined>;
type Flag = keyof typeof REPRO_FLAGS;
const text = (flags: FlagValues, env: Env, flag: Flag) => flagText(flags, env, flag);
const integer = (flag: Flag, value: string | undefined, fallback: number, min: number, max: number) =>
  flagInteger(flag, value, fallback, [min, max]);

function endpointOf(value: string | undefined): Endpoint | undefined {
  if (value === undefined) return undefined;
  if (!(ENDPOINTS as readonly string[]).includes(value))
    throw new HarnessError(`--endpoint: "${value}" is unknown; choose ${ENDPOINTS.join(' or ')}`);
  return value as Endpoint;
}

function checkCombination(options: ReproOptions, flags: FlagValues, env: Env): void {
  if (options.har === undefined && options.endpoint === undefined)
    throw new HarnessError('give the walk: --har FILE, or --endpoint orders|menuItems with --params');
  if (options.har !== undefined && text(flags, env, 'params') !== undefined)
    throw new HarnessError(
      '--params describes a walk without a HAR; with --har the walk comes from the file',
    );
  if (options.target !== undefined && (options.faults.length > 0 || options.churn !== undefined))
    throw new HarnessError('--fault and --churn shape the sandbox; they cannot go with --target');
}

/** ReproOptions from parsed flags and the environment; one line on the first bad value. */
export function reproOptions(flags: FlagValues, env: Env, randomSeed = Math.floor(Math.random() * 2 ** 31)) {
  const faults = flagList(flags, env, 'fault');
  const churn = text(flags, env, 'churn');
  const options: ReproOptions = {
    har: text(flags, env, 'har'),
    endpoint: endpointOf(text(flags, env, 'endpoint')),
    params: text(flags, env, 'params') ?? '',
    tenant: text(flags, env, 'tenant'),
    target: text(flags, env, 'target'),
    faults,
    times: integer('times', text(flags, env, 'times'), 30, 1, 100_000),
    timeBudgetS: flagSeconds('time-budget', text(flags, env, 'time-budget'), 60),
    shrinkBudgetS: flagSeconds('shrink-budget', text(flags, env, 'shrink-budget'), 30),
    underLoad: flags['under-load'] === true || env[envName('under-load')] === '1',
    walkers: integer('walkers', text(flags, env, 'walkers'), 4, 1, 64),
    ...(churn !== undefined ? { churn: integer('churn', churn, 1, 1, 10_000) } : {}),
    seed: integer('seed', text(flags, env, 'seed'), randomSeed, 0, 2 ** 31 - 1),
    reportsDir: text(flags, env, 'reports-dir') ?? 'reports',
    env,
  };
  checkCombination(options, flags, env);
  return options;
}
