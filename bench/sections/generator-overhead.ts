/**
 * Section 1: what the load generator costs. One fixed, fast target that is not the sandbox (nginx
 * serving canned pages that chain by cursor), and four clients with the same connections and
 * duration: wrk, a bare k6 GET loop, a minimal hand-written k6 walk, and the harness's walk.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { walkChain } from '../chain-walk.ts';
import { measureK6, stat } from '../k6-measure.ts';
import { startNginx, type RunningNginx } from '../nginx/server.ts';
import { plannedFirstPages } from '../nginx/target.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { loadSize, runTimeoutMs, type LoadSize } from '../sizes.ts';
import { ensureTool } from '../tools.ts';
import { runWrk } from '../wrk.ts';
import { measureHarnessWalk, median, type HarnessWalkResult } from './harness-walk.ts';

const K6_DIR = fileURLToPath(new URL('../k6/', import.meta.url));
/** The harness must keep this share of the minimal walk's rate (issue 7's goal). */
const HARNESS_RATE_GOAL = 0.8;

async function checkChain(nginx: RunningNginx): Promise<void> {
  const { site } = nginx;
  const walk = await walkChain({ listUrl: `${nginx.baseUrl}/public/orders`, maxPages: 10_000 });
  if (!walk.complete || walk.records !== site.records)
    throw new Error(`canned pages do not chain: walked ${walk.records} of ${site.records} records`);
  // Every list the harness (and so the minimal walk) will walk must chain to its end too: a
  // list the canned site lacks would make both walks fail fast and the ratio meaningless.
  for (const listUrl of new Set(plannedFirstPages(nginx.baseUrl))) {
    const planned = await walkChain({ listUrl, maxPages: 10_000 });
    if (!planned.complete) throw new Error(`canned pages do not chain for ${listUrl}`);
  }
}

interface Rates {
  wrk: number | null;
  bare: number;
  minimal: number;
  minimalWalksPerSec: number;
}

async function measureBaselines(
  context: BenchContext,
  nginx: RunningNginx,
  wrkBin: string | undefined,
  size: LoadSize,
): Promise<Rates> {
  const firstPage = `${nginx.baseUrl}/public/orders`;
  const sizeArgs = ['--vus', `${size.connections}`, '--duration', `${size.durationSec}s`];
  const common = { workDir: context.workDir, args: sizeArgs, timeoutMs: runTimeoutMs(size) };
  context.log(`generator: wrk, ${size.connections} connections, ${size.durationSec} s`);
  const wrk = wrkBin ? await runWrk(wrkBin, { url: firstPage, ...size }) : undefined;
  context.signal.throwIfAborted();
  context.log('generator: bare k6 GET loop');
  const bare = await measureK6({
    ...common,
    script: path.join(K6_DIR, 'bare-get.ts'),
    env: { URL: firstPage },
    label: 'bare-get',
  });
  context.signal.throwIfAborted();
  const minimal = await measureMinimalWalk(context, nginx, size);
  return {
    wrk: wrk?.requestsPerSec ?? null,
    bare: stat(bare.metrics, 'http_reqs', 'rate') ?? NaN,
    minimal: stat(minimal.metrics, 'http_reqs', 'rate') ?? NaN,
    minimalWalksPerSec: stat(minimal.metrics, 'iterations', 'rate') ?? NaN,
  };
}

/**
 * The walk a user would write by hand, on the very lists the harness walks: closed-model with the
 * section's connections, or with `open`, at an arrival rate (walks/s) with that many VUs.
 */
async function measureMinimalWalk(
  context: BenchContext,
  nginx: RunningNginx,
  size: LoadSize,
  open?: { walksPerSec: number; vus: number },
) {
  context.log(
    `generator: minimal k6 walk, on the lists the harness walks${open ? ` (at ${open.walksPerSec} walks/s)` : ''}`,
  );
  const listFile = path.join(context.workDir, 'minimal-walk-lists.txt');
  writeFileSync(listFile, `${plannedFirstPages(nginx.baseUrl).join('\n')}\n`);
  const env = { BASE_URL: nginx.baseUrl, LIST_URLS_FILE: listFile };
  return measureK6({
    workDir: context.workDir,
    args: open ? [] : ['--vus', `${size.connections}`, '--duration', `${size.durationSec}s`],
    timeoutMs: runTimeoutMs(size),
    script: path.join(K6_DIR, 'minimal-walk.ts'),
    env: open
      ? { ...env, RATE: `${open.walksPerSec}`, VUS: `${open.vus}`, DURATION: `${size.durationSec}s` }
      : env,
    label: open ? 'minimal-walk-open' : 'minimal-walk',
  });
}

function figures(rates: Rates, harness: HarnessWalkResult, wrkNote: string | undefined): Figure[] {
  const harnessRate = harness.ok ? harness.requestsPerSec : null;
  const harnessNote = harness.ok ? undefined : `skipped: ${harness.reason}`;
  const ratio = harness.ok ? harness.ratio : null;
  const rateGoal =
    ratio === null ? undefined : { text: `>= ${HARNESS_RATE_GOAL}`, met: ratio >= HARNESS_RATE_GOAL };
  const roundsNote = harness.ok
    ? `median of ${harness.rounds.length} alternating pairs of runs: ${harness.rounds.map((round) => (round.harness / round.minimal).toFixed(2)).join(', ')}`
    : harnessNote;
  const dropped = harness.ok ? harness.droppedAtClaimedRate : null;
  return [
    ratioFigure('harness / minimal walk', ratio, 1, 'requests/s of the harness walk over the minimal walk', {
      note: roundsNote,
      goal: rateGoal,
    }),
    ratioFigure(
      'minimal walk / bare GET',
      rates.minimal,
      rates.bare,
      'requests/s, k6 minimal walk over k6 bare GET loop',
    ),
    ratioFigure('bare GET k6 / wrk', rates.bare, rates.wrk, 'requests/s, k6 bare GET loop over wrk', {
      note: wrkNote,
    }),
    absoluteFigure('wrk', rates.wrk, 'req/s', { note: wrkNote }),
    absoluteFigure('k6 bare GET', rates.bare, 'req/s'),
    absoluteFigure(
      'k6 minimal walk',
      harness.ok ? median(harness.rounds.map((round) => round.minimal)) : rates.minimal,
      'req/s',
    ),
    absoluteFigure('harness walk', harnessRate, 'req/s', { note: harnessNote }),
    absoluteFigure('dropped iterations at claimed rate', dropped, 'iterations', {
      note: harness.ok
        ? `at ${harness.claimedWalksPerSec} walks/s = ${HARNESS_RATE_GOAL} × the minimal walk's requests/s (median of its ${harness.rounds.length} runs) / ${harness.pagesPerWalk.toFixed(1)} pages per harness walk`
        : harnessNote,
      goal: dropped === null ? undefined : { text: '== 0', met: dropped === 0 },
    }),
    absoluteFigure(
      'minimal walk: dropped at claimed rate',
      harness.ok ? harness.minimalDroppedAtClaimedRate : null,
      'iterations',
      {
        note: harness.ok
          ? `the minimal walk at the same ${harness.claimedWalksPerSec} walks/s and VUs: what the open model costs any k6 script on this machine`
          : harnessNote,
      },
    ),
    absoluteFigure(
      'dropped iterations at held rate',
      harness.ok ? harness.droppedAtHeldRate : null,
      'iterations',
      {
        note: harness.ok
          ? `at ${harness.heldWalksPerSec} walks/s = 0.8 × the harness's own top rate (${harness.walksPerSec.toFixed(0)} walks/s): a stricter rate than the goal's when the harness is the faster`
          : harnessNote,
        goal: harness.ok ? { text: '== 0', met: harness.droppedAtHeldRate === 0 } : undefined,
      },
    ),
    absoluteFigure(
      'minimal walk: dropped at held rate',
      harness.ok ? harness.minimalDroppedAtHeldRate : null,
      'iterations',
      {
        note: harness.ok
          ? `the minimal walk at the same ${harness.heldWalksPerSec} walks/s and VUs`
          : harnessNote,
      },
    ),
  ];
}

export const generatorOverhead: BenchSection = {
  name: 'generator',
  title: 'Generator overhead (nginx canned pages)',
  budgetMs: (quick) => (quick ? 90_000 : 180_000),
  async run(context): Promise<SectionOutcome> {
    const nginxTool = await ensureTool('nginx', context.log);
    if (!nginxTool.ok) return { status: 'skipped', reason: nginxTool.reason };
    const wrkTool = await ensureTool('wrk', context.log);
    const size = loadSize(context.quick);
    const nginx = await startNginx(nginxTool.tool.bin, { records: 1000 });
    try {
      await checkChain(nginx);
      const rates = await measureBaselines(context, nginx, wrkTool.ok ? wrkTool.tool.bin : undefined, size);
      context.signal.throwIfAborted();
      const harness = await measureHarnessWalk(context, nginx, size, {
        // The shortest canned walk has 2 pages: the harness cannot walk faster than this.
        upperWalksPerSec: rates.minimal / 2,
        claimedShare: HARNESS_RATE_GOAL,
        minimal: rates.minimal,
        measureMinimal: async () =>
          stat((await measureMinimalWalk(context, nginx, size)).metrics, 'http_reqs', 'rate') ?? NaN,
        minimalDroppedAt: async (walksPerSec, vus) =>
          stat(
            (await measureMinimalWalk(context, nginx, size, { walksPerSec, vus })).metrics,
            'dropped_iterations',
            'count',
          ) ?? 0,
      });
      const wrkNote = wrkTool.ok ? undefined : `skipped: ${wrkTool.reason}`;
      const details = {
        size,
        pagesPerWalk: nginx.site.pagesPerDefaultWalk,
        rates,
        harness,
        nginx: nginxTool.tool.version,
        wrk: wrkTool.ok ? wrkTool.tool.version : null,
      };
      return { status: 'ok', figures: figures(rates, harness, wrkNote), details };
    } finally {
      await nginx.stop();
    }
  },
};
