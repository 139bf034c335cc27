/** The command line: one-line errors with exit 2, `--help` with exit 0 (asserted on exit codes). */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOAD_USAGE } from '../../lib/load/run/options.ts';
import type { Exited } from '../setup/exec.ts';
import { runCommand } from '../setup/command.ts';
import { lanes } from '../setup/lanes.ts';
import { folderHashes } from '../report/folder-hashes.ts';
import { sampleSummary } from '../report/sample-summary.ts';

/**
 * Three commands at a time, the file's cases side by side: each is a Node process loading the
 * harness before it says its line, and one after another (spawnSync) they held this file's worker
 * for a minute and a half, a core mostly idle.
 */
const lane = lanes(3);

const command = (script: string, ...args: string[]): Promise<Exited> => commandIn({}, script, ...args);

const commandIn = (env: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<Exited> =>
  lane(() =>
    runCommand(script, args, {
      timeoutMs: 120_000,
      env: { ...process.env, HARNESS_DEBUG: '', ...env },
    }),
  );

const load = (...args: string[]) => command('load', ...args);

/** What the command printed on stderr, line by line. */
const errorLines = (result: Exited) => result.stderr.trim().split('\n');

// Side by side; the timeouts allow for the wait for a lane on a loaded machine.
describe.concurrent('npm run load', { timeout: 180_000 }, () => {
  // `--help` itself (exit 0, the layout) is test/cli/help.test.ts's run of every command.
  it('should answer --help with the options', () => {
    expect(LOAD_USAGE).toMatch(/^Usage: npm run load -- \[options\]/);
    expect(LOAD_USAGE).toContain('--workers N');
    expect(LOAD_USAGE).toContain('--max-in-flight N');
  });

  it('should reject an unknown scenario with one line and exit 2', async () => {
    const result = await load('--scenario', 'nope');

    expect(result.status).toBe(2);
    expect(errorLines(result)).toEqual([
      'error: --scenario: "nope" is unknown; choose from walk, fairness, isolation, depth, stress',
    ]);
    expect(result.stdout).toBe('');
  });

  it('should reject faults together with a target file, with one line and exit 2', async () => {
    const result = await load('--target', 'x.json', '--fault', 'shared-cache');

    expect(result.status).toBe(2);
    expect(errorLines(result)).toEqual([
      'error: --fault, --latency, --rate-limit and --churn shape the sandbox; they cannot go with --target',
    ]);
  });

  it("should refuse the gate's HARNESS_PUBLISH without its receiver setting, before any run", async () => {
    // load and capacity check it in their options (test/load/publish-config.test.ts); the gate in main.
    const result = await commandIn(
      { HARNESS_PUBLISH: 'prometheus', HARNESS_PUBLISH_PUSHGATEWAY_URL: '' },
      'gate',
    );

    expect(result.status).toBe(2);
    expect(errorLines(result)).toEqual([
      'error: --publish prometheus needs HARNESS_PUBLISH_PUSHGATEWAY_URL in the environment (the Pushgateway, e.g. http://127.0.0.1:9091)',
    ]);
    expect(result.stdout).toBe('');
  });
});

describe.concurrent("the gate's --baseline", { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'gate-baseline-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("should refuse another command's run in one line before running anything", async () => {
    const baseline = path.join(work, 'load.json');
    writeFileSync(baseline, JSON.stringify({ ...sampleSummary(), command: 'load' }));
    const reports = path.join(work, 'reports');

    const result = await command('gate', '--load', 'none', '--baseline', baseline, '--reports-dir', reports);

    expect(result.status).toBe(2);
    expect(errorLines(result)).toEqual([
      `error: --baseline ${baseline} is a load run; a gate run compares only with an earlier gate run`,
    ]);
    expect(result.stdout).toBe('');
    expect(existsSync(reports)).toBe(false);
  });

  // A baseline read and left as it was: test/gate/million-orders.test.ts, on the gate it runs anyway.
});

describe.concurrent('--judge-report', { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'judge-report-cli-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('should refuse a folder judged already, in one line, and leave it as it was', async () => {
    writeFileSync(path.join(work, 'summary.json'), JSON.stringify(sampleSummary()));
    const before = folderHashes(work);

    const result = await load('--judge-report', work);

    expect(result.status).toBe(2);
    expect(errorLines(result)).toEqual([
      `error: --judge-report: ${work} was judged already (its summary.json is a record and stays as it is); copy the folder to judge it again`,
    ]);
    expect(folderHashes(work)).toEqual(before);
  });
});

describe.concurrent('an error run', { timeout: 180_000 }, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'error-run-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const targetFile = (name: string, text: string): string => {
    const file = path.join(work, name);
    writeFileSync(file, text);
    return file;
  };
  // Nothing listens on the discard port of the loopback interface.
  const closed = targetFile(
    'closed.json',
    JSON.stringify({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      apiKeyHeader: 'X-Brand-Api-Key',
      load: { allowed: true, maxRps: 5 },
      tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'sbx_closedportkey0123456789' } } }],
    }),
  );
  const broken = targetFile('broken.json', '{ "baseUrl": ');

  it.each([
    ['load', 'a closed port', closed, /^error: cannot reach http:\/\/127\.0\.0\.1:9 /],
    ['load', 'a bad target file', broken, /^error: target file .* is not valid JSON/],
    ['capacity', 'a closed port', closed, /^error: cannot reach http:\/\/127\.0\.0\.1:9 /],
  ])(
    'should leave no run directory behind (%s against %s) and say only the error',
    async (script, _what, target, error) => {
      const runs = mkdtempSync(path.join(work, `${script}-`));
      const result = await command(script, '--target', target, '--reports-dir', path.join(runs, 'reports'));

      expect(result.status).toBe(2);
      expect(errorLines(result)).toEqual([expect.stringMatching(error)]);
      expect(result.stdout).not.toMatch(/FAILED|PASS|FAIL:|reports:/);
      expect(readdirSync(runs)).toEqual([]);
    },
  );
});
