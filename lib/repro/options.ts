/**
 * The options of a repro run, as flags and as data, with their defaults and checks in one place.
 * Precedence: flag > HARNESS_<FLAG> > default (lib/cli/options.ts).
 */
import { renderHelp } from '../cli/help.ts';
import {
  optionList,
  optionSwitch,
  optionText,
  optionValue,
  type FlagValues,
  type OptionTable,
} from '../cli/options.ts';
import { ENDPOINTS, type Endpoint } from '../contract/endpoints.ts';
import { HarnessError } from '../errors.ts';
import { flagInteger, flagSeconds } from '../cli/flags.ts';

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

export const REPRO_OPTIONS = {
  har: { value: 'FILE', help: "the customer's HAR 1.2 file (keys in it are stripped on read)" },
  endpoint: {
    value: 'NAME',
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
  fault: { value: 'NAME', multiple: true, help: 'sandbox only: switch a fault on; repeatable' },
  times: { value: 'N', default: '30', help: 'replays at most' },
  'time-budget': { value: 'D', default: '60s', help: 'time for the replays, e.g. 60s' },
  'shrink-budget': { value: 'D', default: '30s', help: 'time for shrinking' },
  'under-load': { help: 'replay while concurrent walkers load every tenant (the variable: 1)' },
  walkers: { value: 'N', default: '4', help: 'concurrent walkers with --under-load' },
  churn: { value: 'N', defaultIs: '0', help: 'sandbox only: data changes per second while replaying' },
  seed: {
    value: 'N',
    defaultIs: 'random, printed',
    help: 'seed of the limit variations and of fast-check',
  },
  'reports-dir': { value: 'DIR', default: 'reports', help: 'where run folders go' },
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

type Env = Record<string, string | undefined>;
type Flag = keyof typeof REPRO_OPTIONS;
const text = (flags: FlagValues, env: Env, flag: Flag) => optionText(REPRO_OPTIONS, flags, env, flag);
/** With the table's default when neither the flag nor its twin is set. */
const value = (flags: FlagValues, env: Env, flag: Flag) => optionValue(REPRO_OPTIONS, flags, env, flag);
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
  const faults = optionList(REPRO_OPTIONS, flags, env, 'fault');
  const churn = text(flags, env, 'churn');
  const options: ReproOptions = {
    har: text(flags, env, 'har'),
    endpoint: endpointOf(text(flags, env, 'endpoint')),
    params: text(flags, env, 'params') ?? '',
    tenant: text(flags, env, 'tenant'),
    target: text(flags, env, 'target'),
    faults,
    times: integer('times', value(flags, env, 'times'), 30, 1, 100_000),
    timeBudgetS: flagSeconds('time-budget', value(flags, env, 'time-budget'), 60),
    shrinkBudgetS: flagSeconds('shrink-budget', value(flags, env, 'shrink-budget'), 30),
    underLoad: optionSwitch(REPRO_OPTIONS, flags, env, 'under-load'),
    walkers: integer('walkers', value(flags, env, 'walkers'), 4, 1, 64),
    ...(churn !== undefined ? { churn: integer('churn', churn, 1, 1, 10_000) } : {}),
    seed: integer('seed', text(flags, env, 'seed'), randomSeed, 0, 2 ** 31 - 1),
    reportsDir: value(flags, env, 'reports-dir') ?? 'reports',
    env,
  };
  checkCombination(options, flags, env);
  return options;
}
