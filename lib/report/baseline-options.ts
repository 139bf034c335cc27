/**
 * The baseline margins as options: `--margin-p95 0.3` or `HARNESS_MARGIN_P95=0.3`, for every
 * command that takes `--baseline` (report, gate, capacity).
 */
import { resolveOption, type OptionSpec, type Sources } from '../cli/flags.ts';
import type { OptionTable } from '../cli/options.ts';
import { DURATION_EXPECTS, readDuration } from '../duration.ts';
import { HarnessError } from '../errors.ts';
import { DEFAULT_MARGINS, type BaselineMargins } from './baseline.ts';

const nonNegative = (flag: string, fallback: number, expects: string): OptionSpec<number> => ({
  flag,
  default: fallback,
  expects,
  parse: (text) => {
    const value = Number(text);
    return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : undefined;
  },
});

const FRACTION = 'a fraction >= 0, e.g. 0.2 for 20 %';

const minDelta: OptionSpec<number> = {
  flag: 'margin-min-delta',
  default: DEFAULT_MARGINS.minDeltaMs,
  expects: `${DURATION_EXPECTS}, or 0ms`,
  parse: (text) => {
    const reading = readDuration(text, { zero: true });
    return 'seconds' in reading ? reading.seconds * 1000 : undefined;
  },
};

const MARGIN_OPTIONS: Record<keyof BaselineMargins, OptionSpec<number>> = {
  p95: nonNegative('margin-p95', DEFAULT_MARGINS.p95, FRACTION),
  p99: nonNegative('margin-p99', DEFAULT_MARGINS.p99, FRACTION),
  onset429: nonNegative('margin-onset429', DEFAULT_MARGINS.onset429, FRACTION),
  minDeltaMs: minDelta,
};

/** The margin flags' old names: `--margin-min-delta-ms 10` is `--margin-min-delta 10ms` now. */
export const RETIRED_MARGIN_FLAGS = {
  'margin-min-delta-ms': '--margin-min-delta with its unit, e.g. --margin-min-delta 10ms',
};

/** The margin rows of the option table of every command that takes `--baseline`. */
export const MARGIN_TABLE = {
  'margin-p95': {
    value: 'FRACTION',
    default: `${DEFAULT_MARGINS.p95}`,
    help: 'allowed rise of a p95 latency',
  },
  'margin-p99': {
    value: 'FRACTION',
    default: `${DEFAULT_MARGINS.p99}`,
    help: 'allowed rise of a p99 latency',
  },
  'margin-onset429': {
    value: 'FRACTION',
    default: `${DEFAULT_MARGINS.onset429}`,
    help: 'allowed drop of the 429 onset rate',
  },
  'margin-min-delta': {
    value: 'D',
    default: `${DEFAULT_MARGINS.minDeltaMs}ms`,
    help: 'latency rises below this are noise',
  },
} as const satisfies OptionTable;

export function resolveMargins(sources: Sources): BaselineMargins {
  if (sources.env.HARNESS_MARGIN_MIN_DELTA_MS !== undefined)
    throw new HarnessError(
      'HARNESS_MARGIN_MIN_DELTA_MS is now HARNESS_MARGIN_MIN_DELTA, with its unit (e.g. 10ms)',
    );
  return {
    p95: resolveOption(MARGIN_OPTIONS.p95, MARGIN_TABLE, sources),
    p99: resolveOption(MARGIN_OPTIONS.p99, MARGIN_TABLE, sources),
    onset429: resolveOption(MARGIN_OPTIONS.onset429, MARGIN_TABLE, sources),
    minDeltaMs: resolveOption(MARGIN_OPTIONS.minDeltaMs, MARGIN_TABLE, sources),
  };
}
