/**
 * PhaseClock: how late the generator starts each arrival against the schedule Artillery lays out
 * for a phase (lib/load/artillery/schedule.ts). Times are plain numbers (ms), as performance.now()
 * gives them.
 */
import { artilleryScript } from '../../lib/load/artillery/script.ts';
import { describe, expect, it } from 'vitest';
import { PhaseClock, type PhaseSpec } from '../../lib/load/artillery/schedule.ts';

/** The lateness of arrivals at these times, in order. */
const lateness = (spec: PhaseSpec, times: readonly number[]): number[] => {
  const clock = new PhaseClock(spec);
  return times.map((time) => clock.arrive(time));
};

describe('PhaseClock, constant phase', () => {
  it('should find on-time arrivals 0 ms late, wherever the phase starts', () => {
    // 4 a second: one every 250 ms from the first.
    expect(lateness({ arrivalRate: 4, duration: 10 }, [1000, 1250, 1500, 1750, 2000])).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(lateness({ arrivalRate: 4, duration: 10 }, [73_512.5, 73_762.5])).toEqual([0, 0]);
  });

  it('should find a delayed arrival as late as its delay, and the next on-time one on time', () => {
    expect(lateness({ arrivalRate: 4, duration: 10 }, [0, 250, 700, 750, 1000])).toEqual([0, 0, 200, 0, 0]);
  });

  it('should keep counting from the schedule, not from the last arrival, once it falls behind', () => {
    // A saturated generator: every arrival 100 ms after the one before, 10 a second planned.
    expect(lateness({ arrivalRate: 10, duration: 5 }, [0, 150, 300, 450])).toEqual([0, 50, 100, 150]);
  });

  it('should never call an early arrival negative', () => {
    expect(lateness({ arrivalRate: 2, duration: 5 }, [0, 100, 1000])).toEqual([0, 0, 0]);
  });

  it('should count the arrivals of its phase', () => {
    const clock = new PhaseClock({ arrivalRate: 1, duration: 3 });
    expect(clock.arrivals).toBe(0);
    clock.arrive(0);
    clock.arrive(1000);
    expect(clock.arrivals).toBe(2);
  });
});

describe('PhaseClock, ramp', () => {
  // 1 → 3 a second over 3 s: periods of 1, 2 and 3 arrivals, spaced 1000, 500 and 333 ms.
  const ramp: PhaseSpec = { arrivalRate: 1, rampTo: 3, duration: 3 };

  it('should lay out one-second periods of n arrivals spaced floor(1000 / n) ms apart', () => {
    expect(lateness(ramp, [5000, 6000, 6500, 7000, 7333, 7666])).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("should measure each arrival from its period's first", () => {
    // The second period starts 400 ms late: not counted; its second arrival is 100 ms late.
    expect(lateness(ramp, [0, 1400, 2000])).toEqual([0, 0, 100]);
    // The third period's arrivals 0, 120 and 300 ms behind their ticks.
    expect(lateness(ramp, [0, 1000, 1500, 2000, 2453, 2966])).toEqual([0, 0, 0, 0, 120, 300]);
  });

  it('should count a one-second ramp at its mean rate', () => {
    // 2 → 4 in one period: 3 arrivals, 333 ms apart.
    expect(lateness({ arrivalRate: 2, rampTo: 4, duration: 1 }, [0, 333, 766])).toEqual([0, 0, 100]);
  });

  it("should share a period's fractional arrival between workers as Artillery does", () => {
    // 1.5 a second over two workers: the first takes 2 arrivals a period, the second 1.
    const spec = { arrivalRate: 1.5, rampTo: 1.5, duration: 2, totalWorkers: 2 };
    expect(lateness({ ...spec, worker: 1 }, [0, 1000])).toEqual([0, 500]);
    expect(lateness({ ...spec, worker: 2 }, [0, 1000])).toEqual([0, 0]);
  });
});

describe('artilleryScript phases', () => {
  const engine = { stages: {}, pointsDir: '/tmp/points', generator: { index: 0, count: 1 } };
  const phasesOf = (rate: number) =>
    artilleryScript(
      'http://127.0.0.1:1',
      [{ name: 'walk', phases: [{ name: 'walk', durationS: 4, rate }] }],
      engine,
    ).config.phases;

  it('should write a whole rate as a constant phase and any other as a flat ramp Artillery can split', () => {
    expect(phasesOf(452)).toEqual([{ name: 'walk:walk', duration: 4, arrivalRate: 452 }]);
    expect(phasesOf(452.5)).toEqual([{ name: 'walk:walk', duration: 4, arrivalRate: 452.5, rampTo: 452.5 }]);
  });
});
