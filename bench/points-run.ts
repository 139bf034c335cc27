/**
 * What a load's points cost: one harness walk run against nginx's canned pages at a fixed rate,
 * then the bytes its points files hold and the time one more judge's read of them takes
 * (readRunPoints: parse, merge, split by tag, collect failures). Uses only what the harness has
 * had since its points were one JSON line per sample, so the same file (with ./harness-walk.ts)
 * measures a checkout from before the interval cells (see docs/bench.md) and this one.
 */
import { statSync } from 'node:fs';
import { readRunPoints } from '../lib/load/run-points.ts';
import { runHarnessWalk } from './harness-walk.ts';

export interface PointsRun {
  walksPerSec: number;
  durationSec: number;
  requests: number;
  files: number;
  bytes: number;
  judgeMs: number;
}

export async function measurePoints(options: {
  targetFile: string;
  walksPerSec: number;
  durationSec: number;
  dir: string;
}): Promise<PointsRun> {
  const { walksPerSec, durationSec } = options;
  const { result } = await runHarnessWalk({ ...options, label: `points-${Date.now()}` });
  const files = result.files.points;
  const started = performance.now();
  await readRunPoints(files, [50, 90, 95, 99]);
  const judgeMs = performance.now() - started;
  return {
    walksPerSec,
    durationSec,
    requests: result.metrics.latency?.values.count ?? 0,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + statSync(file).size, 0),
    judgeMs,
  };
}
