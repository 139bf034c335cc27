/**
 * How long and how wide each measurement is. Every load run of one section uses the same
 * connections and duration, so that its ratios compare like with like.
 */
export interface LoadSize {
  /** Connections (wrk) = concurrent clients. */
  connections: number;
  durationSec: number;
}

/** wrk's runs in the sandbox section. */
export function loadSize(quick: boolean): LoadSize {
  return quick ? { connections: 8, durationSec: 3 } : { connections: 8, durationSec: 10 };
}

/** Artillery and wrk get this much beyond their duration to start, stop and write their summary. */
export const RUN_SLACK_MS = 30_000;
