/**
 * A distributed run judged from Artillery's report: the directory `--platform` writes, run here by
 * the pinned Artillery with `--output report.json`, judged by `--judge-report`, gives the verdict
 * the harness gives the same run's points (which the engine also writes under points/), with
 * latency percentiles within the sketch's stated accuracy of the harness's own.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { METRIC } from '../../lib/load/metrics.ts';
import { phasesDurationS } from '../../lib/load/phases.ts';
import { readRunPoints } from '../../lib/load/run-points.ts';
import { prepareDistributedLoad } from '../../lib/load/run/distributed.ts';
import { judgeReport } from '../../lib/load/run/judge-report.ts';
import { readPlan } from '../../lib/load/run/run-plan.ts';
import { judge } from '../../lib/load/verdict.ts';
import { distributedPlanned } from '../../lib/load/walk-schedule.ts';
import { readTrendValues } from '../../lib/load/points/read.ts';
import type { SandboxOptions } from '../../lib/target/sandbox-options.ts';
import { startSandbox } from '../../sandbox/start.ts';
import { RUN_TIMEOUT_MS } from './run-helpers.ts';
import { keysFromEnv, runInstances, runLocally } from './distributed-run.ts';
import '../setup/provide-layers.ts';

const root = mkdtempSync(path.join(tmpdir(), 'judge-report-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Artillery's sketch (1 %), the harness's HDR buckets (0.1 %), Artillery's rounding to 0.1 ms. */
const SKETCH = 0.01;
const HDR = 0.001;
const ROUNDING_MS = 0.05;
const PERCENTILES = [50, 95, 99];
/**
 * The injected tail (300 ms) puts p95 far above this; the clean sandbox answers well below it,
 * with room for a busy 2-core machine's pauses (at 40 ms, a loaded machine failed the clean run).
 */
const THRESHOLD = 'latency=p95<150';

/**
 * One distributed run, on a sandbox of its own: prepared, run by Artillery (as one instance, or
 * as `instances` at once, their reports merged as the cloud runner merges them), judged both ways.
 */
async function distributedRun(
  name: string,
  sandboxOptions: SandboxOptions,
  { instances = 1, rate = 12, threshold = THRESHOLD } = {},
) {
  const sandbox = await startSandbox({ seed: 3, orders: 400, menuItemsPerTenant: 60, ...sandboxOptions });
  try {
    const { targetJson, env } = keysFromEnv(sandbox.target);
    const targetFile = path.join(root, `${name}-target.json`);
    writeFileSync(targetFile, targetJson);
    const dir = path.join(root, name);
    await prepareDistributedLoad(
      {
        scenario: 'walk',
        profile: 'smoke',
        duration: '3s',
        rate,
        thresholds: [threshold],
        target: targetFile,
        outDir: dir,
        env,
      },
      'fargate',
      instances,
      // Run here below, where the sandbox's loopback URL answers.
      { runsHere: true },
    );
    const runs =
      instances === 1
        ? [await runLocally(dir, { targetJson, env }, ['--output', 'report.json'])]
        : await runInstances(dir, { targetJson, env }, instances);
    for (const run of runs) expect(run.exitCode, run.stderr.slice(-500)).toBe(0);
    return { dir, fromReport: await judgeReport(dir), own: await ownJudgement(dir) };
  } finally {
    await sandbox.close();
  }
}

/** The harness's judgement of the points the same run wrote, with the same plan. */
async function ownJudgement(dir: string) {
  const plan = await readPlan(dir);
  const stageDir = path.join(dir, 'points', plan.scenario);
  const files = readdirSync(stageDir)
    .filter((file) => file.endsWith('.ndjson.gz'))
    .map((file) => path.join(stageDir, file));
  const points = await readRunPoints(files, PERCENTILES);
  const judgement = judge({
    merged: points.summary,
    thresholds: plan.thresholds,
    failures: points.failures,
    setupFailures: plan.setupFailures,
    planned: distributedPlanned(plan.phases, plan.workers),
    scheduleS: phasesDurationS(plan.phases),
    skipped: 0,
    refused: plan.refused,
  });
  // Each response's latency at its HDR bucket's lowest value: the gap between two ranks below.
  const latencies = (await Promise.all(files.map((file) => readTrendValues(file, 'latency')))).flat();
  // Each worker's arrivals: what each instance (and thread) started.
  const perWorker = await Promise.all(
    files.map(
      async (file) => (await readRunPoints([file], [])).summary.metrics[METRIC.arrivals]?.values.count ?? 0,
    ),
  );
  return { judgement, summary: points.summary, latencies: latencies.sort((a, b) => a - b), perWorker };
}

/**
 * How far apart the two percentiles may be: each one's relative error, the rounding, and the gap
 * between the samples each definition picks (Artillery's rank q(n-1), the harness's ceil(qn)).
 */
function tolerance(sorted: readonly number[], p: number, own: number): number {
  const n = sorted.length;
  const q = p / 100;
  const sketchRank = Math.floor(q * (n - 1));
  const ownRank = Math.max(0, Math.ceil(q * n) - 1);
  const gap = Math.abs((sorted[ownRank] ?? 0) - (sorted[sketchRank] ?? 0));
  return own * (SKETCH + HDR) + ROUNDING_MS + gap * (1 + SKETCH);
}

function comparePercentiles(run: Awaited<ReturnType<typeof distributedRun>>, label: string): void {
  const fromReport = run.fromReport.metrics.latency?.values ?? {};
  const own = run.own.summary.metrics.latency?.values ?? {};
  expect(fromReport.count).toBe(own.count);
  for (const p of PERCENTILES) {
    const mine = own[`p${p}`] ?? NaN;
    const theirs = fromReport[`p${p}`] ?? NaN;
    const allowed = tolerance(run.own.latencies, p, mine);
    console.log(
      `${label} latency p${p}: harness ${mine.toFixed(2)} ms, report ${theirs.toFixed(2)} ms, difference ${(((theirs - mine) / mine) * 100).toFixed(2)} % (allowed ${allowed.toFixed(2)} ms)`,
    );
    expect(Math.abs(theirs - mine), `p${p}`).toBeLessThanOrEqual(allowed);
  }
}

describe('--judge-report', () => {
  // Alone, first: its verdict reads the machine's speed (p95 under 150 ms on the clean sandbox).
  it(
    'should pass the clean sandbox, with the same counts as the points',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const run = await distributedRun('clean', {});

      expect(run.own.judgement.verdict).toBe('pass');
      expect(run.fromReport.verdict).toBe('pass');
      expect(run.fromReport.summary.exitCode).toBe(0);
      expect(run.fromReport.generator.started).toBe(run.own.judgement.generator.started);
      expect(run.fromReport.checks).toEqual(run.own.judgement.checks);
      comparePercentiles(run, 'clean');
    },
  );

  // Side by side: the tail's verdict is its injected 300 ms (far above the threshold, however busy
  // the machine), the split's its checks and counts (p95 < 5000 ms); each on a sandbox of its own.
  describe.concurrent('beside each other', () => {
    it(
      "should fail a run on a slow tail as the harness's own judgement of its points does",
      { timeout: RUN_TIMEOUT_MS },
      async () => {
        const run = await distributedRun('tail', { latency: { fixedMs: 2, tailMs: 300, tailRatio: 0.3 } });

        expect(run.own.judgement.verdict).toBe('fail');
        expect(run.fromReport.verdict).toBe('fail');
        expect(run.fromReport.exitCode).toBe(1);
        const crossed = (thresholds: readonly { metric: string; expression: string; ok: boolean | null }[]) =>
          thresholds.filter((t) => t.ok === false).map((t) => `${t.metric} ${t.expression}`);
        expect(crossed(run.fromReport.thresholds)).toEqual(crossed(run.own.judgement.thresholds));
        expect(run.fromReport.summary.verdict).toBe('fail');
        comparePercentiles(run, 'tail');
      },
    );

    it(
      'should split the plan exactly between instances run at once, each its equal share',
      { timeout: RUN_TIMEOUT_MS },
      async () => {
        // An odd rate: 21 arrivals over 3 s, 10 for each of 2 instances, 20 planned. Two generators
        // beside the sandbox on a shared machine: the verdict is the checks', not the machine's speed.
        const run = await distributedRun(
          'split',
          {},
          { instances: 2, rate: 7, threshold: 'latency=p95<5000' },
        );

        expect(run.fromReport.generator).toMatchObject({ planned: 20, started: 20, skipped: 0, dropped: 0 });
        expect(run.own.judgement.generator).toMatchObject({ planned: 20, started: 20 });
        expect(run.own.perWorker).toEqual([10, 10]);
        // Artillery's vusers counted the slots: one a second for each instance's one thread here.
        expect(run.fromReport.generator.slots).toBe(run.own.judgement.generator.slots);
        expect(run.fromReport.verdict, run.fromReport.reason).toBe('pass');
        expect(run.own.judgement.verdict, run.own.judgement.reason).toBe('pass');
        expect(run.fromReport.checks).toEqual(run.own.judgement.checks);
      },
    );
  });
});
