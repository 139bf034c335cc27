/**
 * One run of the harness's walk scenario against a target file (nginx's canned pages) at a fixed
 * arrival rate, every check on: what the generator, points and workers sections each measure.
 */
import path from 'node:path';
import { METRIC } from '../lib/load/metrics.ts';
import { readCells } from '../lib/load/points/read.ts';
import type { LoadResult } from '../lib/load/run/loads.ts';
import { runLoad } from '../lib/load/run/run-load.ts';
import { ENDED_WITHIN_MS, type HarnessRun } from './sections/walk-figures.ts';
import { RUN_SLACK_MS } from './sizes.ts';

export interface HarnessWalk {
  targetFile: string;
  walksPerSec: number;
  durationSec: number;
  /** Where the run's folder goes (under a name from the label and rate). */
  dir: string;
  label: string;
  /** Generator processes the rate is split over. @default 1 */
  workers?: number;
  env?: Record<string, string | undefined>;
}

/**
 * Walks that ended within ENDED_WITHIN_MS of the phase's end, read from the points (to the
 * second: cells are whole seconds, the phase counted from the first second with an arrival).
 */
export async function endedInTime(pointFiles: readonly string[], durationSec: number): Promise<number> {
  const ends: { time: number; count: number }[] = [];
  let first = Infinity;
  for (const file of pointFiles)
    for await (const cell of readCells(file)) {
      if (cell.metric === METRIC.arrivals) first = Math.min(first, cell.time);
      else if (cell.metric === METRIC.walks) ends.push({ time: cell.time, count: cell.count });
    }
  const deadline = first + durationSec * 1000 + ENDED_WITHIN_MS;
  return ends.reduce((sum, end) => (end.time < deadline ? sum + end.count : sum), 0);
}

function harnessRunOf(
  result: LoadResult,
  walksPerSec: number,
  durationSec: number,
  ended: number,
): HarnessRun {
  const requests = result.metrics.latency?.values.count ?? 0;
  return {
    walksPerSec,
    durationSec,
    requests,
    requestsPerSec: requests / durationSec,
    planned: result.generator.planned,
    started: result.generator.started,
    ended,
    latenessP95Ms: result.generator.latenessP95Ms,
    latenessP99Ms: result.generator.latenessP99Ms,
    verdict: result.verdict,
  };
}

export async function runHarnessWalk(walk: HarnessWalk): Promise<{ run: HarnessRun; result: LoadResult }> {
  const { walksPerSec, durationSec } = walk;
  const result = await runLoad({
    scenario: 'walk',
    profile: 'smoke',
    target: walk.targetFile,
    rate: walksPerSec,
    duration: `${durationSec}s`,
    outDir: path.join(walk.dir, `harness-${walk.label}-${walksPerSec}`),
    timeoutMs: durationSec * 1000 + RUN_SLACK_MS + 60_000,
    // The canned pages know no keys: a refused request would be served, and end the run.
    refused: false,
    ...(walk.workers === undefined ? {} : { workers: walk.workers }),
    ...(walk.env ? { env: walk.env } : {}),
  });
  const ended = await endedInTime(result.files.points, durationSec);
  return { run: harnessRunOf(result, walksPerSec, durationSec, ended), result };
}
