/** The option table of `npm run props`, and the runner's rows it shares with the gate's. */
import { integer, matching, milliseconds } from '../cli/kinds.ts';
import { REPORTS_DIR_OPTION, type FlagValues, type OptionTable } from '../cli/options.ts';
import { readerOf, type Env } from '../cli/read.ts';
import { readShape, SHAPE_OPTIONS } from '../cli/sandbox-shape.ts';
import { DEFAULT_TIME_BUDGET_MS, type RunOptions } from './runner.ts';

/** The rows of the runner's options in the option tables of props and the gate. */
export const RUN_TABLE = {
  runs: {
    value: 'N',
    defaultIs: "each property's own, 4 to 60",
    kind: integer(1, 100_000),
    help: 'random runs per property, after its coverage phase',
  },
  'time-budget': {
    value: 'D',
    defaultIs: `${DEFAULT_TIME_BUDGET_MS / 1000}s; two walks' time when --walk-pages raises a walk's`,
    kind: milliseconds(100, 3_600_000),
    help: 'time per property, shrinking included, e.g. 10s',
  },
  seed: {
    value: 'N',
    defaultIs: 'random, printed in the report',
    kind: integer(-(2 ** 31), 2 ** 31 - 1),
    help: 'fast-check seed',
  },
  'walk-pages': {
    value: 'N',
    defaultIs: "the target file's walkPages, else 40",
    kind: integer(2, 1_000_000),
    help: 'pages a whole walk of a list may take; a list longer than that at limit 100\nis not walked whole (the report names it), never failed for its length',
  },
  path: {
    value: 'P',
    kind: matching(/^\d+(:\d+)*$/, 'a path such as 3:0:1'),
    help: 'fast-check path of a failure; needs --seed and one --property',
  },
} as const satisfies OptionTable;

/** The runner's options (RUN_TABLE's rows) of props, the gate and the vitest suites. */
export function runOptions(flags: FlagValues, env: Env): RunOptions {
  const read = readerOf(RUN_TABLE, flags, env);
  const runs = read.value('runs');
  const seed = read.value('seed');
  const path = read.value('path');
  const walkPages = read.value('walk-pages');
  return {
    timeBudgetMs: read.value('time-budget'),
    ...(runs === undefined ? {} : { runs }),
    ...(seed === undefined ? {} : { seed }),
    ...(path === undefined ? {} : { path }),
    ...(walkPages === undefined ? {} : { walkPages }),
  };
}

export const PROPS_OPTIONS = {
  target: { value: 'FILE', defaultIs: 'start a sandbox', help: 'target file' },
  property: {
    value: 'NAME',
    multiple: true,
    env: false,
    defaultIs: 'all',
    help: 'a property or a family; repeatable',
  },
  seed: RUN_TABLE.seed,
  path: RUN_TABLE.path,
  runs: RUN_TABLE.runs,
  'time-budget': RUN_TABLE['time-budget'],
  'walk-pages': RUN_TABLE['walk-pages'],
  fault: {
    ...SHAPE_OPTIONS.fault,
    help: 'start the sandbox with this catalogue fault, or one generated\nmutant m:OPERATOR@SITE; repeatable; not with --target',
  },
  churn: {
    ...SHAPE_OPTIONS.churn,
    help: 'sandbox only: data changes per second while the properties run',
  },
  json: { env: false, help: 'print props.json instead of one line per property' },
  list: { env: false, help: 'print the properties (what each needs, which faults it catches) as markdown' },
  matrix: { env: false, help: 'run the mutation matrix; writes DIR/matrix.md (--reports-dir)' },
  full: { env: false, help: 'with --matrix: every property against every fault (slower)' },
  'reports-dir': REPORTS_DIR_OPTION,
} as const satisfies OptionTable;

/** What `npm run props` runs against and where it writes, from its flags and the environment. */
export function propsOptions(flags: FlagValues, env: Env) {
  const read = readerOf(PROPS_OPTIONS, flags, env);
  const shape = readShape(PROPS_OPTIONS, flags, env);
  return {
    targetFile: read.value('target') ?? '',
    faults: shape.faults,
    churn: read.value('churn'),
    options: runOptions(flags, env),
    reportsDir: read.value('reports-dir'),
  };
}
