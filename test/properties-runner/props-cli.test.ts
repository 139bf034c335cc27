import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../lib/report/model.ts';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { bundledArgs } from '../setup/command.ts';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

// Run folders go to a temporary reports directory, never the checkout's reports/.
const REPORTS_DIR = mkdtempSync(join(tmpdir(), 'props-cli-reports-'));

async function props(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, bundledArgs('props', args), {
      timeout: 60_000,
      env: { ...process.env, HARNESS_REPORTS_DIR: REPORTS_DIR },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The harness's own error lines, without npm's configuration warnings. */
const errorLines = (stderr: string) =>
  stderr.split('\n').filter((line) => line.startsWith('error: ') || line.includes('    at '));

// Each case is its own process: run them side by side.
describe.concurrent('npm run props', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'props-cli-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('should exit 1, print the failing property and write its reproduction when a fault is on', async () => {
    const { code, stdout } = await props(
      '--fault',
      'revoked-key-works',
      '--property',
      'auth.revoked-key',
      '--seed',
      '5',
    );
    expect(stdout).toMatch(/^FAIL auth\.revoked-key: key-rejected: .* \(seed 5, path [\d:]+\)$/m);
    const reports = REPORTS_DIR.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(stdout).toMatch(
      new RegExp(`^reproduction: ${reports}/\\d{8}T\\d{6}Z?-props-[^/]+/repro-auth\\.revoked-key\\.sh$`, 'm'),
    );
    // The run folder holds the one summary schema too, so npm run report re-renders it.
    const runDir = new RegExp(`^report: (${reports}/[^/]+)/report\\.html$`, 'm').exec(stdout)?.[1] ?? '';
    const summary = JSON.parse(readFileSync(join(runDir, 'summary.json'), 'utf8')) as Summary;
    expect(summary).toMatchObject({ command: 'props', verdict: 'fail', exitCode: 1 });
    expect(summary.checks.find((check) => check.name === 'auth.revoked-key')?.replay).toMatch(
      /^npm run props -- --fault revoked-key-works --property auth\.revoked-key --seed 5 /,
    );
    expect(existsSync(join(runDir, 'junit.xml'))).toBe(true);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(`report: ${runDir}/report.html`);
    expect(code).toBe(1);
  });

  it('should exit 0 with a PASS line per property of a family on the clean sandbox', async () => {
    const { code, stdout } = await props('--property', 'auth', '--runs', '3');
    const auth = ALL_PROPERTIES.filter((property) => property.name.startsWith('auth.'));
    expect(stdout.match(/^PASS auth\./gm)).toHaveLength(auth.length);
    expect(code).toBe(0);
  });

  it('should print props.json with --json', async () => {
    const { code, stdout } = await props('--property', 'errors.shape', '--runs', '2', '--json');
    expect(JSON.parse(stdout.slice(stdout.indexOf('{')))).toMatchObject({
      counts: { passed: 1, failed: 0, skipped: 0 },
    });
    expect(code).toBe(0);
  });

  it('should say in one line, exit 2, when the target does not answer', async () => {
    const file = join(directory, 'down.json');
    const target = {
      baseUrl: 'http://127.0.0.1:9/api/v1',
      apiKeyHeader: 'X-Down-Api-Key',
      load: { allowed: false, maxRps: 1 },
    };
    await writeFile(
      file,
      JSON.stringify({
        ...target,
        tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'secret-key-value-1234' } } }],
      }),
    );
    const { code, stderr } = await props('--target', file);
    expect(errorLines(stderr)).toEqual([
      expect.stringMatching(/^error: cannot reach http:\/\/127\.0\.0\.1:9 /),
    ]);
    expect(stderr).not.toContain('secret-key-value-1234');
    expect(code).toBe(2);
  });

  it.each([
    [['--bogus'], /^error: .*--bogus.*--help/],
    [['--path', '0:1'], /^error: --path replays one counterexample/],
    [['--property', 'no-such-property'], /^error: unknown property "no-such-property"/],
    [['--runs', 'many'], /^error: --runs: "many" is not valid/],
    [['--target', '/no/such/target.json'], /^error: target file \/no\/such\/target\.json cannot be read/],
  ])('should reject %j as a usage error in one line, exit 2', async (args, message) => {
    const { code, stderr } = await props(...args);
    expect(errorLines(stderr)).toEqual([expect.stringMatching(message)]);
    expect(code).toBe(2);
  });
});
