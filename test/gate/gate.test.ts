import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/start.ts';
import { lanes } from '../setup/lanes.ts';
import { blamedChecks, runGateAsync } from './run-gate.ts';
import { runCommand } from '../setup/command.ts';
import '../setup/provide-layers.ts';

// A sandbox key looks like sbx_<22+ url-safe characters>; none may reach any file of a run.
const SANDBOX_KEY = /sbx_[A-Za-z0-9_-]{20,}/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * Three gates at a time: a gate waits most of its run (its load's schedule, a Retry-After, a
 * pause), so one alone left this file's worker idle for half its minutes. Lanes are taken in the
 * order of the tests: the longest first.
 */
const gate = lanes(3);

/**
 * Faults of three families in one sandbox, each caught by a check of its own family (the
 * mutation matrix shows each alone caught by its property): they do not interact, and one gate
 * shows what three did, each check named once with a replay that fails again.
 */
const CAUGHT_BY: Record<string, string> = {
  'page-boundary-duplicate': 'no-duplicate-ids',
  'revoked-key-works': 'key-rejected',
  'limit-clamp': 'limit-bounds-enforced',
};
const runGate = (args: string[]) => gate(() => runGateAsync(args));

describe('release gate', { timeout: 600_000 }, () => {
  // No property may be skipped: the rate-limit one bursts the sandbox's lowRateLimit key, whose
  // limit its requests in flight pass on any machine (docs/properties.md, "The key it bursts").
  // Alone, before the others: the latency thresholds of its load judge a sandbox that shares the
  // cores with the gate, and the clean gate must pass every time.
  it('should pass the clean sandbox with no property skipped, and keep keys out of every file', async () => {
    const run = await runGateAsync(['--load', 'walk']);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const summary = run.summary();
    expect(summary.verdict).toBe('pass');
    expect(summary.stages.map((stage) => stage.name)).toEqual(['properties', 'load']);
    expect(summary.checks.filter((check) => check.verdict !== 'passed')).toEqual([]);
    expect(summary.checks.some((check) => check.kind === 'threshold')).toBe(true);
    expect(summary.versions.artillery).toMatch(/^\d+\.\d+\.\d+/);
    for (const file of filesUnder(run.reportsDir))
      expect(readFileSync(file, 'utf8'), file).not.toMatch(SANDBOX_KEY);
    expect(run.stdout).not.toMatch(SANDBOX_KEY);
  });

  // Side by side, each test waiting for a lane: the timeout allows for the wait on a loaded machine.
  describe.concurrent('on a fault or bad input', () => {
    it('should fail with a fault of each family the properties find, and name each check that caught one', async () => {
      const run = await runGate([
        ...Object.keys(CAUGHT_BY).flatMap((fault) => ['--fault', fault]),
        '--load',
        'none',
      ]);
      expect(run.exitCode).toBe(1);
      const summary = run.summary();
      expect(summary.verdict).toBe('fail');
      expect(summary.target.faults).toEqual(Object.keys(CAUGHT_BY));
      // The console names each cause once, then the verdict before the report.
      const causes = run.stdout.match(/^FAILED \S+:/gm) ?? [];
      for (const check of Object.values(CAUGHT_BY)) {
        expect(blamedChecks(summary)).toContain(check);
        expect(causes).toContain(`FAILED ${check}:`);
      }
      expect(new Set(causes).size).toBe(causes.length);
      expect(run.stdout.trimEnd().split('\n').slice(-2)).toEqual([
        expect.stringMatching(/^verdict FAIL(, \d+ of \d+ checks skipped \(why: in the report\))?$/),
        expect.stringMatching(/^report: \S+\/report\.html$/),
      ]);
      // Every Replay command carries the faults: copied as it is, it fails again (one per check).
      const failed = summary.checks.filter(
        (entry) => entry.verdict === 'failed' && entry.kind === 'property',
      );
      const html = readFileSync(path.join(run.reportsDir, 'latest', 'report.html'), 'utf8');
      const faults = Object.keys(CAUGHT_BY)
        .map((fault) => `--fault ${fault}`)
        .join(' ');
      for (const entry of failed) {
        expect(entry.replay).toMatch(new RegExp(`^npm run props -- ${faults} --churn 20 --property `));
        expect(html).toContain(entry.replay);
      }
      const replays = Object.values(CAUGHT_BY).map(
        (check) => failed.find((entry) => entry.failures?.some((failure) => failure.check === check))?.replay,
      );
      expect(replays, 'a failed property for each check').not.toContain(undefined);
      const replayed = await Promise.all(
        replays.map((replay) =>
          runCommand('props', (replay ?? '').replace('npm run props -- ', '').split(' '), {
            timeoutMs: 120_000,
            env: { ...process.env, HARNESS_REPORTS_DIR: run.reportsDir },
          }),
        ),
      );
      for (const [index, replay] of replayed.entries())
        expect(replay.status, `${replays[index]}: ${replay.stdout}${replay.stderr}`).toBe(1);
    });

    it('should exit 1 with every report when a page check fails in every load stage, each check listed once', async () => {
      const run = await runGate([
        '--fault',
        'page-overflow',
        '--load',
        'walk',
        '--load',
        'depth',
        '--runs',
        '1',
      ]);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toBe('');
      const summary = run.summary();
      for (const report of ['summary.json', 'junit.xml', 'report.html'])
        expect(readdirSync(path.join(run.reportsDir, 'latest'))).toContain(report);
      const names = summary.checks.map((check) => check.name);
      expect(new Set(names).size).toBe(names.length);
      for (const stage of ['walk/smoke', 'depth/smoke'])
        expect(summary.checks).toContainEqual(
          expect.objectContaining({ name: `${stage} page-size-within-limit`, verdict: 'failed' }),
        );
    });

    it('should exit 1 with its three reports when a load setup finds the bug, naming check, requests and replay', async () => {
      const run = await runGate(['--fault', 'page-boundary-duplicate', '--load', 'isolation', '--runs', '1']);
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toBe('');
      for (const report of ['summary.json', 'junit.xml', 'report.html'])
        expect(readdirSync(path.join(run.reportsDir, 'latest'))).toContain(report);
      const found = run.summary().checks.find((check) => check.name === 'isolation/smoke no-duplicate-ids');
      expect(found).toMatchObject({
        verdict: 'failed',
        replay: 'npm run gate -- --fault page-boundary-duplicate --load isolation',
      });
      expect(found?.failures?.[0]?.requests.length).toBeGreaterThan(1);
      // The load phase was not run, and the report says so instead of passing its checks.
      const skipped = run.summary().checks.find((check) => check.name === 'isolation/smoke tenant-isolation');
      expect(skipped?.verdict).toBe('skipped');
      expect(skipped?.reason).toMatch(/^load phase not run/);
    });

    /**
     * A target file with one tenant: the fairness load cannot be set up, a reason on the user's
     * side known before any arrival (no machine load decides it). After the properties caught
     * `faults`, the gate fails (exit 1) and shows the load stage it could not judge; with nothing
     * caught, it is inconclusive (exit 2), never a pass.
     */
    async function gateWithOneTenant(faults: string[]) {
      const targetPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'gate-target-')), 'target.json');
      const sandbox = await startSandbox({ faults, tenants: 2, targetPath });
      const file = JSON.parse(readFileSync(targetPath, 'utf8')) as { tenants: unknown[] };
      writeFileSync(targetPath, JSON.stringify({ ...file, tenants: file.tenants.slice(0, 1) }), {
        mode: 0o600,
      });
      try {
        return await runGate(['--target', targetPath, '--load', 'fairness', '--runs', '1']);
      } finally {
        await sandbox.close();
      }
    }
    const unjudged = /fairness needs at least two tenants/;

    it('should exit 1 with its three reports when a stage cannot be judged after another found something', async () => {
      const run = await gateWithOneTenant(['page-overflow']);
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(1);
      const summary = run.summary();
      expect(summary.verdict).toBe('fail');
      expect(blamedChecks(summary)).toContain('page-size-within-limit');
      const load = summary.stages.find((stage) => stage.name === 'load');
      expect(load?.verdict).toBe('inconclusive');
      expect(load?.reason).toMatch(unjudged);
      const html = readFileSync(path.join(run.reportsDir, 'latest', 'report.html'), 'utf8');
      expect(html).toMatch(unjudged);
      expect(readdirSync(path.join(run.reportsDir, 'latest'))).toContain('junit.xml');
      expect(run.stdout).toMatch(/^INCONCLUSIVE load stage could not be judged: fairness needs/m);
      expect(run.stdout).toMatch(/^FAILED page-size-within-limit:/m);
    });

    it('should exit 2, INCONCLUSIVE with the reason, when nothing failed but the load stage could not be judged', async () => {
      const run = await gateWithOneTenant([]);
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(2);
      const summary = run.summary();
      expect(summary).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
      expect(summary.checks.filter((check) => check.verdict === 'failed')).toEqual([]);
      expect(summary.stages.map((stage) => [stage.name, stage.verdict])).toEqual([
        ['properties', 'pass'],
        ['load', 'inconclusive'],
      ]);
      const junit = readFileSync(path.join(run.reportsDir, 'latest', 'junit.xml'), 'utf8');
      expect(junit).toMatch(/failures="0"/);
      expect(junit).toMatch(/<testcase classname="gate\.stage" name="load"/);
      expect(run.stdout.trimEnd().split('\n').slice(-3)).toEqual([
        expect.stringMatching(
          /^INCONCLUSIVE load stage could not be judged: fairness needs at least two tenants .*; add one to the target file$/,
        ),
        expect.stringMatching(/^verdict INCONCLUSIVE(, \d+ of \d+ checks skipped \(why: in the report\))?$/),
        expect.stringMatching(/^report: \S+\/report\.html$/),
      ]);
    });

    it('should refuse bad input with one line and exit 2', async () => {
      for (const args of [
        ['--target', '/nonexistent/target.json'],
        ['--fault', 'no-such-fault'],
        ['--bogus'],
      ]) {
        const run = await runGate(args);
        expect(run.exitCode, args.join(' ')).toBe(2);
        expect(run.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
        expect(run.stderr).toMatch(/^error: /);
      }
    });
  });
});
