/**
 * The baseline margins as options: `--margin-p95 0.3` or `HARNESS_MARGIN_P95=0.3`, for every
 * command that takes `--baseline` (report, gate, capacity).
 */
import { resolveOption, type OptionSpec, type Sources } from '../config.ts';
import { DURATION_EXPECTS, readDuration } from '../duration.ts';
import { HarnessError } from '../errors.ts';
import { DEFAULT_MARGINS, type BaselineMargins } from './baseline.ts';

const nonNegative = (
  flag: string,
  description: string,
  fallback: number,
  expects: string,
): OptionSpec<number> => ({
  flag,
  description,
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
  description: 'latency rises below this are noise',
  default: DEFAULT_MARGINS.minDeltaMs,
  expects: `${DURATION_EXPECTS}, or 0ms`,
  parse: (text) => {
    const reading = readDuration(text, { zero: true });
    return 'seconds' in reading ? reading.seconds * 1000 : undefined;
  },
};

const MARGIN_OPTIONS: Record<keyof BaselineMargins, OptionSpec<number>> = {
  p95: nonNegative('margin-p95', 'allowed rise of a p95 latency', DEFAULT_MARGINS.p95, FRACTION),
  p99: nonNegative('margin-p99', 'allowed rise of a p99 latency', DEFAULT_MARGINS.p99, FRACTION),
  onset429: nonNegative(
    'margin-onset429',
    'allowed drop of the 429 onset rate',
    DEFAULT_MARGINS.onset429,
    FRACTION,
  ),
  minDeltaMs: minDelta,
};

/** The margin flags' old names: `--margin-min-delta-ms 10` is `--margin-min-delta 10ms` now. */
export const RETIRED_MARGIN_FLAGS = {
  'margin-min-delta-ms': '--margin-min-delta with its unit, e.g. --margin-min-delta 10ms',
};

/** For node:util parseArgs: every margin flag as a string option. */
export const MARGIN_FLAGS = Object.fromEntries(
  Object.values(MARGIN_OPTIONS).map((spec) => [spec.flag, { type: 'string' as const }]),
);

export function resolveMargins(sources: Sources): BaselineMargins {
  if (sources.env.HARNESS_MARGIN_MIN_DELTA_MS !== undefined)
    throw new HarnessError(
      'HARNESS_MARGIN_MIN_DELTA_MS is now HARNESS_MARGIN_MIN_DELTA, with its unit (e.g. 10ms)',
    );
  return {
    p95: resolveOption(MARGIN_OPTIONS.p95, sources),
    p99: resolveOption(MARGIN_OPTIONS.p99, sources),
    onset429: resolveOption(MARGIN_OPTIONS.onset429, sources),
    minDeltaMs: resolveOption(MARGIN_OPTIONS.minDeltaMs, sources),
  };
}

/** The margin flags as help options: `['--margin-p95 FRACTION', 'allowed rise … (default 0.2)']`. */
export const marginOptions = (): [string, string][] =>
  Object.values(MARGIN_OPTIONS).map((spec) =>
    spec === minDelta
      ? [`--${spec.flag} D`, `${spec.description} (default ${spec.default}ms)`]
      : [`--${spec.flag} FRACTION`, `${spec.description} (default ${spec.default})`],
  );
