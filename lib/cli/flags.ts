/**
 * Reading flag values with their HARNESS_<FLAG> twins, for the load, capacity and repro commands: a
 * flag wins over the environment, and a bad value fails at once with one line naming the flag,
 * the value and what was expected.
 */
import { envName } from '../config.ts';
import { HarnessError } from '../errors.ts';
import { readDuration } from '../duration.ts';

type Env = Record<string, string | undefined>;
export type FlagValues = Partial<Record<string, string | string[] | boolean | undefined>>;

export function flagText(flags: FlagValues, env: Env, flag: string): string | undefined {
  const value = flags[flag];
  if (typeof value === 'string') return value;
  return env[envName(flag)] || undefined;
}

/** A repeatable flag, or its environment twin as a list (comma-separated unless told). */
export function flagList(flags: FlagValues, env: Env, flag: string, separator = ','): string[] {
  const value = flags[flag];
  if (Array.isArray(value)) return value;
  return env[envName(flag)]?.split(separator).filter(Boolean) ?? [];
}

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
