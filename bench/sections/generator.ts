/**
 * Section 1: what the load generator costs. One fixed, fast target that is not the sandbox (nginx
 * serving canned pages that chain by cursor), walked on the same lists by three clients:
 * - wrk (one thread: one worker), requesting the very pages the walks request, in their order;
 * - Artillery's own HTTP engine running the minimal hand-written walk (bench/artillery-walk.ts);
 * - the harness's walk scenario with every check and metric, on its Artillery engine (runLoad).
 * The two walks are open-model: each is stepped up in arrival rate (bench/rate-ladder.ts) to the
 * highest rate it holds, and its requests/s there is its figure. Then the harness runs once more
 * at 0.8 × its own top rate, where its start lateness p99 should stay under 10 ms
 * (issue 36).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runHarnessWalk } from '../harness-walk.ts';
import { minimalHeld, runMinimalWalk, type MinimalWalkRun } from '../artillery-walk.ts';
import { walkChain, withCursor } from '../chain-walk.ts';
import { startNginx, type RunningNginx } from '../nginx/server.ts';
import { cannedTarget, plannedFirstPages } from '../nginx/target.ts';
import { climbLadder, repeatAtTop } from '../rate-ladder.ts';
import { busiestProfile, topSelfTime } from '../cpu-profile.ts';
import { harnessHeld, HELD_LATENESS_P95_MS, topFigure, type HarnessRun } from './walk-figures.ts';
import {
  generatorFigures,
  HELD_SHARE,
  GOALS,
  PROFILE_ENTRIES,
  profileTable,
  RUNS_AT_TOP,
  WRK_CONNECTIONS,
  type Measured,
  type Profiled,
} from './generator-figures.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { RUN_SLACK_MS } from '../sizes.ts';
import { ensureTool } from '../tools.ts';
import { runWrk, type WrkRun } from '../wrk.ts';
import { measureClosedLoops } from '../closed-loop.ts';
import { runOwnSchedule } from '../own-schedule.ts';

interface GeneratorSize {
  durationSec: number;
  /** The last run, at 0.8 × the harness's top rate. */
  heldDurationSec: number;
  maxSteps: number;
}

/**
 * The ladders' ceiling, walks per second: well above what either walk holds on these machines
 * (the harness held 640, the minimal walk 226), so a ladder ends at a miss, not at the ceiling.
 */
const CEILING = 5000;
/**
 * 10 doublings from 5 reach the ceiling, and 4 narrowings bring a doubling's gap within
 * REFINE.within: a ladder that misses ends within 5 % of its miss.
 */
const generatorSize = (quick: boolean): GeneratorSize =>
  quick
    ? { durationSec: 4, heldDurationSec: 6, maxSteps: 6 }
    : { durationSec: 8, heldDurationSec: 15, maxSteps: 14 };

/**
 * Every ladder of the section narrows in the same way (the ratios compare like with like): until
 * the rate held and the rate missed above it are within 5 % (4 steps from a doubling), at most 6
 * steps. Each step is a run of `durationSec` (about 12 s with Artillery's start and stop).
 */
const REFINE = { narrowings: 6, within: 1.05 } as const;

/** The own-schedule ladder starts higher: its low steps, held by every walk so far, tell nothing. */
const OWN_SCHEDULE_START = 80;

/** Artillery's local worker threads for one `artillery run` (its own rule: one per CPU but one). */
const artilleryWorkers = (): number => Math.max(1, os.cpus().length - 1);

async function runHarness(
  context: BenchContext,
  targetFile: string,
  walksPerSec: number,
  durationSec: number,
  label: string,
  env?: Record<string, string | undefined>,
): Promise<HarnessRun> {
  context.log(`generator: harness walk at ${walksPerSec} walks/s for ${durationSec} s (${label})`);
  const walk = { targetFile, walksPerSec, durationSec, dir: context.workDir, label };
  return (await runHarnessWalk(env ? { ...walk, env } : walk)).run;
}

/** The harness at its top rate once more, its Artillery processes under `--cpu-prof`. */
async function profileAtTop(
  context: BenchContext,
  targetFile: string,
  walksPerSec: number,
  durationSec: number,
): Promise<Profiled | null> {
  const dir = path.join(context.workDir, 'cpu-profile');
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` };
  await runHarness(context, targetFile, walksPerSec, durationSec, 'profiled', env);
  const profile = busiestProfile(dir);
  return profile ? { walksPerSec, entries: topSelfTime(profile, PROFILE_ENTRIES) } : null;
}

/** Every request of the planned walks, in order: what wrk requests round and round. */
async function walkSequence(nginx: RunningNginx): Promise<string[]> {
  const pagesOf = new Map<string, number>();
  const firstPages = plannedFirstPages(nginx.baseUrl);
  for (const listUrl of new Set(firstPages)) {
    const walk = await walkChain({ listUrl, maxPages: 10_000 });
    if (!walk.complete) throw new Error(`canned pages do not chain for ${listUrl}`);
    pagesOf.set(listUrl, walk.pages);
  }
  return firstPages.flatMap((listUrl) =>
    Array.from({ length: pagesOf.get(listUrl) ?? 1 }, (_, page) => {
      const url = new URL(page === 0 ? listUrl : withCursor(listUrl, `p${page}`));
      return `${url.pathname}${url.search}`;
    }),
  );
}

async function measure(
  context: BenchContext,
  nginx: RunningNginx,
  wrkBin: string | undefined,
): Promise<Measured> {
  const size = generatorSize(context.quick);
  const sequence = await walkSequence(nginx);
  const timeoutMs = size.durationSec * 1000 + RUN_SLACK_MS + 60_000;
  let wrk: WrkRun | null = null;
  let wrkNote: string | undefined;
  if (wrkBin) {
    context.log(`generator: wrk, 1 thread, ${WRK_CONNECTIONS} connections, ${size.durationSec} s`);
    wrk = await runWrk(wrkBin, {
      url: `${nginx.baseUrl}/public/orders`,
      connections: WRK_CONNECTIONS,
      threads: 1,
      durationSec: size.durationSec,
      paths: sequence,
    });
    wrkNote = `${sequence.length} requests of the planned walks in turn; p99 ${wrk.latencyMs.p99} ms`;
  } else wrkNote = 'skipped: wrk is not installed';
  context.signal.throwIfAborted();
  const closedLoops = await measureClosedLoops(
    { baseUrl: nginx.baseUrl, paths: sequence, loops: WRK_CONNECTIONS, durationSec: size.durationSec },
    RUNS_AT_TOP,
    (mode) => {
      context.signal.throwIfAborted();
      context.log(`generator: closed loop (${mode}), ${WRK_CONNECTIONS} in flight, ${size.durationSec} s`);
    },
  );
  const firstPages = plannedFirstPages(nginx.baseUrl);
  const beforeStep = () => context.signal.throwIfAborted();
  const measureMinimal = (rate: number) => {
    context.log(`generator: minimal Artillery walk at ${rate} walks/s for ${size.durationSec} s`);
    return runMinimalWalk({
      baseUrl: nginx.baseUrl,
      firstPages,
      walksPerSec: rate,
      durationSec: size.durationSec,
      dir: context.workDir,
      label: `minimal-${rate}-${Date.now()}`,
      timeoutMs,
    });
  };
  const minimal = await climbLadder<MinimalWalkRun>({
    start: 5,
    maxSteps: size.maxSteps,
    ceiling: CEILING,
    ...REFINE,
    beforeStep,
    held: minimalHeld,
    measure: measureMinimal,
  });
  const minimalAgain = await repeatAtTop(minimal, measureMinimal, RUNS_AT_TOP, beforeStep);
  const targetFile = path.join(context.workDir, 'canned-target.json');
  writeFileSync(targetFile, JSON.stringify(cannedTarget(nginx.baseUrl)));
  let attempt = 0;
  const measureHarness = (rate: number) =>
    runHarness(context, targetFile, rate, size.durationSec, `ladder-${(attempt += 1)}`);
  const harness = await climbLadder<HarnessRun>({
    start: 5,
    maxSteps: size.maxSteps,
    ceiling: CEILING,
    ...REFINE,
    beforeStep,
    held: harnessHeld,
    measure: measureHarness,
  });
  const harnessAgain = await repeatAtTop(harness, measureHarness, RUNS_AT_TOP, beforeStep);
  const measureOwn = (rate: number) => {
    context.log(`generator: harness walk on its own schedule at ${rate} walks/s for ${size.durationSec} s`);
    return runOwnSchedule({ baseUrl: nginx.baseUrl, walksPerSec: rate, durationSec: size.durationSec });
  };
  const ownLadder = await climbLadder<HarnessRun>({
    start: OWN_SCHEDULE_START,
    maxSteps: size.maxSteps,
    ceiling: CEILING,
    ...REFINE,
    beforeStep,
    held: harnessHeld,
    measure: measureOwn,
  });
  const ownSchedule = {
    ladder: ownLadder,
    again: await repeatAtTop(ownLadder, measureOwn, RUNS_AT_TOP, beforeStep),
  };
  // 0.8 × the rate the figure stands for: the top when most runs there held it, else the next down.
  const topRate = topFigure(harness, harnessAgain, harnessHeld).rate;
  const atHeld = topRate
    ? await runHarness(
        context,
        targetFile,
        Math.max(1, Math.floor(topRate * HELD_SHARE)),
        size.heldDurationSec,
        'held',
      )
    : null;
  context.signal.throwIfAborted();
  const profiled = topRate ? await profileAtTop(context, targetFile, topRate, size.durationSec) : null;
  return {
    wrk,
    wrkNote,
    closedLoops,
    ownSchedule,
    minimal,
    harness,
    minimalAgain,
    harnessAgain,
    atHeld,
    profiled,
    workers: artilleryWorkers(),
  };
}

export const generator: BenchSection = {
  name: 'generator',
  title: 'Generator overhead: wrk, minimal Artillery walk, harness walk (nginx canned pages)',
  budgetMs: (quick) => (quick ? 600_000 : 1_200_000),
  async run(context): Promise<SectionOutcome> {
    const nginxTool = await ensureTool('nginx', context.log);
    if (!nginxTool.ok) return { status: 'skipped', reason: nginxTool.reason };
    const wrkTool = await ensureTool('wrk', context.log);
    const nginx = await startNginx(nginxTool.tool.bin, { records: 1000 });
    try {
      const measured = await measure(context, nginx, wrkTool.ok ? wrkTool.tool.bin : undefined);
      const details = {
        size: generatorSize(context.quick),
        heldLatenessP95Ms: HELD_LATENESS_P95_MS,
        goals: GOALS,
        ...measured,
        nginx: nginxTool.tool.version,
        wrkVersion: wrkTool.ok ? wrkTool.tool.version : null,
      };
      return {
        status: 'ok',
        figures: generatorFigures(measured),
        tables: profileTable(measured.profiled),
        details,
      };
    } finally {
      await nginx.stop();
    }
  },
};
