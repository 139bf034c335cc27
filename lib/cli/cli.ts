/**
 * CLI manners shared by every command: strict flags with `--help`, one error handler that prints
 * one line and sets the exit code. Exit codes: 0 pass, 1 checks failed, 2 usage or setup error.
 */
import { parseArgs } from 'node:util';
import { HarnessError } from '../errors.ts';
import type { Redactor } from '../redact.ts';
import { flagsOf, type OptionTable } from './options.ts';

export const EXIT = { pass: 0, checksFailed: 1, usage: 2 } as const;

/** A flag's old name and what to write now, e.g. `{ out: '--reports-dir DIR …' }`. */
export type RetiredFlags = Readonly<Record<string, string>>;

/** An old flag name is refused in one line that says what replaced it, never read quietly. */
function refuseRetired(argv: readonly string[], retired: RetiredFlags): void {
  const end = argv.indexOf('--');
  for (const arg of end < 0 ? argv : argv.slice(0, end)) {
    const name = /^--([^=]+)/.exec(arg)?.[1];
    const now = name === undefined ? undefined : retired[name];
    if (now !== undefined) throw new HarnessError(`--${name ?? ''} is now ${now}`);
  }
}

/**
 * Parses argv strictly by the command's option table; `--help` prints the usage and exits 0, an unknown flag is a one-line error,
 * a retired one a line naming its successor.
 */
export function parseFlags<T extends OptionTable>(
  table: T,
  usage: string,
  { argv = process.argv.slice(2), retired = {} }: { argv?: string[]; retired?: RetiredFlags } = {},
) {
  refuseRetired(argv, retired);
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...flagsOf(table), help: { type: 'boolean' } },
      strict: true,
    });
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(EXIT.pass);
    }
    return parsed.values;
  } catch (error) {
    if (error instanceof TypeError && 'code' in error)
      throw new HarnessError(`${(error as Error).message.split('\n')[0]}; run with --help for the options`);
    throw error;
  }
}

/** The one line a user sees for an error; a stack only when HARNESS_DEBUG=1. */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.name === 'HarnessError') return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `internal error: ${text.split('\n')[0]} (set HARNESS_DEBUG=1 for details)`;
}

let activeRedactor: Redactor = (text) => text;

/** Every error printed from now on passes through this redactor (call once the target is loaded). */
export const useRedactor = (redact: Redactor): void => {
  activeRedactor = redact;
};

/** Runs a command: its resolved number is the exit code; any error becomes one line and exit 2. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      for (const line of describeError(error).split('\n')) console.error(activeRedactor(`error: ${line}`));
      if (process.env.HARNESS_DEBUG === '1' && error instanceof Error)
        console.error(activeRedactor(error.stack ?? ''));
      process.exitCode = EXIT.usage;
    },
  );
}
