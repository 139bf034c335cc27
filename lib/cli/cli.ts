/**
 * CLI manners shared by every command: strict flags with `--help`, one error handler that prints
 * one line and sets the exit code. Exit codes: 0 pass, 1 checks failed, 2 usage or setup error.
 */
import { parseArgs } from 'node:util';
import { HarnessError, isHarnessError } from '../errors.ts';
import type { Redactor } from '../redact.ts';
import { flagsOf, type OptionTable } from './options.ts';
import { targetLine, type RunTarget } from './run-lines.ts';

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
 * `--duration -5s` as `--duration=-5s`: node's parser reads a value starting with a dash as a
 * flag of its own ("argument is ambiguous"), so a negative number never reached the option's own
 * check, which names the option and the value.
 */
function joinNegativeValues(argv: readonly string[], table: OptionTable): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const next = argv[index + 1];
    const takesValue = arg.startsWith('--') && table[arg.slice(2)]?.value !== undefined;
    if (takesValue && next !== undefined && /^-[\d.]/.test(next)) {
      joined.push(`${arg}=${next}`);
      index += 1;
    } else joined.push(arg);
  }
  return joined;
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
      args: joinNegativeValues(argv, table),
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
  if (isHarnessError(error)) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return `internal error: ${text.split('\n')[0]} (set HARNESS_DEBUG=1 for details)`;
}

let activeRedactor: Redactor = (text) => text;

/** Every error printed from now on passes through this redactor (call once the target is loaded). */
export const useRedactor = (redact: Redactor): void => {
  activeRedactor = redact;
};

/**
 * What a job tells its command once the target is open, before any request: the redactor for its
 * keys, and the target as the report names it.
 */
export type OnOpened = (redact: Redactor, target: RunTarget) => void;

/** Every command's start: errors redacted from now on, and the target line (`target: …`). */
export const announceTarget: OnOpened = (redact, target) => {
  useRedactor(redact);
  console.log(targetLine(target));
};

/**
 * A reader that stopped reading (`npm run report -- --list | head -1`) is not the command's error:
 * what it still prints goes nowhere, and its work and exit code stand. Any other stream error is.
 */
function ignoreClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  });
}

/** Runs a command: its resolved number is the exit code; any error becomes one line and exit 2. */
export function runCli(main: () => Promise<number>): void {
  ignoreClosedPipe(process.stdout);
  ignoreClosedPipe(process.stderr);
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
