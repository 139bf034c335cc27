/**
 * Typed readers of an option's text (lib/cli/options.ts finds the text: flag > environment twin >
 * default): a bad value fails at once with one line naming the option, the value and what was
 * expected.
 */
import { DURATION_EXPECTS, parseDurationS, readDuration } from '../duration.ts';
import { HarnessError } from '../errors.ts';
import { envName } from './options.ts';

export interface OptionSpec<T> {
  /** Flag name without dashes, kebab-case. */
  flag: string;
  default: T;
  parse(text: string): T | undefined;
  /** What a valid value looks like, for the error message. */
  expects: string;
}

export type Sources = {
  flags: Record<string, string | undefined>;
  env: Record<string, string | undefined>;
};

/** The flag's value, else its HARNESS_<FLAG> twin's, else the spec's default. */
export function resolveOption<T>(spec: OptionSpec<T>, sources: Sources): T {
  const candidates: [string, string | undefined][] = [
    [`--${spec.flag}`, sources.flags[spec.flag]],
    [envName(spec.flag), sources.env[envName(spec.flag)]],
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
  fallback: number,
  min: number,
  max: number,
): OptionSpec<number> => ({
  flag,
  default: fallback,
  expects: `an integer from ${min} to ${max}`,
  parse: (text) => {
    const value = Number(text);
    return /^-?\d+$/.test(text) && value >= min && value <= max ? value : undefined;
  },
});

export const stringOption = (flag: string, fallback: string): OptionSpec<string> => ({
  flag,
  default: fallback,
  expects: 'a non-empty string',
  parse: (text) => (text.length > 0 ? text : undefined),
});

/** `--reports-dir DIR` / `HARNESS_REPORTS_DIR`: where every command's run folders go. @default reports */
export const REPORTS_DIR_OPTION = stringOption('reports-dir', 'reports');

/** A duration with its unit (`10s`, `500ms`), in milliseconds, from minMs to maxMs. */
export const durationMsOption = (
  flag: string,
  fallbackMs: number,
  minMs: number,
  maxMs: number,
): OptionSpec<number> => ({
  flag,
  default: fallbackMs,
  expects: `${DURATION_EXPECTS}, from ${minMs}ms to ${maxMs / 1000}s`,
  parse: (text) => {
    const seconds = parseDurationS(text);
    const ms = seconds === undefined ? NaN : Math.round(seconds * 1000);
    return ms >= minMs && ms <= maxMs ? ms : undefined;
  },
});

export function flagInteger<Fallback extends number | undefined>(
  flag: string,
  value: string | undefined,
  fallback: Fallback,
  [min, max]: readonly [number, number],
  unit = 'an integer',
): number | Fallback {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max)
    throw new HarnessError(`--${flag}: "${value}" is not valid; expected ${unit} from ${min} to ${max}`);
  return number;
}

/** A duration flag in seconds: `undefined` gives the fallback, a bad value one line naming the flag. */
export function flagSeconds<Fallback extends number | undefined>(
  flag: string,
  value: string | undefined,
  fallback: Fallback,
): number | Fallback {
  if (value === undefined) return fallback;
  const reading = readDuration(value);
  if ('problem' in reading) throw new HarnessError(`--${flag}: "${value}" ${reading.problem}`);
  return reading.seconds;
}

/** A share written as a percentage (`1%`, `0.5%`, `0%`), as a fraction; the `%` is required. */
export function flagPercent(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const match = /^(\d+(?:\.\d+)?)%$/.exec(value.trim());
  const percent = match ? Number(match[1]) : NaN;
  if (!(percent >= 0 && percent <= 100))
    throw new HarnessError(
      `--${flag}: "${value}" is not valid; expected a percentage from 0% to 100%, like 1% or 0.5%`,
    );
  return percent / 100;
}
