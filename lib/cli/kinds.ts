/**
 * The kinds of option values (an option table's `kind`): each reads an option's text to its value
 * or says what is wrong, after the quoted text (`"-3" is not valid; expected …`). The reader
 * (lib/cli/read.ts) puts the option's name in front.
 */
import { DURATION_EXPECTS, readDuration } from '../duration.ts';
import type { Kind } from './options.ts';

const invalid = (expects: string) => ({ problem: `is not valid; expected ${expects}` });

/** What is wrong with a number read whole but out of `min`..: negative, zero, or just out of range. */
function outOfRange(value: number, min: number, expects: string) {
  if (value < min && min >= 0 && value <= 0)
    return { problem: `must be ${min > 0 ? 'positive' : '0 or more'}; expected ${expects}` };
  return { problem: `is out of range; expected ${expects}` };
}

/** An integer from min to max; `unit` names it in the error (`requests per second`). */
export const integer = (min: number, max: number, unit = 'an integer'): Kind<number> => ({
  read: (text) => {
    const value = Number(text);
    const expects = `${unit} from ${min} to ${max}`;
    if (!/^-?\d+$/.test(text.trim())) return invalid(expects);
    return value >= min && value <= max ? { value } : outOfRange(value, min, expects);
  },
});

/** A number, 0 or more, fractions allowed (the sandbox's sizes: its own checks bound them). */
export const nonNegativeNumber: Kind<number> = {
  read: (text) =>
    /^\d+(\.\d+)?$/.test(text.trim())
      ? { value: Number(text) }
      : /^-\d+(\.\d+)?$/.test(text.trim())
        ? { problem: 'must be 0 or more; expected a number, 0 or more' }
        : invalid('a number, 0 or more'),
};

/** A number above `min` (`e.g.` shows one). */
export const numberAbove = (min: number, example: string): Kind<number> => ({
  read: (text) => {
    const value = Number(text);
    return text.trim() !== '' && Number.isFinite(value) && value > min
      ? { value }
      : invalid(`a number above ${min}, e.g. ${example}`);
  },
});

/** A fraction, 0 or more (`0.2` for 20 %). */
export const fraction: Kind<number> = {
  read: (text) => {
    const value = Number(text);
    return text.trim() !== '' && Number.isFinite(value) && value >= 0
      ? { value }
      : invalid('a fraction >= 0, e.g. 0.2 for 20 %');
  },
};

/** A duration with its unit, in seconds (`zero`: `0s` allowed). */
export const seconds = ({ zero = false } = {}): Kind<number> => ({
  read: (text) => {
    const reading = readDuration(text, { zero });
    return 'seconds' in reading ? { value: reading.seconds } : reading;
  },
});

/** A duration with its unit, in milliseconds, from minMs to maxMs. */
export const milliseconds = (minMs: number, maxMs: number): Kind<number> => ({
  read: (text) => {
    const reading = readDuration(text, { zero: minMs === 0 });
    if (!('seconds' in reading)) return reading;
    const ms = Math.round(reading.seconds * 1000);
    return ms >= minMs && ms <= maxMs
      ? { value: ms }
      : { problem: `is out of range; expected ${DURATION_EXPECTS}, from ${minMs}ms to ${maxMs / 1000}s` };
  },
});

/** A share written as a percentage (`1%`, `0.5%`, `0%`), as a fraction; the `%` is required. */
export const percent: Kind<number> = {
  read: (text) => {
    const match = /^(\d+(?:\.\d+)?)%$/.exec(text.trim());
    const value = match ? Number(match[1]) : NaN;
    return value >= 0 && value <= 100
      ? { value: value / 100 }
      : invalid('a percentage from 0% to 100%, like 1% or 0.5%');
  },
};

/** Text matching `pattern`. */
export const matching = (pattern: RegExp, expects: string): Kind<string> => ({
  read: (text) => (pattern.test(text) ? { value: text } : invalid(expects)),
});

/** One of `names`. */
export const oneOf = <Name extends string>(names: readonly Name[]): Kind<Name> => ({
  read: (text) =>
    (names as readonly string[]).includes(text)
      ? { value: text as Name }
      : { problem: `is unknown; choose from ${names.join(', ')}` },
});

/** A `name=value,…` spec read by `parse`, which throws what is wrong with it. */
export const spec = <T>(parse: (text: string) => T): Kind<T> => ({
  read: (text) => {
    try {
      return { value: parse(text) };
    } catch (error) {
      // The parser's own line names the option; the reader names it once, in front.
      return { problem: `is not valid: ${(error as Error).message.replace(/^option [^:]+: /, '')}` };
    }
  },
});
