/**
 * The capacity of a target: the highest arrival-rate step that met the objective (p95 and p99
 * under their thresholds, errors within the budget, the 429 share under its threshold).
 *
 * Each step is `met`, `missed` (with what it missed) or `undriven`: the generator could not drive
 * it (lib/load/verdict.ts GENERATOR_BOUNDS), so what it measured is not the load it claims and the
 * step counts neither way. The first miss that the next driven step confirms (or a miss on the
 * last driven step) is the boundary; the capacity is the highest met step below it. With no
 * boundary, nothing above the capacity was seen to miss, so it is a lower bound (`at-least`);
 * with no step met, it is an upper bound (`below` the first step that missed).
 */
import type { StepStats } from './step-stats.ts';

export interface Objective {
  /** p95 must stay under this, ms. @default 500 */
  p95Ms: number;
  /** p99 must stay under this, ms. @default 1500 */
  p99Ms: number;
  /** Share of requests that may be errors (no response, 5xx, other non-2xx). @default 0 */
  maxErrorRate: number;
  /** The share of 429s must stay under this. @default 0.01 */
  max429Rate: number;
}

export const DEFAULT_OBJECTIVE: Objective = { p95Ms: 500, p99Ms: 1500, maxErrorRate: 0, max429Rate: 0.01 };

type Miss = 'p95' | 'p99' | 'errors' | '429';

export type StepVerdict =
  { verdict: 'met' } | { verdict: 'missed'; misses: Miss[] } | { verdict: 'undriven' };

export function judgeStep(step: StepStats, objective: Objective): StepVerdict {
  if (step.undriven) return { verdict: 'undriven' };
  const misses: Miss[] = [];
  if (step.p95 >= objective.p95Ms) misses.push('p95');
  if (step.p99 >= objective.p99Ms) misses.push('p99');
  if (step.errorRate > objective.maxErrorRate) misses.push('errors');
  if (step.rate429 >= objective.max429Rate) misses.push('429');
  return misses.length === 0 ? { verdict: 'met' } : { verdict: 'missed', misses };
}

/**
 * `measured`: a step above it missed; `at-least`: no step above it missed (a lower bound);
 * `below`: no step met, the first one measured missed (an upper bound); `none`: the generator
 * drove no step.
 */
export type CapacityAnswer =
  | { kind: 'measured' | 'at-least'; rps: number; index: number; missedAt?: number }
  | { kind: 'below'; rps: number; index: number }
  | { kind: 'none' };

/**
 * The first missed step that the next driven step confirms by missing too; with `lastCounts`, a
 * miss on the last driven step also counts (nothing measured above it says otherwise).
 */
export function confirmedMiss(verdicts: readonly StepVerdict[], lastCounts = true): number | undefined {
  const driven = verdicts.map((_, at) => at).filter((at) => verdicts[at]?.verdict !== 'undriven');
  return driven.find((at, position) => {
    const next = driven[position + 1];
    if (verdicts[at]?.verdict !== 'missed') return false;
    return next === undefined ? lastCounts : verdicts[next]?.verdict === 'missed';
  });
}

export function findCapacity(steps: readonly StepStats[], verdicts: readonly StepVerdict[]): CapacityAnswer {
  const end = confirmedMiss(verdicts);
  const below = steps.slice(0, end ?? steps.length);
  const met = below.filter((step) => verdicts[step.index]?.verdict === 'met').at(-1);
  const endStep = end === undefined ? undefined : steps[end];
  if (met && endStep)
    return { kind: 'measured', rps: met.offeredRps, index: met.index, missedAt: endStep.offeredRps };
  if (met) return { kind: 'at-least', rps: met.offeredRps, index: met.index };
  if (endStep) return { kind: 'below', rps: endStep.offeredRps, index: endStep.index };
  return { kind: 'none' };
}

/** Capacity over the expected production rate; a bound stays a bound. */
export function headroomLine(answer: CapacityAnswer, expectedRps: number): string | undefined {
  if (answer.kind === 'none') return undefined;
  const ratio = (answer.rps / expectedRps).toFixed(2);
  const relation = { measured: '', 'at-least': 'at least ', below: 'below ' }[answer.kind];
  return `headroom: ${relation}${ratio} x the expected ${expectedRps} req/s (capacity ${relation}${answer.rps} req/s)`;
}
