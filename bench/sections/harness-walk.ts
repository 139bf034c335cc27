/**
 * The harness's own walk scenario (scenarios/walk.ts) against the canned pages, with every check,
 * tag and metric it has. Its executors are always open-model, so its top rate is measured with an
 * arrival rate above what it can reach and VUs capped at the connections of the other clients
 * (every VU then walks back to back, as in a closed loop); a second run at the rate it claims
 * counts dropped iterations.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleScenario } from '../../scripts/lib/load-bundle.ts';
import { measureK6, stat, type MeasuredK6Run } from '../k6-measure.ts';
import type { RunningNginx } from '../nginx/server.ts';
import { cannedTarget } from '../nginx/target.ts';
import type { BenchContext } from '../section.ts';
import { runTimeoutMs, type LoadSize } from '../sizes.ts';

const WALK_SCENARIO = fileURLToPath(new URL('../../scenarios/walk.ts', import.meta.url));
/** The rate the harness is held to, as a share of its own top rate: what it can claim. */
const HELD_SHARE = 0.8;

/** One alternating pair: the minimal walk's requests/s, then the harness's top requests/s. */
interface GeneratorRound {
  minimal: number;
  harness: number;
}

export type HarnessWalkResult =
  | {
      ok: true;
      /** Each pair in the order run; the figures are their medians. */
      rounds: GeneratorRound[];
      /** Median over the rounds of harness / minimal. */
      ratio: number;
      requestsPerSec: number;
      walksPerSec: number;
      pagesPerWalk: number;
      claimedWalksPerSec: number;
      droppedAtClaimedRate: number;
      /** The minimal walk's dropped iterations at the same rate and VUs (open model too). */
      minimalDroppedAtClaimedRate: number;
      /** A rate just under the harness's own top rate, and what it dropped there. */
      heldWalksPerSec: number;
      droppedAtHeldRate: number;
      /** The minimal walk's dropped iterations at the held rate and the same VUs. */
      minimalDroppedAtHeldRate: number;
      /** k6 exit codes of the scenario's runs: 99 means its own thresholds failed. */
      exitCodes: number[];
    }
  | { ok: false; reason: string };

interface WalkRunOptions {
  bundle: string;
  nginx: RunningNginx;
  size: LoadSize;
  walksPerSec: number;
  maxVUs?: number;
  label: string;
}

function runWalk(context: BenchContext, options: WalkRunOptions): Promise<MeasuredK6Run> {
  const env: Record<string, string> = {
    HARNESS_TARGET_JSON: JSON.stringify(cannedTarget(options.nginx.baseUrl)),
    HARNESS_PROFILE: 'smoke',
    HARNESS_RATE: `${Math.max(1, Math.floor(options.walksPerSec))}`,
    HARNESS_DURATION: `${options.size.durationSec}s`,
    ...(options.maxVUs ? { HARNESS_MAX_VUS: `${options.maxVUs}` } : {}),
  };
  context.log(`generator: harness walk (${options.label}) at ${env.HARNESS_RATE} walks/s`);
  return measureK6({
    script: options.bundle,
    env,
    workDir: context.workDir,
    label: `harness-walk-${options.label}`,
    timeoutMs: runTimeoutMs(options.size),
  });
}

export interface HarnessRates {
  /** An arrival rate the harness cannot reach with `size.connections` VUs. */
  upperWalksPerSec: number;
  /**
   * The rate it should hold without dropping an iteration, as a share of the minimal walk's
   * requests/s (the median of the rounds': one fast or slow run does not set it).
   */
  claimedShare: number;
  /** The minimal walk's requests/s, measured just before (the first round's). */
  minimal: number;
  /** Measures the minimal walk again, for the later rounds. */
  measureMinimal: () => Promise<number>;
  /** The minimal walk's dropped iterations at an arrival rate (walks/s) with `vus` VUs. */
  minimalDroppedAt: (walksPerSec: number, vus: number) => Promise<number>;
}

export async function measureHarnessWalk(
  context: BenchContext,
  nginx: RunningNginx,
  size: LoadSize,
  rates: HarnessRates,
): Promise<HarnessWalkResult> {
  if (!existsSync(WALK_SCENARIO)) return { ok: false, reason: 'scenarios/walk.ts has not landed yet' };
  // The baselines stand on their own: a harness walk that cannot run is reported, not fatal.
  return measure(context, nginx, size, rates).catch((error: unknown) => ({
    ok: false,
    reason: `the walk scenario did not run: ${error instanceof Error ? error.message : String(error)}`,
  }));
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function measure(
  context: BenchContext,
  nginx: RunningNginx,
  size: LoadSize,
  rates: HarnessRates,
): Promise<HarnessWalkResult> {
  const bundle = await bundleScenario('walk', context.workDir);
  const common = { bundle, nginx, size };
  // The minimal walk and the harness in alternating pairs: each ratio compares two runs taken
  // one after the other, and the median of the pairs is what is reported.
  const rounds: GeneratorRound[] = [];
  const topRuns: MeasuredK6Run[] = [];
  for (let round = 0; round < size.rounds; round += 1) {
    const minimal = round === 0 ? rates.minimal : await rates.measureMinimal();
    context.signal.throwIfAborted();
    const top = await runWalk(context, {
      ...common,
      walksPerSec: rates.upperWalksPerSec,
      maxVUs: size.connections,
      label: `top, round ${round + 1} of ${size.rounds}`,
    });
    context.signal.throwIfAborted();
    topRuns.push(top);
    rounds.push({ minimal, harness: stat(top.metrics, 'http_reqs', 'rate') ?? NaN });
  }
  const requestsPerSec = median(rounds.map((round) => round.harness));
  const walksPerSec = median(topRuns.map((top) => stat(top.metrics, 'iterations', 'rate') ?? NaN));
  const pagesPerWalk = requestsPerSec / walksPerSec;
  // The same VUs for the harness and the minimal walk: 8 times the top rate's, room for a walk
  // held up for ~100 ms (a GC mark, the machine's other load) at 8 walks in flight on average. With
  // 4 times, the harness dropped 0-5 of 4,200 walks at 420 walks/s, and none with 8 times (three
  // runs each, docs/bench.md). The profiles' default (2 per walk/s, sized for targets that take
  // seconds per walk) would start hundreds of VUs here, whose heaps would take the walks' CPU.
  const maxVUs = size.connections * 8;
  const minimalRequestsPerSec = median(rounds.map((round) => round.minimal));
  const claimedWalksPerSec = Math.floor((minimalRequestsPerSec * rates.claimedShare) / pagesPerWalk);
  const claimed = await runWalk(context, {
    ...common,
    walksPerSec: claimedWalksPerSec,
    maxVUs,
    label: 'claimed',
  });
  context.signal.throwIfAborted();
  // The same rate and VUs for the minimal walk: what an open model costs any k6 script here.
  const minimalDroppedAtClaimedRate = await rates.minimalDroppedAt(claimedWalksPerSec, maxVUs);
  context.signal.throwIfAborted();
  const heldWalksPerSec = Math.floor(walksPerSec * HELD_SHARE);
  const held = await runWalk(context, { ...common, walksPerSec: heldWalksPerSec, maxVUs, label: 'held' });
  context.signal.throwIfAborted();
  const minimalDroppedAtHeldRate = await rates.minimalDroppedAt(heldWalksPerSec, maxVUs);
  return {
    ok: true,
    rounds,
    ratio: median(rounds.map((round) => round.harness / round.minimal)),
    requestsPerSec,
    walksPerSec,
    pagesPerWalk,
    claimedWalksPerSec,
    droppedAtClaimedRate: stat(claimed.metrics, 'dropped_iterations', 'count') ?? 0,
    minimalDroppedAtClaimedRate,
    heldWalksPerSec,
    droppedAtHeldRate: stat(held.metrics, 'dropped_iterations', 'count') ?? 0,
    minimalDroppedAtHeldRate,
    exitCodes: [...topRuns.map((top) => top.exitCode), claimed.exitCode, held.exitCode],
  };
}
