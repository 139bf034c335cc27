/**
 * The arrival-rate steps of a capacity run: start, start + step, ... up to the ceiling, which is
 * the lower of `--max` and the target's load.maxRps (a target's own safety limit always wins), and
 * no more steps than fit in the time budget.
 */

export interface StepPlanInput {
  /** Requests per second of the first step. */
  startRps: number;
  /** Added to the rate at each step. */
  stepRps: number;
  /** The highest rate asked for. */
  maxRps: number;
  /** The target file's load.maxRps. */
  targetMaxRps: number;
  stepDurationS: number;
  /** The whole run may not take longer; each step is charged its duration plus `overheadS`. */
  timeBudgetS: number;
  /**
   * Per step: the generator's start-up (an Artillery process per step, some 5 s) and its stop
   * (the drain of requests in flight, its report). @default 8
   */
  overheadS?: number;
}

export interface StepPlan {
  /** Offered arrival rates, requests per second, one per step, ascending. */
  rates: number[];
  /** min(maxRps, targetMaxRps). */
  ceilingRps: number;
  /** What cut the plan short: the ceiling (rates reached it) or the time budget. */
  boundBy: 'ceiling' | 'time-budget';
}

export function planSteps(input: StepPlanInput): StepPlan {
  const ceilingRps = Math.min(input.maxRps, input.targetMaxRps);
  const perStepS = input.stepDurationS + (input.overheadS ?? 8);
  const fitInBudget = Math.max(1, Math.floor(input.timeBudgetS / perStepS));
  const rates: number[] = [];
  for (let rate = input.startRps; rate <= ceilingRps; rate += input.stepRps) rates.push(rate);
  if (rates.length === 0) rates.push(ceilingRps);
  if (rates.length > fitInBudget)
    return { rates: rates.slice(0, fitInBudget), ceilingRps, boundBy: 'time-budget' };
  return { rates, ceilingRps, boundBy: 'ceiling' };
}
