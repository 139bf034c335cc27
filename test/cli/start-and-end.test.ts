/**
 * Every command that runs against a target says what it runs against before any result, and ends
 * with its verdict and then where its report is; a run that published metrics says where they went.
 * Each against a sandbox it starts, kept to seconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../setup/command.ts';
import { lanes } from '../setup/lanes.ts';

const reports = mkdtempSync(path.join(tmpdir(), 'start-and-end-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

/**
 * Three commands at a time: each mostly waits (its generator starting, a load's schedule, a
 * capacity step), so one alone left this file's worker idle for most of its minute.
 */
const command = lanes(3);

const run = async (script: string, args: string[], env: Record<string, string> = {}) => {
  // A reports folder each: the commands run side by side.
  const reportsDir = mkdtempSync(path.join(reports, `${script}-`));
  const result = await command(() =>
    runCommand(script, [...args, '--reports-dir', reportsDir], {
      timeoutMs: 120_000,
      env: { ...process.env, HARNESS_DEBUG: '', ...env },
    }),
  );
  return { ...result, lines: result.stdout.trimEnd().split('\n') };
};

const TARGET = /^target: sandbox \(http:\/\/127\.0\.0\.1:\d+\/api\/v1\), no faults$/;

/**
 * The target line once, at line `at`: the first line, or right after the one that names the
 * command's own setup (the repro's seed, the Artillery version); the verdict and report last.
 */
function expectStartAndEnd(lines: string[], at: number): void {
  expect(lines.findIndex((line) => TARGET.test(line))).toBe(at);
  expect(lines.filter((line) => line.startsWith('target: '))).toHaveLength(1);
  expect(lines.slice(-2)).toEqual(['verdict PASS', expect.stringMatching(/^report: .*report\.html$/)]);
}

// Side by side, the longest first; the timeout allows for the wait for a lane on a loaded machine.
describe.concurrent('every command', { timeout: 300_000 }, () => {
  // The load's start and end are asserted on this run: a second load, some 5 CPU-s and 15 s of a
  // lane, showed nothing more (publishing adds a line in the middle, never at either end).
  it('should say where it published the metrics: load', async () => {
    // StatsD is UDP: nothing needs to listen for the run to send. Six arrivals: the fewest whose
    // refused requests reach every refusal check (docs/load.md), so the verdict is a plain PASS.
    const result = await run('load', ['--duration', '3s', '--rate', '2', '--publish', 'statsd'], {
      HARNESS_PUBLISH_STATSD_HOST: '127.0.0.1',
      HARNESS_PUBLISH_STATSD_PORT: '9',
    });

    expect(result.status, result.stderr).toBe(0);
    expect(result.lines).toContainEqual(
      expect.stringMatching(
        /^ {2}metrics: sent to StatsD at 127\.0\.0\.1:9 \(UDP\) as run \d{8}T\d{6}Z-load-\w+ \(--publish statsd\)$/,
      ),
    );
    expectStartAndEnd(result.lines, 1);
  });

  it.each([
    ['props', ['--property', 'pagination.shape', '--runs', '2'], 0],
    ['repro', ['--endpoint', 'orders', '--params', 'limit=7', '--times', '1'], 1],
    ['capacity', ['--start', '2', '--step', '2', '--max', '2', '--step-duration', '2s'], 1],
  ])(
    'should print the target line at the start and end with verdict and report: %s',
    async (script, args, at) => {
      const result = await run(script, args);

      expect(result.status, result.stderr).toBe(0);
      expectStartAndEnd(result.lines, at);
    },
  );
});
