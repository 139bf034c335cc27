/**
 * What a load's points cost: one harness walk run against nginx's canned pages at a fixed rate,
 * then the bytes its points files hold and the time one more judge's read of them takes
 * (readRunPoints: parse, merge, split by tag, collect failures). Uses only what the harness has
 * had since its points were one JSON line per sample, so the same file measures a checkout from
 * before the interval cells (see docs/bench.md) and this one.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readRunPoints } from '../lib/load/points/run-points.ts';
import { runLoad } from '../lib/load/run/run-load.ts';
import { RUN_SLACK_MS } from './sizes.ts';

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
  const result = await runLoad({
    scenario: 'walk',
    profile: 'smoke',
    target: options.targetFile,
    rate: walksPerSec,
    duration: `${durationSec}s`,
    outDir: path.join(options.dir, `points-${walksPerSec}-${Date.now()}`),
    timeoutMs: durationSec * 1000 + RUN_SLACK_MS + 60_000,
    // The canned pages know no keys: a refused request would be served, and end the run.
    refused: false,
  });
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
