/**
 * Every reproduction the gate writes for a load fault (sandbox/faults/catalogue.ts, needsLoad)
 * reproduces it: run with bash as a person would, against the sandbox its header names (started
 * from that very command line), it exits 1. The curl scripts of the properties' findings drive the
 * load the finding needed (lib/repro/curl-load.ts); a failed load's script runs that load again
 * (lib/repro/load-script.ts). Asserted on exit codes, never on text.
 *
 * Cost: a gate and the scripts per fault. By default the three faults the properties find (their
 * scripts were the ones that said "not reproduced", issue 34), one with a load so that a load's
 * script runs too; HARNESS_TEST_ALL_LOAD_FAULTS=1 adds the six only a load finds (about a minute
 * each). That every gate load's script runs the gate's load against the gate's sandbox is checked
 * for all of them below without running one.
 *
 * Time: a gate and its scripts mostly wait (on a schedule, on curl), so the faults run side by
 * side, and a fault's scripts for different sandboxes too.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFlags } from '../../lib/cli/cli.ts';
import { loadFlags } from '../../lib/gate/loads.ts';
import { GATE_LOADS } from '../../lib/gate/plan.ts';
import { LOAD_OPTIONS, LOAD_USAGE, optionsFromFlags } from '../../lib/load/run/options.ts';
import { SANDBOX_FLOOD_RATE, sandboxOptionsFor } from '../../lib/load/run/sandbox.ts';
import { sandboxCommand, sandboxIdentity, sandboxSettings } from '../../lib/target/sandbox-identity.ts';
import { resolveOptions, type SandboxOptions } from '../../lib/target/sandbox-options.ts';
import { SANDBOX_OPTIONS, SANDBOX_USAGE, sandboxOptionsFromFlags } from '../../sandbox/command.ts';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { startSandbox } from '../../sandbox/start.ts';
import { inLanes } from '../setup/lanes.ts';
import { runGateAsync } from './run-gate.ts';
import '../setup/provide-layers.ts';

const LOAD_FAULTS: string[] = FAULTS.filter((fault) => fault.needsLoad).map((fault) => fault.name);
const ALL = process.env.HARNESS_TEST_ALL_LOAD_FAULTS === '1';

/** Few property runs: each property once, a second at most (enough for these faults). */
const QUICK = ['--runs', '1', '--time-budget', '1s'];

/**
 * Each load fault and the gate that finds it quickest: no load when the properties find it, else
 * the one load that does; each property once, but where a property's own run takes its time.
 */
const PLANS: Record<string, { gate: string[]; byDefault: boolean } | undefined> = {
  // The fault of issue 34, every property run (some thirty scripts) and a load, whose script runs too.
  'shared-cache': { gate: ['--load', 'isolation'], byDefault: true },
  'auth-cached-per-tenant': { gate: ['--load', 'none', ...QUICK], byDefault: true },
  // The rate-limit property's first run finds it: its burst on a lowRateLimit key is throttled by
  // the requests it has in flight, on any machine, and so is its script's.
  'throttle-text-body': { gate: ['--load', 'none', ...QUICK], byDefault: true },
  'scope-skipped-under-concurrency': { gate: ['--load', 'isolation', ...QUICK], byDefault: false },
  'limit-unchecked-when-busy': { gate: ['--load', 'isolation', ...QUICK], byDefault: false },
  // The soak's 20 walks a second: the walk load's 2 rarely have two pages without a limit in flight.
  'default-limit-when-busy': { gate: ['--load', 'soak', ...QUICK], byDefault: false },
  'global-rate-limit': { gate: ['--load', 'fairness', ...QUICK], byDefault: false },
  'global-rate-limit-high': { gate: ['--load', 'fairness', ...QUICK], byDefault: false },
  'overload-5xx': { gate: ['--load', 'stress', ...QUICK], byDefault: false },
  'overload-drops-connection': { gate: ['--load', 'stress', ...QUICK], byDefault: false },
  'flood-blocked-403': { gate: ['--load', 'fairness', ...QUICK], byDefault: false },
  'deep-page-slowdown': { gate: ['--load', 'depth', ...QUICK], byDefault: false },
  'soak-drift': { gate: ['--load', 'soak', ...QUICK], byDefault: false },
};

/** The sandbox a header's `npm run sandbox -- ...` line starts, read by the sandbox's own flags. */
function sandboxOf(command: string, targetPath: string): SandboxOptions {
  const argv = command
    .replace(/^npm run sandbox --\s*/, '')
    .split(/\s+/)
    .filter(Boolean);
  return { ...sandboxOptionsFromFlags(parseFlags(SANDBOX_OPTIONS, SANDBOX_USAGE, { argv }), {}), targetPath };
}

/** A person's shell: no tsx loader, no BASE_URL or key variables; the target file given. */
function shellEnv(targetFile: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TARGET_FILE: targetFile };
  for (const name of Object.keys(env))
    if (name === 'NODE_OPTIONS' || name === 'NODE_PATH' || name === 'BASE_URL' || name.startsWith('KEY_'))
      delete env[name];
  return env;
}

interface ScriptRun {
  script: string;
  code: number | null;
  output: string;
}

function runScript(script: string, targetFile: string): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile('bash', [script], { env: shellEnv(targetFile), timeout: 180_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ script: path.basename(script), code, output: `${stdout}${stderr}` });
    });
  });
}

async function reproductionsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /^repro-.*\.sh$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * Runs every script against the sandbox its header names, one sandbox per header command, the
 * sandboxes side by side (a load's script beside the curl scripts of the properties' sandbox):
 * curl scripts four at a time, a load's script alone on its sandbox (an arrival schedule of its own).
 */
async function runAgainstTheirSandboxes(scripts: readonly string[], work: string): Promise<ScriptRun[]> {
  const byCommand = new Map<string, string[]>();
  for (const script of scripts) {
    const command = /^#\s+(npm run sandbox --.*)$/m.exec(await readFile(script, 'utf8'))?.[1] ?? '';
    byCommand.set(command, [...(byCommand.get(command) ?? []), script]);
  }
  const groups = await Promise.all(
    [...byCommand].map(async ([command, group]) => {
      expect(command, group.join()).toMatch(/^npm run sandbox -- /);
      const targetPath = path.join(await mkdtemp(path.join(work, 'target-')), 'target.json');
      const sandbox = await startSandbox(sandboxOf(command, targetPath));
      try {
        const [loads, curls] = [group.filter(isLoadScript), group.filter((script) => !isLoadScript(script))];
        const curlRuns = await inLanes(curls, 4, (script) => runScript(script, targetPath));
        return [...curlRuns, ...(await inLanes(loads, 1, (script) => runScript(script, targetPath)))];
      } finally {
        await sandbox.close();
      }
    }),
  );
  return groups.flat();
}

const isLoadScript = (script: string): boolean => path.basename(script).startsWith('repro-load-');

describe('the reproductions the gate writes for the load faults', { timeout: 900_000 }, () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'load-fault-repros-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('should cover every fault of the catalogue that needs load', () => {
    expect(Object.keys(PLANS).sort()).toEqual([...LOAD_FAULTS].sort());
  });

  /** The gate for `fault`, then every script it wrote against the sandbox its header names. */
  async function everyScriptReproduces(fault: string, gate: readonly string[]): Promise<void> {
    const run = await runGateAsync(['--fault', fault, ...gate], 600_000);
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    const scripts = await reproductionsUnder(path.join(run.reportsDir, 'latest'));
    expect(scripts.length).toBeGreaterThan(0);
    const runs = await runAgainstTheirSandboxes(scripts, work);
    const failed = runs.filter((entry) => entry.code !== 1);
    expect(
      failed,
      failed.map((entry) => `${entry.script}: exit ${entry.code}: ${entry.output}`).join('\n'),
    ).toEqual([]);
    expect(runs).toHaveLength(scripts.length);
    await rm(run.reportsDir, { recursive: true, force: true });
  }

  const plans = LOAD_FAULTS.map((fault) => ({ fault, gate: [], byDefault: true, ...PLANS[fault] }));

  it.concurrent.each(plans.filter((plan) => plan.byDefault))(
    'should exit 1 with every script of the gate for $fault',
    ({ fault, gate }) => everyScriptReproduces(fault, gate),
  );

  // A gate load and its rerun each: about a minute a fault (HARNESS_TEST_ALL_LOAD_FAULTS=1).
  it.skipIf(!ALL).each(plans.filter((plan) => !plan.byDefault))(
    'should exit 1 with every script of the gate for $fault (its load)',
    ({ fault, gate }) => everyScriptReproduces(fault, gate),
  );
});

describe("a failed load's reproduction", () => {
  it.each(GATE_LOADS)(
    'should run the $name load as the gate did, on the sandbox it ran on ($scenario)',
    (load) => {
      const flags = loadFlags(load, true);
      const options = optionsFromFlags(
        parseFlags(LOAD_OPTIONS, LOAD_USAGE, { argv: ['--target', 'target.json', ...flags] }),
        {},
      );
      expect(options).toMatchObject({
        scenario: load.scenario,
        profile: load.profile,
        duration: load.duration,
        floodRate: SANDBOX_FLOOD_RATE,
        ...(load.rate === undefined ? {} : { rate: load.rate }),
      });
      // The sandbox the gate's load started, and the one its header's command starts: the same.
      const ran = sandboxSettings(
        sandboxIdentity(
          resolveOptions({ ...sandboxOptionsFor(load.scenario), faults: ['overload-5xx'] }),
          'x',
        ),
      );
      const again = sandboxSettings(
        sandboxIdentity(resolveOptions(sandboxOf(sandboxCommand(ran), 'x')), 'y'),
      );
      expect(again).toEqual(ran);
    },
  );
});
