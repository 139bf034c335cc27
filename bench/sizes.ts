/**
 * How long and how wide each measurement is. Every load run of one section uses the same
 * connections and duration, so that its ratios compare like with like.
 */
export interface LoadSize {
  /** Connections (wrk) = virtual users (k6). */
  connections: number;
  durationSec: number;
  /**
   * The generator section measures the minimal walk and the harness's top rate in this many
   * alternating pairs and reports the median ratio: on a shared machine one pair of 10 s runs
   * varied by ±15 %.
   */
  rounds: number;
}

/** The default bench stays under ~10 minutes on 2 cores; --quick under ~1.5. */
export function loadSize(quick: boolean): LoadSize {
  return quick
    ? { connections: 8, durationSec: 3, rounds: 1 }
    : { connections: 8, durationSec: 10, rounds: 3 };
}

/** k6 and wrk get this much beyond their duration to start, stop and write their summary. */
export const RUN_SLACK_MS = 30_000;

export const runTimeoutMs = (size: LoadSize): number => size.durationSec * 1000 + RUN_SLACK_MS;
