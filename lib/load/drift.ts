/**
 * Latency drift over a run, judged against the run itself: the first third is the baseline (under
 * the same load as the rest, so a busy machine is not mistaken for drift), and every later
 * latency is reported as its distance from the baseline's median. A k6 VU keeps one tracker:
 * a VU that saw too little of the first third reports nothing.
 */
import type { periodOf } from './tags.ts';

type Period = ReturnType<typeof periodOf>;

/** Fewer early samples than this make no baseline. */
const MIN_BASELINE = 5;
/** Enough for a stable median; memory stays bounded however long the run. */
const MAX_BASELINE = 500;

export interface DriftTracker {
  /** The latency's distance from the baseline median, or null while there is none to compare. */
  observe(latencyMs: number, period: Period): number | null;
}

export function driftTracker(): DriftTracker {
  const early: number[] = [];
  let baseline: number | null | undefined;
  return {
    observe(latencyMs, period) {
      if (period === 'early') {
        if (early.length < MAX_BASELINE) early.push(latencyMs);
        return null;
      }
      if (baseline === undefined) {
        const sorted = [...early].sort((a, b) => a - b);
        baseline = sorted.length >= MIN_BASELINE ? (sorted[Math.floor(sorted.length / 2)] ?? null) : null;
      }
      return baseline === null ? null : latencyMs - baseline;
    },
  };
}
