/**
 * The knee of a capacity curve: the first arrival-rate step where the target stops keeping up.
 *
 * A step bends when any of these holds:
 * - `p95`: its p95 exceeds `p95Factor` × the baseline p95 and the baseline by at least
 *   `minDeltaMs` (baseline: the lowest p95 of the first `baselineSteps` steps; the lowest, so a
 *   warm-up step cannot inflate it; the baseline steps themselves are not judged on p95);
 * - `throughput`: fewer than `minAchievedShare` of the offered requests per second were made
 *   (the arrival-rate executor dropped iterations, or requests did not finish);
 * - `errors`: more than `maxErrorRate` of the requests failed (no response, 5xx, other non-2xx);
 * - `429`: more than `max429Rate` of the requests were answered 429 (the target's limit bites).
 *
 * One noisy step is not a knee: the `confirmSteps` steps after it must bend too. A bending last
 * step (no step after it to confirm) is reported as an unconfirmed knee.
 */
import type { StepStats } from './step-stats.ts';

type BendReason = 'p95' | 'throughput' | 'errors' | '429';

export interface KneeRule {
  /** @default 2 */
  baselineSteps: number;
  /** @default 2 */
  p95Factor: number;
  /** @default 5 */
  minDeltaMs: number;
  /** @default 0.9 */
  minAchievedShare: number;
  /** @default 0.01 */
  maxErrorRate: number;
  /** @default 0.01 */
  max429Rate: number;
  /** @default 1 */
  confirmSteps: number;
}

export const DEFAULT_KNEE_RULE: KneeRule = {
  baselineSteps: 2,
  p95Factor: 2,
  minDeltaMs: 5,
  minAchievedShare: 0.9,
  maxErrorRate: 0.01,
  max429Rate: 0.01,
  confirmSteps: 1,
};

export interface Knee {
  /** Index of the step in the measured steps. */
  index: number;
  /** The step's offered arrival rate. */
  rps: number;
  p95: number;
  reasons: BendReason[];
  /** The step(s) after it bent too; false when it was the last step measured. */
  confirmed: boolean;
  /** The p95 the `p95` reason compares with. */
  baselineP95: number;
}

function baselineP95(steps: readonly StepStats[], rule: KneeRule): number {
  const early = steps.slice(0, Math.max(1, rule.baselineSteps)).filter((step) => step.requests > 0);
  return early.length === 0 ? 0 : Math.min(...early.map((step) => step.p95));
}

/** Why `step` bends, or an empty list when it holds. */
function bendReasons(step: StepStats, baseline: number, rule: KneeRule): BendReason[] {
  const reasons: BendReason[] = [];
  const judgedOnP95 = step.index >= rule.baselineSteps && baseline > 0;
  if (judgedOnP95 && step.p95 > baseline * rule.p95Factor && step.p95 - baseline >= rule.minDeltaMs)
    reasons.push('p95');
  if (step.offeredRps > 0 && step.achievedRps < step.offeredRps * rule.minAchievedShare)
    reasons.push('throughput');
  if (step.errorRate > rule.maxErrorRate) reasons.push('errors');
  if (step.rate429 > rule.max429Rate) reasons.push('429');
  return reasons;
}

/** The knee of the steps measured so far, or null when the curve has not bent (yet). */
export function detectKnee(steps: readonly StepStats[], rule: KneeRule = DEFAULT_KNEE_RULE): Knee | null {
  const baseline = baselineP95(steps, rule);
  const bends = steps.map((step) => bendReasons(step, baseline, rule));
  for (let index = 0; index < steps.length; index += 1) {
    const reasons = bends[index] ?? [];
    const step = steps[index];
    if (reasons.length === 0 || !step) continue;
    const following = bends.slice(index + 1, index + 1 + rule.confirmSteps);
    if (following.some((later) => later.length === 0)) continue;
    return {
      index,
      rps: step.offeredRps,
      p95: step.p95,
      reasons,
      confirmed: following.length >= rule.confirmSteps,
      baselineP95: baseline,
    };
  }
  return null;
}
