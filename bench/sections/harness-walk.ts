/**
 * The harness's own walk scenario (scenarios/walk.ts) against the canned pages, with every check,
 * tag and metric it has. Its executors are always open-model, so its top rate is measured with an
 * arrival rate above what it can reach and VUs capped at the connections of the other clients
 * (every VU then walks back to back, as in a closed loop); a second run at the rate it claims
 * counts dropped iterations.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleK6Script } from '../../scripts/build.ts';
import { bundleScenario } from '../../scripts/lib/load-bundle.ts';
import { measureK6, stat, type MeasuredK6Run } from '../k6-measure.ts';
import type { RunningNginx } from '../nginx/server.ts';
import { cannedTarget } from '../nginx/target.ts';
import type { BenchContext } from '../section.ts';
import { runTimeoutMs, type LoadSize } from '../sizes.ts';

const WALK_SCENARIO = fileURLToPath(new URL('../../scenarios/walk.ts', import.meta.url));
const HARNESS_LOOP = fileURLToPath(new URL('../k6/harness-loop.ts', import.meta.url));
/** The rate the harness is held to, as a share of its own top rate: what it can claim. */
const HELD_SHARE = 0.8;

export type HarnessWalkResult =
  | {
      ok: true;
      requestsPerSec: number;
      walksPerSec: number;
      pagesPerWalk: number;
      claimedWalksPerSec: number;
      droppedAtClaimedRate: number;
      /** Requests/s of the same walk loop with no page checks (bench/k6/harness-loop.ts). */
      loopRequestsPerSec: number;
      /** A rate just under the harness's own top rate, and what it dropped there. */
      heldWalksPerSec: number;
      droppedAtHeldRate: number;
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

/**
 * @param upperWalksPerSec an arrival rate the harness cannot reach with `size.connections` VUs
 * @param claimedRequestsPerSec the request rate it should hold without dropping an iteration
 */
export async function measureHarnessWalk(
  context: BenchContext,
  nginx: RunningNginx,
  size: LoadSize,
  rates: { upperWalksPerSec: number; claimedRequestsPerSec: number },
): Promise<HarnessWalkResult> {
  if (!existsSync(WALK_SCENARIO)) return { ok: false, reason: 'scenarios/walk.ts has not landed yet' };
  // The baselines stand on their own: a harness walk that cannot run is reported, not fatal.
  return measure(context, nginx, size, rates).catch((error: unknown) => ({
    ok: false,
    reason: `the walk scenario did not run: ${error instanceof Error ? error.message : String(error)}`,
  }));
}

async function measure(
  context: BenchContext,
  nginx: RunningNginx,
  size: LoadSize,
  rates: { upperWalksPerSec: number; claimedRequestsPerSec: number },
): Promise<HarnessWalkResult> {
  const bundle = await bundleScenario('walk', context.workDir);
  const common = { bundle, nginx, size };
  const top = await runWalk(context, {
    ...common,
    walksPerSec: rates.upperWalksPerSec,
    maxVUs: size.connections,
    label: 'top',
  });
  const requestsPerSec = stat(top.metrics, 'http_reqs', 'rate') ?? NaN;
  const walksPerSec = stat(top.metrics, 'iterations', 'rate') ?? NaN;
  const pagesPerWalk = requestsPerSec / walksPerSec;
  context.signal.throwIfAborted();
  const claimedWalksPerSec = Math.floor(rates.claimedRequestsPerSec / pagesPerWalk);
  const claimed = await runWalk(context, { ...common, walksPerSec: claimedWalksPerSec, label: 'claimed' });
  context.signal.throwIfAborted();
  const heldWalksPerSec = Math.floor(walksPerSec * HELD_SHARE);
  const held = await runWalk(context, { ...common, walksPerSec: heldWalksPerSec, label: 'held' });
  context.signal.throwIfAborted();
  const loop = await runLoopWithoutChecks(context, nginx, size);
  return {
    ok: true,
    requestsPerSec,
    walksPerSec,
    pagesPerWalk,
    claimedWalksPerSec,
    droppedAtClaimedRate: stat(claimed.metrics, 'dropped_iterations', 'count') ?? 0,
    loopRequestsPerSec: stat(loop.metrics, 'http_reqs', 'rate') ?? NaN,
    heldWalksPerSec,
    droppedAtHeldRate: stat(held.metrics, 'dropped_iterations', 'count') ?? 0,
    exitCodes: [top.exitCode, claimed.exitCode, held.exitCode],
  };
}

/** The harness's walk loop with no page checks, closed-model like the minimal walk. */
async function runLoopWithoutChecks(
  context: BenchContext,
  nginx: RunningNginx,
  size: LoadSize,
): Promise<MeasuredK6Run> {
  context.log('generator: harness walk loop without page checks');
  return measureK6({
    script: await bundleK6Script(HARNESS_LOOP, context.workDir),
    env: { HARNESS_TARGET_JSON: JSON.stringify(cannedTarget(nginx.baseUrl)) },
    args: ['--vus', `${size.connections}`, '--duration', `${size.durationSec}s`],
    workDir: context.workDir,
    label: 'harness-loop',
    timeoutMs: runTimeoutMs(size),
  });
}
