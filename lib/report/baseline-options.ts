/**
 * The baseline margins as options: `--margin-p95 0.3` or `HARNESS_MARGIN_P95=0.3`, for every
 * command that takes `--baseline` (report, gate, capacity).
 */
import { fraction, seconds } from '../cli/kinds.ts';
import type { FlagValues, OptionTable } from '../cli/options.ts';
import { readerOf, type Env } from '../cli/read.ts';
import { DEFAULT_MARGINS, type BaselineMargins } from './baseline.ts';

/** The margin flags' old names: `--margin-min-delta-ms 10` is `--margin-min-delta 10ms` now. */
export const RETIRED_MARGIN_FLAGS = {
  'margin-min-delta-ms': '--margin-min-delta with its unit, e.g. --margin-min-delta 10ms',
};

/** The margin rows of the option table of every command that takes `--baseline`. */
export const MARGIN_TABLE = {
  'margin-p95': {
    value: 'FRACTION',
    default: `${DEFAULT_MARGINS.p95}`,
    kind: fraction,
    help: 'allowed rise of a p95 latency',
  },
  'margin-p99': {
    value: 'FRACTION',
    default: `${DEFAULT_MARGINS.p99}`,
    kind: fraction,
    help: 'allowed rise of a p99 latency',
  },
  'margin-onset429': {
    value: 'FRACTION',
    default: `${DEFAULT_MARGINS.onset429}`,
    kind: fraction,
    help: 'allowed drop of the 429 onset rate',
  },
  'margin-min-delta': {
    value: 'D',
    default: `${DEFAULT_MARGINS.minDeltaMs}ms`,
    kind: seconds({ zero: true }),
    help: 'latency rises below this are noise',
  },
} as const satisfies OptionTable;

const RETIRED_VARIABLES = {
  HARNESS_MARGIN_MIN_DELTA_MS: 'now HARNESS_MARGIN_MIN_DELTA, with its unit (e.g. 10ms)',
};

/** The margins of a comparison with a baseline, from the flags and the environment. */
export function resolveMargins(flags: FlagValues, env: Env): BaselineMargins {
  const read = readerOf(MARGIN_TABLE, flags, env, RETIRED_VARIABLES);
  return {
    p95: read.value('margin-p95'),
    p99: read.value('margin-p99'),
    onset429: read.value('margin-onset429'),
    minDeltaMs: read.value('margin-min-delta') * 1000,
  };
}
