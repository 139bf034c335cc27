/**
 * The harness's walk in the open model without Artillery's arrival timer (./own-schedule-child.ts):
 * the same walk, checks and points, the same lateness rule, arrivals started by a plain 1 ms timer
 * that starts every one that is due. Set beside the walk through Artillery (./harness-walk.ts), it
 * says what Artillery's timer (one arrival per turn of the event loop, spinning between) costs.
 */
import { runBenchChild } from './runtime-child.ts';
import type { HarnessRun } from './sections/walk-figures.ts';

export interface OwnScheduleOptions {
  baseUrl: string;
  walksPerSec: number;
  durationSec: number;
}

export interface OwnScheduleCount {
  planned: number;
  started: number;
  /** Walks that ended within ENDED_WITHIN_MS of the schedule's end. */
  finished: number;
  requests: number;
  latenessP95Ms: number | null;
  latenessP99Ms: number | null;
  /** A check failed with error severity: the run found something and measured nothing. */
  failed: boolean;
}

/** One run, as a HarnessRun: held by the same rule as the walk through Artillery. */
export async function runOwnSchedule(options: OwnScheduleOptions): Promise<HarnessRun> {
  const counted = await runBenchChild<OwnScheduleCount>(
    'own-schedule-child.ts',
    options,
    options.durationSec * 1000 + 45_000,
  );
  return {
    walksPerSec: options.walksPerSec,
    durationSec: options.durationSec,
    requests: counted.requests,
    requestsPerSec: counted.requests / options.durationSec,
    planned: counted.planned,
    started: counted.started,
    // A timer that starts every due arrival keeps starting them on time while the walks themselves
    // fall behind, so lateness alone is not enough: the held rule reads this too.
    ended: counted.finished,
    latenessP95Ms: counted.latenessP95Ms,
    latenessP99Ms: counted.latenessP99Ms,
    // No thresholds are judged here, only the checks: a failed one ends the walks, as in a load run.
    verdict: counted.failed ? 'fail' : 'pass',
  };
}
