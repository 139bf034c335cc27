/** The option table of `npm run report`. */
import type { FlagValues, OptionTable } from '../cli/options.ts';
import { readerOf, type Env } from '../cli/read.ts';
import { DEFAULT_REPORTS_DIR } from '../paths.ts';
import type { BaselineMargins } from './baseline.ts';
import { MARGIN_TABLE, resolveMargins } from './baseline-options.ts';

/** The run rendered when --from is not given. */
const DEFAULT_FROM = `${DEFAULT_REPORTS_DIR}/latest`;

export const REPORT_OPTIONS = {
  from: {
    value: 'RUN',
    env: false,
    default: DEFAULT_FROM,
    help: 'the run to render (its folder is never written)',
  },
  baseline: {
    value: 'RUN',
    env: false,
    help: 'compare with an earlier run of the same command; exit 1 on a regression',
  },
  list: {
    env: false,
    help: 'list the runs under --reports-dir: time, command, verdict, duration, target, folder',
  },
  'reports-dir': {
    value: 'DIR',
    default: DEFAULT_REPORTS_DIR,
    help: 'where --list looks; a render goes to a new folder in DIR/renders/',
  },
  ...MARGIN_TABLE,
  openapi: { env: false, help: 'print the OpenAPI 3.1 document of the public API (JSON) and exit' },
} as const satisfies OptionTable;

/** What `npm run report` renders or lists, and where, from its flags and the environment. */
export function reportOptions(
  flags: FlagValues,
  env: Env,
): { from: string; reportsDir: string; baseline?: { file: string; margins: BaselineMargins } } {
  const read = readerOf(REPORT_OPTIONS, flags, env);
  const baseline = read.value('baseline');
  // Read whether or not there is a baseline: a bad margin is said at once.
  const margins = resolveMargins(flags, env);
  return {
    from: read.value('from'),
    reportsDir: read.value('reports-dir'),
    ...(baseline ? { baseline: { file: baseline, margins } } : {}),
  };
}
