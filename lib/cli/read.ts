/**
 * The one reader of the option tables: flag > environment twin > the table's default, read by the
 * option's kind (lib/cli/kinds.ts). Every command reads its options through it, so a default is
 * read exactly as the same text given by flag or twin would be; a bad value is one line naming the
 * flag or the variable it came from, the value and what was expected.
 */
import { HarnessError } from '../errors.ts';
import { twinOf, type FlagValues, type Kind, type OptionTable } from './options.ts';

export type Env = Record<string, string | undefined>;

type Read<O> = O extends { kind: Kind<infer V> } ? V : string;
/** An option's value: defined when the table gives a default. */
type ValueOf<O> = O extends { default: string } ? Read<O> : Read<O> | undefined;

/** An environment variable's old name and what to set now. */
export type RetiredVariables = Readonly<Record<string, string>>;

export interface Reader<T extends OptionTable> {
  /** The option's value, read by its kind. */
  value<K extends keyof T & string>(flag: K): ValueOf<T[K]>;
  /** Whether the flag or its twin sets it (its default does not). */
  given(flag: keyof T & string): boolean;
  /** A repeatable option's values, else its twin's as a list. */
  list(flag: keyof T & string): string[];
  /** A switch: the flag, or its twin set to `1`. */
  on(flag: keyof T & string): boolean;
}

/** A flag's text, else its twin's (an empty variable is unset), else undefined. */
function givenText(table: OptionTable, flags: FlagValues, env: Env, flag: string): string | undefined {
  const value = flags[flag];
  if (typeof value === 'string') return value;
  const twin = twinOf(table, flag);
  return (twin === undefined ? undefined : env[twin]) || undefined;
}

/** A repeatable flag's values, else its twin's as a list (split on the option's separator). */
function givenList(table: OptionTable, flags: FlagValues, env: Env, flag: string): string[] {
  const value = flags[flag];
  if (Array.isArray(value)) return value;
  const twin = twinOf(table, flag);
  const separator = table[flag]?.separator ?? ',';
  return (twin === undefined ? undefined : env[twin])?.split(separator).filter(Boolean) ?? [];
}

/** `text` read by `kind`, or one line naming where it came from (`origin`: `--duration`). */
export function readAs<T>(kind: Kind<T>, text: string, origin: string): T {
  const reading = kind.read(text);
  if ('problem' in reading) throw new HarnessError(`${origin}: "${text}" ${reading.problem}`);
  return reading.value;
}

/** Where a value came from, as the error names it. */
function origin(table: OptionTable, flags: FlagValues, env: Env, flag: string): string {
  if (typeof flags[flag] === 'string') return `--${flag}`;
  const twin = twinOf(table, flag);
  if (twin !== undefined && env[twin]) return twin;
  return `--${flag} (its default)`;
}

/** Refuses an old variable in one line naming its successor, as parseFlags refuses an old flag. */
function refuseRetired(env: Env, retired: RetiredVariables): void {
  for (const [name, now] of Object.entries(retired))
    if (env[name]) throw new HarnessError(`${name} is ${now}`);
}

/** The reader of `table`'s options from parsed `flags` and `env`. */
export function readerOf<T extends OptionTable>(
  table: T,
  flags: FlagValues,
  env: Env,
  retired: RetiredVariables = {},
): Reader<T> {
  refuseRetired(env, retired);
  return {
    value<K extends keyof T & string>(flag: K) {
      const text = givenText(table, flags, env, flag) ?? table[flag]?.default;
      const kind = table[flag]?.kind;
      if (text === undefined || kind === undefined) return text as ValueOf<T[K]>;
      return readAs(kind, text, origin(table, flags, env, flag)) as ValueOf<T[K]>;
    },
    given: (flag) => givenText(table, flags, env, flag) !== undefined,
    list: (flag) => givenList(table, flags, env, flag),
    on: (flag) => {
      const twin = twinOf(table, flag);
      return flags[flag] === true || (twin !== undefined && env[twin] === '1');
    },
  };
}
