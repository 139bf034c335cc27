import { describe, expect, it } from 'vitest';
import { nextSteps, type RunShape } from '../../lib/capacity/next-step.ts';
import {
  confirmedMiss,
  DEFAULT_OBJECTIVE,
  findCapacity,
  headroomLine,
  judgeStep,
  type CapacityAnswer,
  type StepVerdict,
} from '../../lib/capacity/objective.ts';
import type { StepStats } from '../../lib/capacity/step-stats.ts';
import { capacityLine } from '../../lib/capacity/table.ts';
import { curve, type StepShape } from './curves.ts';

const SHAPE: RunShape = {
  stoppedBy: 'ceiling',
  maxRps: 50,
  targetMaxRps: 1000,
  stepRps: 10,
  startRps: 10,
  workers: 1,
};

function answer(shapes: StepShape[]): {
  steps: StepStats[];
  capacity: CapacityAnswer;
  next: string[];
  line: string;
} {
  const steps = curve(shapes);
  const verdicts = steps.map((step) => judgeStep(step, DEFAULT_OBJECTIVE));
  const capacity = findCapacity(steps, verdicts);
  return {
    steps,
    capacity,
    next: nextSteps(capacity, steps, verdicts, SHAPE),
    line: capacityLine(capacity, steps, verdicts, DEFAULT_OBJECTIVE),
  };
}

describe('judgeStep', () => {
  it('should name every threshold a step missed', () => {
    const [step] = curve([{ rps: 10, p95: 500, p99: 1500, errorRate: 0.001, rate429: 0.01 }]);
    expect(step && judgeStep(step, DEFAULT_OBJECTIVE)).toEqual({
      verdict: 'missed',
      misses: ['p95', 'p99', 'errors', '429'],
    });
  });

  it('should meet a step just under every threshold', () => {
    const [step] = curve([{ rps: 10, p95: 499, p99: 1499, rate429: 0.0099 }]);
    expect(step && judgeStep(step, DEFAULT_OBJECTIVE)).toEqual({ verdict: 'met' });
  });
});

describe('findCapacity', () => {
  it('should answer the highest step met below the first confirmed miss', () => {
    const { capacity, line, next } = answer([
      { rps: 10, p95: 10 },
      { rps: 20, p95: 12, rate429: 0.002 },
      { rps: 30, p95: 15, rate429: 0.05 },
      { rps: 40, p95: 600, rate429: 0.2 },
    ]);
    expect(capacity).toEqual({ kind: 'measured', rps: 20, index: 1, missedAt: 30 });
    expect(line).toBe(
      'capacity: 20 req/s (p95 12 ms, p99 18 ms, 0 errors, 0.2% 429 at that step; missed from 30 req/s on); objective p95 < 500 ms, p99 < 1500 ms, errors 0, 429 < 1.0%',
    );
    expect(next).toEqual(['for a finer answer: --start 20 --step 3 --max 30']);
  });

  it('should not end the capacity at one missed step that the next step does not confirm', () => {
    const { capacity } = answer([
      { rps: 10, p95: 10 },
      { rps: 20, p95: 10, errorRate: 0.01 },
      { rps: 30, p95: 10 },
      { rps: 40, p95: 900 },
      { rps: 50, p95: 900 },
    ]);
    expect(capacity).toMatchObject({ kind: 'measured', rps: 30, missedAt: 40 });
  });

  it('should give a bound, and say to raise --max, when the top step still met the objective', () => {
    const { capacity, line, next } = answer([
      { rps: 10, p95: 10 },
      { rps: 50, p95: 40 },
    ]);
    expect(capacity).toEqual({ kind: 'at-least', rps: 50, index: 1 });
    expect(line).toMatch(/^capacity: at least 50 req\/s /);
    expect(next).toEqual(['raise --max (now 50): the top step still met the objective']);
  });

  it('should give an upper bound, and say to lower --start, when the first step already missed', () => {
    const { capacity, line, next } = answer([
      { rps: 10, p95: 700 },
      { rps: 20, p95: 900 },
    ]);
    expect(capacity).toEqual({ kind: 'below', rps: 10, index: 0 });
    expect(line).toMatch(/^capacity: below 10 req\/s, the first step measured missed the objective \(p95\)/);
    expect(next).toEqual([
      'lower --start (now 10): the first step measured, 10 rps, already missed the objective',
    ]);
  });

  it('should not count a step the generator could not drive, and say to add --workers', () => {
    const { capacity, line, next } = answer([
      { rps: 10, p95: 10 },
      { rps: 20, p95: 10 },
      { rps: 30, p95: 10, undriven: 'late' },
      { rps: 40, p95: 10, undriven: 'late' },
    ]);
    expect(capacity).toEqual({ kind: 'at-least', rps: 20, index: 1 });
    expect(line).toMatch(/^capacity: at least 20 req\/s/);
    expect(next).toEqual([
      'add --workers (now 1): the generator started its arrivals late at 30 rps, so 2 step(s) were not counted',
    ]);
  });

  it('should answer nothing when the generator drove no step', () => {
    const { capacity, line } = answer([{ rps: 10, p95: 10, undriven: 'short' }]);
    expect(capacity).toEqual({ kind: 'none' });
    expect(line).toMatch(/^capacity: unknown, the generator could not drive any step/);
  });
});

describe('confirmedMiss', () => {
  it('should stop a run only on a miss the next driven step confirms, past a step not driven', () => {
    const missed: StepVerdict = { verdict: 'missed', misses: ['p95'] };
    const undriven: StepVerdict = { verdict: 'undriven' };
    expect(confirmedMiss([{ verdict: 'met' }, missed], false)).toBeUndefined();
    expect(confirmedMiss([{ verdict: 'met' }, missed])).toBe(1);
    expect(confirmedMiss([missed, undriven, missed], false)).toBe(0);
    expect(confirmedMiss([missed, { verdict: 'met' }, missed], false)).toBeUndefined();
  });
});

describe('nextSteps for a lower bound', () => {
  const top = curve([{ rps: 10, p95: 10 }]);
  const met = [judgeStep(top[0] as StepStats, DEFAULT_OBJECTIVE)];
  const bound: CapacityAnswer = { kind: 'at-least', rps: 10, index: 0 };

  it("should name the target's load.maxRps when it, not --max, was the ceiling", () => {
    expect(nextSteps(bound, top, met, { ...SHAPE, targetMaxRps: 10 })).toEqual([
      'raise load.maxRps in the target file (now 10): the top step still met the objective',
    ]);
  });

  it('should name the time budget when it ended the run', () => {
    expect(nextSteps(bound, top, met, { ...SHAPE, stoppedBy: 'time-budget' })).toEqual([
      'raise --run-budget or --step: the time budget ended the run while steps still met the objective',
    ]);
  });
});

describe('headroomLine', () => {
  it('should divide the capacity by the expected rate, a bound staying a bound', () => {
    expect(headroomLine({ kind: 'measured', rps: 400, index: 3 }, 250)).toBe(
      'headroom: 1.60 x the expected 250 req/s (capacity 400 req/s)',
    );
    expect(headroomLine({ kind: 'at-least', rps: 200, index: 3 }, 100)).toBe(
      'headroom: at least 2.00 x the expected 100 req/s (capacity at least 200 req/s)',
    );
    expect(headroomLine({ kind: 'none' }, 100)).toBeUndefined();
  });
});
