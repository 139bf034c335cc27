/** The option table of `npm run props`, and the runner's rows it shares with the gate's. */
import type { OptionTable } from '../cli/options.ts';
import { DEFAULT_TIME_BUDGET_MS } from './runner.ts';

/** The rows of the runner's options in the option tables of props and the gate. */
export const RUN_TABLE = {
  runs: {
    value: 'N',
    defaultIs: "each property's own, 4 to 60",
    help: 'random runs per property, after its coverage phase',
  },
  'time-budget': {
    value: 'D',
    default: `${DEFAULT_TIME_BUDGET_MS / 1000}s`,
    help: 'time per property, shrinking included, e.g. 10s',
  },
  seed: { value: 'N', defaultIs: 'random, printed in the report', help: 'fast-check seed' },
  'walk-pages': {
    value: 'N',
    defaultIs: "the target file's walkPages, else 40",
    help: 'pages a whole walk of a list may take; a list longer than that at limit 100\nis not walked whole (the report names it), never failed for its length',
  },
  path: { value: 'P', help: 'fast-check path of a failure; needs --seed and one --property' },
} as const satisfies OptionTable;

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
    value: 'NAME',
    multiple: true,
    help: 'start the sandbox with this catalogue fault; repeatable; not with --target',
  },
  churn: { value: 'N', default: '0', help: 'sandbox only: data changes per second while the properties run' },
  json: { env: false, help: 'print props.json instead of one line per property' },
  list: { env: false, help: 'print the properties (what each needs, which faults it catches) as markdown' },
  matrix: { env: false, help: 'run the mutation matrix; writes reports/matrix.md and docs/matrix.md' },
  full: { env: false, help: 'with --matrix: every property against every fault (slower)' },
  'reports-dir': { value: 'DIR', default: 'reports', help: 'where run folders go' },
} as const satisfies OptionTable;
