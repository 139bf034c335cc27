/**
 * Typed readers of an option's text (lib/cli/options.ts finds it: flag > environment twin >
 * default): a bad value fails at once with one line naming the option, the value and what was
 * expected.
 */
import { DURATION_EXPECTS, parseDurationS, readDuration } from '../duration.ts';
import { HarnessError } from '../errors.ts';
import { optionText, twinOf, type FlagValues, type OptionTable } from './options.ts';

export interface OptionSpec<T> {
  /** Flag name without dashes, kebab-case. */
  flag: string;
  default: T;
  parse(text: string): T | undefined;
  /** What a valid value looks like, for the error message. */
  expects: string;
}

export type Sources = {
  flags: FlagValues;
  env: Record<string, string | undefined>;
};

/** The option's value as `spec` parses it: flag > its twin in `table` > the spec's default. */
export function resolveOption<T>(spec: OptionSpec<T>, table: OptionTable, { flags, env }: Sources): T {
  const text = optionText(table, flags, env, spec.flag);
  if (text === undefined) return spec.default;
  const value = spec.parse(text);
  if (value === undefined) {
    const origin = typeof flags[spec.flag] === 'string' ? `--${spec.flag}` : twinOf(table, spec.flag);
    throw new HarnessError(`${origin ?? spec.flag}: "${text}" is not valid; expected ${spec.expects}`);
  }
  return value;
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
