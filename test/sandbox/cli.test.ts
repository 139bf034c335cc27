import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { bundledArgs } from '../setup/command.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run sandbox` (its bundle, test/setup/command.ts); `untilOutput` waits (bounded) for a line on stdout, then
 * sends SIGTERM, as a person pressing Ctrl-C would.
 */
function runCli(args: string[], untilOutput?: RegExp, env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(process.execPath, bundledArgs('sandbox', args), {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  // Once only: a second SIGTERM would (rightly) end the process without a clean close.
  let signalled = false;
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  child.stdout.on('data', (chunk: Buffer) => {
    run.stdout += chunk.toString();
    if (untilOutput?.test(run.stdout) && !signalled) signalled = child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ ...run, code });
    }),
  );
}

// Concurrent: each case is a separate process, mostly waiting for Node to load the harness.
describe.concurrent('npm run sandbox', () => {
  it('should start, print its base URL and target file (never a key), and stop on SIGTERM', async () => {
    const targetOut = join(dir, 'target.json');
    const run = await runCli(
      ['--port', '0', '--orders', '100', '--fault', 'page-overflow', '--target-out', targetOut],
      /target file: /,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^sandbox listening at http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    expect(run.stdout).toContain(`target file: ${targetOut}`);
    expect(run.stdout).toMatch(/^faults on: page-overflow \(a page carries limit \+ 1 records/m);
    const target = JSON.parse(readFileSync(targetOut, 'utf8')) as {
      tenants: { keys: Record<string, { value: string }> }[];
    };
    for (const key of target.tenants.flatMap((tenant) => Object.values(tenant.keys)))
      expect(run.stdout + run.stderr).not.toContain(key.value);
  });

  it('should list the faults as JSON', async () => {
    const run = await runCli(['--list-faults', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(FAULTS);
  });

  it.each([
    [['--bogus'], /^error: Unknown option '--bogus'/],
    [['--orders', 'many'], /^error: --orders: "many" is not valid; expected a number, 0 or more\n$/],
    [['--orders', '-5'], /^error: --orders: "-5" must be 0 or more; expected a number, 0 or more\n$/],
  ])('should reject %j with one line and exit code 2', async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it.each(['HARNESS_SANDBOX_FAULT', 'SANDBOX_FAULT'])(
    'should read an option from %s when the flag is absent',
    async (variable) => {
      const run = await runCli([], undefined, { [variable]: 'nope' });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error: unknown fault "nope"; valid faults: page-boundary-duplicate, /);
    },
  );
});
