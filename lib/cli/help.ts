/**
 * Every command's `--help` in one layout: Usage, what it does, Options (each with its default),
 * Environment (the twins), Examples, Exit codes. `--help` itself is always listed last among the
 * options. test/cli/help.test.ts reads every command's help and holds it to this layout.
 */

export interface Help {
  /** The usage lines after `Usage: `, e.g. `npm run load -- [options]`. */
  usage: readonly string[];
  /** What the command does, a few lines. */
  about: string;
  /** `[flag and value, description with its default]`. */
  options: readonly (readonly [string, string])[];
  /** Where each option's twin comes from, e.g. every option also reads HARNESS_<NAME>. */
  environment: string;
  /** Two or three commands to copy. */
  examples: readonly string[];
  /** `0 …, 1 …, 2 …`. */
  exitCodes: string;
}

/** The environment line of every command whose options read HARNESS_<NAME> twins. */
export const HARNESS_TWINS = (example: string): string =>
  `every option also reads HARNESS_<NAME> (e.g. ${example}); a flag wins over its variable.`;

/** Renders the layout; continuation lines of a long description are indented under it. */
export function renderHelp(help: Help): string {
  const options = [...help.options, ['--help', 'show this help'] as const];
  const width = Math.max(...options.map(([flag]) => flag.length)) + 2;
  const optionLines = options.map(
    ([flag, description]) =>
      `  ${flag.padEnd(width)}${description.replaceAll('\n', `\n  ${' '.repeat(width)}`)}`,
  );
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
    `Environment: ${help.environment}`,
    '',
    'Examples:',
    ...help.examples.map((example) => `  ${example}`),
    '',
    `Exit codes: ${help.exitCodes}`,
  ].join('\n');
}
