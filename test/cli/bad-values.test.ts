/**
 * Every bad value on the user's side is one line naming it, and exit 2: a negative number or
 * duration, a file where a folder must be, a loopback target for a cloud runner, a closed port (said
 * once), and a reader that closed the pipe (no error at all). Never Node's own words for it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledArgs, runCommand } from '../setup/command.ts';
import { execAsync } from '../setup/exec.ts';
import { lanes } from '../setup/lanes.ts';

const work = mkdtempSync(path.join(tmpdir(), 'bad-values-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Node's words for what the harness must name itself; a stack line, from the sources or a bundle. */
const NODE_WORDS = /ambiguous|internal error|EEXIST|ENOTDIR|EPIPE|ECONNRESET|at .*\.m?[jt]s:\d+/;

/**
 * Three commands at a time: each is a Node process loading the harness before it says its one
 * line, and one alone left a core idle.
 */
const lane = lanes(3);

const command = (script: string, args: string[], env: Record<string, string> = {}) =>
  lane(() =>
    runCommand(script, args, {
      timeoutMs: 60_000,
      env: { ...process.env, HARNESS_DEBUG: '', ...env },
    }),
  );

const file = (name: string, text: string): string => {
  const at = path.join(work, name);
  writeFileSync(at, text);
  return at;
};

const aFile = file('a-file', 'not a folder\n');
const target = (baseUrl: string) =>
  file(
    `target-${baseUrl.replace(/\W+/g, '-')}.json`,
    JSON.stringify({
      name: 'here',
      baseUrl,
      apiKeyHeader: 'X-Brand-Api-Key',
      load: { allowed: true, maxRps: 5 },
      tenants: [{ name: 'a', quiescent: true, keys: { full: { env: 'BAD_VALUES_KEY' } } }],
    }),
  );
const closed = target('http://127.0.0.1:9/api/v1');
const KEY = { BAD_VALUES_KEY: 'sbx_badvalueskey0123456789' };

// Side by side; the timeouts allow for the wait for a lane.
describe.concurrent('a bad value', () => {
  it.each([
    ['load', ['--duration', '-5s'], 'error: --duration: "-5s" must be positive: a duration with its unit'],
    ['load', ['--rate', '-3'], 'error: --rate: "-3" must be positive; expected an integer from 1 to'],
    ['capacity', ['--max', '-5'], 'error: --max: "-5" must be positive; expected requests per second'],
    ['capacity', ['--step-duration', '-10s'], 'error: --step-duration: "-10s" must be positive'],
    ['gate', ['--time-budget', '-1s'], 'error: --time-budget: "-1s" must be positive: a duration'],
    ['props', ['--runs', '-1'], 'error: --runs: "-1" must be positive; expected an integer from 1 to'],
    ['repro', ['--times', '-2'], 'error: --times: "-2" must be positive; expected an integer from 1 to'],
    ['sandbox', ['--orders', '-5'], 'error: --orders: "-5" must be 0 or more; expected a number, 0 or more'],
    [
      'load',
      ['--judge-report', aFile],
      `error: --judge-report: ${aFile} is a file; give the folder --platform wrote`,
    ],
    ['report', ['--list', '--reports-dir', aFile], `error: --reports-dir: ${aFile} is a file`],
    [
      'props',
      ['--property', 'pagination.shape', '--reports-dir', aFile],
      `error: ${aFile} is a file, where a folder must be to write ${aFile}/`,
    ],
    [
      'load',
      ['--platform', 'fargate', '--target', closed],
      `error: --platform fargate: the target's baseUrl http://127.0.0.1:9/api/v1 is loopback, which a cloud runner cannot reach`,
    ],
  ])('should be named in one line, exit 2: %s %j', { timeout: 180_000 }, async (script, args, line) => {
    const result = await command(script, args, KEY);

    expect(result.status, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([expect.stringContaining(line)]);
    expect(lines[0]?.startsWith(line)).toBe(true);
    expect(result.stderr + result.stdout).not.toMatch(NODE_WORDS);
  });

  it('should say a closed port once, before any stage', { timeout: 180_000 }, async () => {
    const result = await command('gate', ['--target', closed, '--load', 'none'], KEY);

    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'error: cannot reach http://127.0.0.1:9 (ECONNREFUSED); check baseUrl in the target file and that the server is running',
    ]);
    // Its start, as every command's: what it runs against; then nothing, no stage began.
    expect(result.stdout.trim()).toBe('target: here (http://127.0.0.1:9/api/v1)');
  });
});

describe('a reader that stops reading', () => {
  it(
    'should end the listing quietly with exit 0 (report --list | head -1)',
    { timeout: 60_000 },
    async () => {
      // Enough runs that the listing outlasts the pipe's buffer once head has gone.
      const reports = path.join(work, 'reports');
      const runs = Array.from({ length: 3000 }, (_, index) => {
        const runId = `20260101T${String(index).padStart(6, '0')}Z-gate-x${index}`;
        mkdirSync(path.join(reports, runId), { recursive: true });
        return JSON.stringify({
          runId,
          command: 'gate',
          startedAt: '2026-01-01T00:00:00.000Z',
          durationMs: 1000,
          target: 'sandbox',
          kind: 'sandbox',
          faults: [],
          verdict: 'pass',
          exitCode: 0,
          failed: 0,
          checks: 1,
        });
      });
      writeFileSync(path.join(reports, 'runs.jsonl'), `${runs.join('\n')}\n`);
      const report = [process.execPath, ...bundledArgs('report', ['--list', '--reports-dir', reports])];

      const result = await execAsync(
        'bash',
        ['-c', `set -o pipefail; ${report.map((word) => `"${word}"`).join(' ')} | head -1`],
        { env: process.env, timeoutMs: 60_000 },
      );

      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
    },
  );
});
