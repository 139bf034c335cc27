/**
 * Every command's `--help` in one layout: Usage, what it does, Options (each with its default),
 * Environment (the twins), Examples, Exit codes. The options and their twins come from the
 * command's option table (lib/cli/options.ts); `--help` itself is always listed last.
 * test/cli/help.test.ts reads every command's help and holds it to this layout.
 */
import { environmentLine, helpRows, type OptionTable } from './options.ts';

export interface Help {
  /** The usage lines after `Usage: `, e.g. `npm run load -- [options]`. */
  usage: readonly string[];
  /** What the command does, a few lines. */
  about: string;
  /** The command's option table. */
  options: OptionTable;
  /** Said after the twins, e.g. how a list variable is separated. */
  environment?: string;
  /** Two or three commands to copy. */
  examples: readonly string[];
  /** `0 …, 1 …, 2 …`. */
  exitCodes: string;
}

/** Renders the layout; continuation lines of a long description are indented under it. */
export function renderHelp(help: Help): string {
  const options = [...helpRows(help.options), ['--help', 'show this help'] as const];
  const width = Math.max(...options.map(([flag]) => flag.length)) + 2;
  const optionLines = options.map(
    ([flag, description]) =>
      `  ${flag.padEnd(width)}${description.replaceAll('\n', `\n  ${' '.repeat(width)}`)}`,
  );
  const environment = [environmentLine(help.options), help.environment].filter(Boolean).join('\n');
  const [first, ...more] = help.usage;
  return [
    `Usage: ${first ?? ''}`,
    ...more.map((line) => `       ${line}`),
    '',
    help.about,
    '',
    'Options:',
    ...optionLines,
    '',
    `Environment: ${environment}`,
    '',
    'Examples:',
    ...help.examples.map((example) => `  ${example}`),
    '',
    `Exit codes: ${help.exitCodes}`,
  ].join('\n');
}
