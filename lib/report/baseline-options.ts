/**
 * The baseline margins as options: `--margin-p95 0.3` or `HARNESS_MARGIN_P95=0.3`, for every
 * command that takes `--baseline` (report, gate, capacity).
 */
import { resolveOption, type OptionSpec, type Sources } from '../config.ts';
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

const MARGIN_OPTIONS: Record<keyof BaselineMargins, OptionSpec<number>> = {
  p95: nonNegative('margin-p95', 'allowed rise of a p95 latency', DEFAULT_MARGINS.p95, FRACTION),
  p99: nonNegative('margin-p99', 'allowed rise of a p99 latency', DEFAULT_MARGINS.p99, FRACTION),
  onset429: nonNegative(
    'margin-onset429',
    'allowed drop of the 429 onset rate',
    DEFAULT_MARGINS.onset429,
    FRACTION,
  ),
  minDeltaMs: nonNegative(
    'margin-min-delta-ms',
    'latency rises below this many ms are noise',
    DEFAULT_MARGINS.minDeltaMs,
    'milliseconds >= 0',
  ),
};

/** For node:util parseArgs: every margin flag as a string option. */
export const MARGIN_FLAGS = Object.fromEntries(
  Object.values(MARGIN_OPTIONS).map((spec) => [spec.flag, { type: 'string' as const }]),
);

export function resolveMargins(sources: Sources): BaselineMargins {
  return {
    p95: resolveOption(MARGIN_OPTIONS.p95, sources),
    p99: resolveOption(MARGIN_OPTIONS.p99, sources),
    onset429: resolveOption(MARGIN_OPTIONS.onset429, sources),
    minDeltaMs: resolveOption(MARGIN_OPTIONS.minDeltaMs, sources),
  };
}

/** Help lines: `  --margin-p95 FRACTION      allowed rise of a p95 latency (default 0.2)`. */
/** The margin flags as help options: `[flag and value, description (default)]`. */
export const marginOptions = (): [string, string][] =>
  Object.values(MARGIN_OPTIONS).map((spec) => [
    `--${spec.flag} ${spec.flag.endsWith('-ms') ? 'MS' : 'FRACTION'}`,
    `${spec.description} (default ${spec.default})`,
  ]);
