/**
 * The harness's own walk scenario (scenarios/walk.ts) against the canned pages: its rate with
 * every check, tag and metric on, and its dropped iterations at an arrival rate it should hold.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RunningNginx } from '../nginx/server.ts';
import type { BenchContext } from '../section.ts';
import type { LoadSize } from '../sizes.ts';

const WALK_SCENARIO = fileURLToPath(new URL('../../scenarios/walk.ts', import.meta.url));

export type HarnessWalkResult =
  | {
      ok: true;
      requestsPerSec: number;
      walksPerSec: number;
      claimedWalksPerSec: number;
      droppedAtClaimedRate: number;
    }
  | { ok: false; reason: string };

export async function measureHarnessWalk(
  _context: BenchContext,
  _nginx: RunningNginx,
  _size: LoadSize,
  _claimedWalksPerSec: number,
): Promise<HarnessWalkResult> {
  if (!existsSync(WALK_SCENARIO)) return { ok: false, reason: 'scenarios/walk.ts has not landed yet' };
  return Promise.resolve({ ok: false, reason: 'the walk scenario is not wired into the bench yet' });
}
