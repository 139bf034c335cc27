/**
 * The one module that owns option defaults and their precedence: flag > environment > target
 * file > default. Each option has one flag and one environment variable of the same name
 * (`--time-budget` / `HARNESS_TIME_BUDGET`). An invalid value fails at once, naming the option,
 * the value and what was expected.
 */
import { DURATION_EXPECTS, parseDurationS } from './duration.ts';
import { HarnessError } from './errors.ts';

export interface OptionSpec<T> {
  /** Flag name without dashes, kebab-case. */
  flag: string;
  description: string;
  default: T;
  parse(text: string): T | undefined;
  /** What a valid value looks like, for the error message. */
  expects: string;
}

export const envName = (flag: string): string => `HARNESS_${flag.toUpperCase().replace(/-/g, '_')}`;

export type Sources = {
  flags: Record<string, string | undefined>;
  env: Record<string, string | undefined>;
  fromTarget?: Record<string, string | undefined>;
};

export function resolveOption<T>(spec: OptionSpec<T>, sources: Sources): T {
  const candidates: [string, string | undefined][] = [
    [`--${spec.flag}`, sources.flags[spec.flag]],
    [envName(spec.flag), sources.env[envName(spec.flag)]],
    [`target file ${spec.flag}`, sources.fromTarget?.[spec.flag]],
  ];
  for (const [origin, text] of candidates) {
    if (text === undefined) continue;
    const value = spec.parse(text);
    if (value === undefined)
      throw new HarnessError(`${origin}: "${text}" is not valid; expected ${spec.expects}`);
    return value;
  }
  return spec.default;
}

export const integerOption = (
  flag: string,
  description: string,
  fallback: number,
  min: number,
  max: number,
): OptionSpec<number> => ({
  flag,
  description,
  default: fallback,
  expects: `an integer from ${min} to ${max}`,
  parse: (text) => {
    const value = Number(text);
    return /^-?\d+$/.test(text) && value >= min && value <= max ? value : undefined;
  },
});

export const stringOption = (flag: string, description: string, fallback: string): OptionSpec<string> => ({
  flag,
  description,
  default: fallback,
  expects: 'a non-empty string',
  parse: (text) => (text.length > 0 ? text : undefined),
});

/** `--reports-dir DIR` / `HARNESS_REPORTS_DIR`: where every command's run folders go. @default reports */
export const REPORTS_DIR_OPTION = stringOption('reports-dir', 'where run folders go', 'reports');

/** A duration with its unit (`10s`, `500ms`), in milliseconds, from minMs to maxMs. */
export const durationMsOption = (
  flag: string,
  description: string,
  fallbackMs: number,
  minMs: number,
  maxMs: number,
): OptionSpec<number> => ({
  flag,
  description,
  default: fallbackMs,
  expects: `${DURATION_EXPECTS}, from ${minMs}ms to ${maxMs / 1000}s`,
  parse: (text) => {
    const seconds = parseDurationS(text);
    const ms = seconds === undefined ? NaN : Math.round(seconds * 1000);
    return ms >= minMs && ms <= maxMs ? ms : undefined;
  },
});
