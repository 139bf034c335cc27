/**
 * One option table per command: each option declared once (its flag, value name, environment twin,
 * default and help text). The command's flag parsing (lib/cli/cli.ts), its `--help`
 * (lib/cli/help.ts) and its table in the docs (test/docs/options.test.ts) all come from it, and its
 * values are read by one reader (lib/cli/read.ts): flag > environment twin > default. The sandbox's twins are
 * `HARNESS_SANDBOX_<NAME>`, so its data `--seed` never reads the fast-check `HARNESS_SEED`.
 */
import { DEFAULT_REPORTS_DIR } from '../paths.ts';

/** How an option's text becomes its value (lib/cli/kinds.ts): the value, or what is wrong with the text. */
export interface Kind<T> {
  read(text: string): { value: T } | { problem: string };
}

interface Option {
  /** The value's name in `--help` (`FILE`, `N`, `D`); a flag without one is a boolean switch. */
  value?: string;
  /** Repeatable; its twin is a list, split on `separator`. */
  multiple?: true;
  /** @default ',' */
  separator?: string;
  /** The environment twin's name; `false`: this flag has none. @default HARNESS_<FLAG> */
  env?: string | false;
  /** The default value as a user would write it (`20`, `10s`): read when neither flag nor twin is set. */
  default?: string;
  /** A default no value spells (`the scenario's own`, `random, printed`), for help and docs only. */
  defaultIs?: string;
  /** What the option does; `\n` breaks a long help line. */
  help: string;
  /** How its text is read (lib/cli/read.ts); without one, the text itself. */
  kind?: Kind<unknown>;
}

export type OptionTable = Readonly<Record<string, Option>>;

/** Every command's `--reports-dir`, its default defined once (lib/paths.ts). */
export const REPORTS_DIR_OPTION = {
  value: 'DIR',
  default: DEFAULT_REPORTS_DIR,
  help: 'where run folders go',
} as const;

export const envName = (flag: string, prefix = 'HARNESS_'): string =>
  `${prefix}${flag.toUpperCase().replace(/-/g, '_')}`;

/** The twin of `flag` in `table`, or undefined when it has none. */
export function twinOf(table: OptionTable, flag: string): string | undefined {
  const option = table[flag];
  if (option === undefined || option.env === false) return undefined;
  return option.env ?? envName(flag);
}

type ParseConfigOf<O> = O extends { value: string }
  ? O extends { multiple: true }
    ? { type: 'string'; multiple: true }
    : { type: 'string' }
  : { type: 'boolean' };

/** node:util parseArgs's options for a table. */
export type FlagsOf<T extends OptionTable> = { -readonly [K in keyof T]: ParseConfigOf<T[K]> };

export function flagsOf<T extends OptionTable>(table: T): FlagsOf<T> {
  const entries = Object.entries(table).map(([flag, option]) => [
    flag,
    option.value === undefined
      ? { type: 'boolean' }
      : { type: 'string', ...(option.multiple ? { multiple: true } : {}) },
  ]);
  return Object.fromEntries(entries) as FlagsOf<T>;
}

export type FlagValues = Partial<Record<string, string | string[] | boolean | undefined>>;

const flagAndValue = (flag: string, option: Option): string =>
  option.value === undefined ? `--${flag}` : `--${flag} ${option.value}`;

const defaultCell = (option: Option): string =>
  (option.default ?? option.defaultIs ?? '').replaceAll('\n', ' ');

function withDefault(option: Option): string {
  const { default: value, defaultIs, help } = option;
  if (value === undefined && defaultIs === undefined) return help;
  const suffix = value === undefined ? `(default: ${defaultIs ?? ''})` : `(default ${value})`;
  const lastLine = help.split('\n').at(-1) ?? '';
  return `${help}${lastLine.length + suffix.length > 84 ? '\n' : ' '}${suffix}`;
}

/** `[flag and value, help with its default]`, in the table's order, for `--help`. */
export const helpRows = (table: OptionTable): [string, string][] =>
  Object.entries(table).map(([flag, option]) => [flagAndValue(flag, option), withDefault(option)]);

/** The twin as the docs show it: `HARNESS_FAULT (list, ",")`, or empty. */
function twinCell(table: OptionTable, flag: string): string {
  const twin = twinOf(table, flag);
  if (twin === undefined) return '';
  const option = table[flag];
  return option?.multiple ? `\`${twin}\` (list, \`${option.separator ?? ','}\`)` : `\`${twin}\``;
}

/** The table as markdown rows (flag, environment, default, meaning), as the docs print it. */
export function optionsMarkdown(table: OptionTable): string[][] {
  return Object.entries(table).map(([flag, option]) => [
    `\`${flagAndValue(flag, option)}\``,
    twinCell(table, flag),
    defaultCell(option),
    option.help.replaceAll('\n', ' ').trim(),
  ]);
}

/** The environment line of `--help`: which flags read which twin, wrapped under 100 columns. */
export function environmentLine(table: OptionTable): string {
  const twins = Object.keys(table).flatMap((flag) => {
    const twin = twinOf(table, flag);
    return twin === undefined ? [] : [`--${flag} ${twin}`];
  });
  if (twins.length === 0) return 'none of its options reads a variable.';
  const words = twins.map((twin, index) => (index < twins.length - 1 ? `${twin},` : `${twin};`));
  const lines = [''];
  for (const word of [...words, 'a flag wins over its variable.']) {
    const last = lines.length - 1;
    if ((lines[last] ?? '').length + word.length > 84) lines.push(word);
    else lines[last] = lines[last] ? `${lines[last]} ${word}` : word;
  }
  return lines.join('\n');
}

/** The table with every twin not named otherwise renamed `<prefix><FLAG>` (the sandbox's). */
export const withTwinPrefix = <T extends OptionTable>(table: T, prefix: string): T =>
  Object.fromEntries(
    Object.entries(table).map(([flag, option]) => [flag, { env: envName(flag, prefix), ...option }]),
  ) as T;
