/**
 * What to run next to turn a capacity answer into a better one: a bound into a measurement, a
 * coarse measurement into a finer one, a step the generator could not drive into one it can.
 */
import type { CapacityAnswer, StepVerdict } from './objective.ts';
import type { StepStats } from './step-stats.ts';

export interface RunShape {
  /** What ended the run. */
  stoppedBy: 'ceiling' | 'time-budget' | 'objective' | 'generator' | 'setup' | 'error';
  /** `--max`, and the target file's load.maxRps: the lower one is the ceiling. */
  maxRps: number;
  targetMaxRps: number;
  stepRps: number;
  startRps: number;
  workers: number;
}

const UNDRIVEN_WHY = {
  late: 'started its arrivals late',
  queued: 'queued its requests behind its own busy event loop',
  short: 'started too few arrivals',
  over: 'started more arrivals than planned',
} as const;

function generatorAdvice(steps: readonly StepStats[], shape: RunShape): string[] {
  const undriven = steps.filter((step) => step.undriven !== undefined);
  const first = undriven[0];
  if (!first?.undriven) return [];
  return [
    `add --workers (now ${shape.workers}): the generator ${UNDRIVEN_WHY[first.undriven]} at ${first.offeredRps} rps, so ${undriven.length} step(s) were not counted`,
  ];
}

function boundAdvice(answer: CapacityAnswer, shape: RunShape): string[] {
  if (answer.kind === 'below')
    return [
      `lower --start (now ${shape.startRps}): the first step measured, ${answer.rps} rps, already missed the objective`,
    ];
  if (answer.kind === 'none')
    return [`lower --start (now ${shape.startRps}) or add --workers: no step was driven`];
  if (answer.kind === 'measured') {
    const finer = Math.max(1, Math.round(shape.stepRps / 4));
    return finer < shape.stepRps && answer.missedAt !== undefined
      ? [`for a finer answer: --start ${answer.rps} --step ${finer} --max ${answer.missedAt}`]
      : [];
  }
  if (shape.stoppedBy === 'time-budget')
    return [
      `raise --run-budget or --step: the time budget ended the run while steps still met the objective`,
    ];
  if (shape.stoppedBy === 'error')
    return ['run again: a step could not run, and every step before it met the objective'];
  if (shape.targetMaxRps < shape.maxRps)
    return [
      `raise load.maxRps in the target file (now ${shape.targetMaxRps}): the top step still met the objective`,
    ];
  return [`raise --max (now ${shape.maxRps}): the top step still met the objective`];
}

/** One line per thing to do, the generator's first (its steps hide the target's answer). */
export function nextSteps(
  answer: CapacityAnswer,
  steps: readonly StepStats[],
  verdicts: readonly StepVerdict[],
  shape: RunShape,
): string[] {
  const undrivenAboveAnswer =
    answer.kind === 'at-least' &&
    steps.some((step, at) => at > answer.index && verdicts[at]?.verdict === 'undriven');
  const advice = generatorAdvice(steps, shape);
  // An `at-least` capped by undriven steps is the generator's to lift, not --max's.
  return undrivenAboveAnswer ? advice : [...advice, ...boundAdvice(answer, shape)];
}
