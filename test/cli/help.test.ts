/**
 * Every command's `--help` in the one layout (lib/cli/help.ts), read as a user reads it: the
 * command started with `--help`. Usage first, what it does, Options with --help, Environment,
 * two or three Examples, and Exit codes naming 0 and 2, in that order; exit 0.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tsxCommandArgs } from '../setup/command.ts';

const COMMANDS = [
  'gate',
  'props',
  'load',
  'capacity',
  'repro',
  'sandbox',
  'report',
  'bench',
  'build',
  'check-licences',
  'check',
  'install-artillery',
];

const run = promisify(execFile);
async function helpOf(command: string): Promise<{ text: string; stderr: string }> {
  // As `npm run <command>` runs it (tsx on the sources): the one test of that path for every
  // command; the other tests spawn the commands' bundles (test/setup/command.ts).
  const { stdout, stderr } = await run(process.execPath, tsxCommandArgs(command, ['--help']), {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { text: stdout.trimEnd(), stderr };
}

/** The lines of a section: after its heading line, up to the next blank line. */
function section(lines: string[], heading: string): string[] {
  const start = lines.findIndex((line) => line === heading);
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && line === '');
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

describe('--help of every command', () => {
  const helps = Promise.all(COMMANDS.map(async (command) => [command, await helpOf(command)] as const));

  it.each(COMMANDS)('should show %s in the one layout', { timeout: 120_000 }, async (command) => {
    const found = (await helps).find(([name]) => name === command);
    expect(found, command).toBeDefined();
    const { text, stderr } = found?.[1] ?? { text: '', stderr: '' };
    expect(stderr.replace(/npm warn.*\n?/g, '')).toBe('');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Usage: (npm|npx) /);
    const headings = ['Options:', 'Examples:'].map((heading) => lines.indexOf(heading));
    const environment = lines.findIndex((line) => line.startsWith('Environment: '));
    const exitCodes = lines.findIndex((line) => line.startsWith('Exit codes: '));
    const order = [headings[0], environment, headings[1], exitCodes];
    expect(
      order.every((index) => index !== undefined && index > 0),
      `${command}: ${order.join(',')}`,
    ).toBe(true);
    expect([...order].sort((a = 0, b = 0) => a - b)).toEqual(order);
    const options = section(lines, 'Options:');
    expect(options.at(-1)).toMatch(/^ {2}--help +show this help$/);
    for (const line of options.filter((entry) => /^ {2}--/.test(entry)))
      expect(line, `${command}: an option without a description`).toMatch(/^ {2}--\S+( \S+)? {2,}\S/);
    const examples = section(lines, 'Examples:');
    expect(examples.length, `${command} examples`).toBeGreaterThanOrEqual(2);
    expect(examples.length, `${command} examples`).toBeLessThanOrEqual(3);
    for (const example of examples) expect(example).toMatch(/^ {2}(npm|npx) /);
    const exit = lines.slice(exitCodes).join(' ');
    expect(exit).toMatch(/\b0 /);
    expect(exit).toMatch(/\b2 /);
  });
});
