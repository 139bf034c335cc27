/** The option table of `npm run report`. */
import type { OptionTable } from '../cli/options.ts';
import { MARGIN_TABLE } from './baseline-options.ts';

/** The run rendered when --from is not given. */
export const DEFAULT_FROM = 'reports/latest';

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
    default: 'reports',
    help: 'where --list looks; a render goes to a new folder in DIR/renders/',
  },
  ...MARGIN_TABLE,
  openapi: { env: false, help: 'print the OpenAPI 3.1 document of the public API (JSON) and exit' },
} as const satisfies OptionTable;
