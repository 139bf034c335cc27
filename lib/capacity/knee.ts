/**
 * The knee of a capacity curve: the first arrival-rate step where latency bends upward, or where
 * the target stops answering what it is sent while getting slower.
 *
 * A step bends when either holds:
 * - `p95`: its p95 exceeds `p95Factor` × the baseline p95 and the baseline by at least
 *   `minDeltaMs` (baseline: the lowest p95 of the first `baselineSteps` steps; the lowest, so a
 *   warm-up step cannot inflate it; the baseline steps themselves are not judged on p95);
 * - `throughput`: fewer than `minAchievedShare` of the offered requests per second were made
 *   (requests did not finish) and its p95 is above the baseline.
 *
 * A knee is where latency rises: a step whose p95 is below the step before it is never one (a
 * target that sheds load with fast 429s or 503s gets faster, not slower: the objective and the
 * 429 onset report that, not the knee). A step the generator could not drive is left out: its
 * figures are the generator's, not the target's. One noisy step is not a knee: the
 * `confirmSteps` steps after it must bend too. A bending last step (no step after it to confirm)
 * is reported as an unconfirmed knee.
 */
import type { StepStats } from './step-stats.ts';

type BendReason = 'p95' | 'throughput';

export interface KneeRule {
  /** @default 2 */
  baselineSteps: number;
  /** @default 2 */
  p95Factor: number;
  /** @default 5 */
  minDeltaMs: number;
  /** @default 0.9 */
  minAchievedShare: number;
  /** @default 1 */
  confirmSteps: number;
}

export const DEFAULT_KNEE_RULE: KneeRule = {
  baselineSteps: 2,
  p95Factor: 2,
  minDeltaMs: 5,
  minAchievedShare: 0.9,
  confirmSteps: 1,
};

export interface Knee {
  /** Index of the step in the measured steps. */
  index: number;
  /** The step's offered arrival rate. */
  rps: number;
  p95: number;
  reasons: BendReason[];
  /** Each reason with the figures that called it, e.g. "p95 45.0 ms is 4.5 x the baseline 10.0 ms". */
  because: string[];
  /** The step(s) after it bent too; false when it was the last step measured. */
  confirmed: boolean;
  /** The p95 the `p95` reason compares with. */
  baselineP95: number;
}

function baselineP95(steps: readonly StepStats[], rule: KneeRule): number {
  const early = steps.slice(0, Math.max(1, rule.baselineSteps)).filter((step) => step.requests > 0);
  return early.length === 0 ? 0 : Math.min(...early.map((step) => step.p95));
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Why `step` bends, each with its figures; empty when it holds. */
interface Bend {
  reason: BendReason;
  because: string;
}

function bends(step: StepStats, before: StepStats | undefined, baseline: number, rule: KneeRule): Bend[] {
  if (before && step.p95 < before.p95) return [];
  const found: Bend[] = [];
  const judgedOnP95 = step.index >= rule.baselineSteps && baseline > 0;
  if (judgedOnP95 && step.p95 > baseline * rule.p95Factor && step.p95 - baseline >= rule.minDeltaMs)
    found.push({
      reason: 'p95',
      because: `p95 ${ms(step.p95)} is ${(step.p95 / baseline).toFixed(1)} x the baseline ${ms(baseline)} (bends above ${rule.p95Factor} x and ${rule.minDeltaMs} ms more)`,
    });
  const achievedFloor = step.offeredRps * rule.minAchievedShare;
  if (step.offeredRps > 0 && step.achievedRps < achievedFloor && step.p95 > baseline)
    found.push({
      reason: 'throughput',
      because: `${step.achievedRps.toFixed(1)} of ${step.offeredRps} rps offered were answered (below ${Math.round(rule.minAchievedShare * 100)} %) while p95 rose to ${ms(step.p95)}`,
    });
  return found;
}

/** The knee of the steps measured so far, or null when the curve has not bent (yet). */
export function detectKnee(all: readonly StepStats[], rule: KneeRule = DEFAULT_KNEE_RULE): Knee | null {
  const steps = all.filter((step) => step.undriven === undefined);
  const baseline = baselineP95(steps, rule);
  const found = steps.map((step, at) => bends(step, steps[at - 1], baseline, rule));
  for (const [at, step] of steps.entries()) {
    const reasons = found[at] ?? [];
    if (reasons.length === 0) continue;
    const following = found.slice(at + 1, at + 1 + rule.confirmSteps);
    if (following.some((later) => later.length === 0)) continue;
    return {
      index: step.index,
      rps: step.offeredRps,
      p95: step.p95,
      reasons: reasons.map((bend) => bend.reason),
      because: reasons.map((bend) => bend.because),
      confirmed: following.length >= rule.confirmSteps,
      baselineP95: baseline,
    };
  }
  return null;
}
