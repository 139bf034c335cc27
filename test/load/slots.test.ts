/**
 * Slots (lib/load/artillery/slots.ts): how the threads of a generator process share its arrivals
 * as Artillery shares its slots between them, and which arrivals each slot starts: every one
 * once, each handed out before its due time, none when the slot never came.
 */
import { describe, expect, it } from 'vitest';
import { distribute, instanceLane, SlotPlan, threadLanes } from '../../lib/load/artillery/slots.ts';
import { profilePhases } from '../../lib/load/phases.ts';
import { generatorArrivals, StageSchedule, type DueArrival } from '../../lib/load/walk-schedule.ts';

/**
 * The threads of a flat ramp of `slotsPerS` as Artillery runs it: divideWork gives each of its
 * threads slotsPerS / threads, and each second adjustArrivalsByWorker gives thread w (1-based)
 * the floor of that, one more while round(fraction × threads) >= w.
 */
function rampThreads(slotsPerS: number, threads: number) {
  const share = slotsPerS / threads;
  return Array.from({ length: threads }, (_, index) => ({
    perSecond: Math.floor(share) + (Math.round((share % 1) * threads) >= index + 1 ? 1 : 0),
    worker: index + 1,
    totalWorkers: threads,
  }));
}

describe('distribute', () => {
  it('should split a whole rate as Artillery does', () => {
    expect(distribute(1, 4)).toEqual([1, 0, 0, 0]);
    expect(distribute(4, 4)).toEqual([1, 1, 1, 1]);
    expect(distribute(87, 4)).toEqual([22, 22, 22, 21]);
    expect(distribute(19, 4)).toEqual([5, 5, 5, 4]);
    expect(distribute(20, 3)).toEqual([7, 7, 6]);
  });
});

describe('threadLanes', () => {
  it('should give the threads every lane once, each as many as Artillery gives it slots a second', () => {
    for (let slotsPerS = 1; slotsPerS <= 12; slotsPerS += 1)
      for (let threads = 1; threads <= 8; threads += 1) {
        const lanes = rampThreads(slotsPerS, threads).map((spec) => {
          const owned = threadLanes(slotsPerS, spec);
          expect(owned.count, `${slotsPerS} over ${threads}, thread ${spec.worker}`).toBe(spec.perSecond);
          return Array.from({ length: owned.count }, (_, i) => owned.offset + i);
        });
        expect(lanes.flat()).toEqual(Array.from({ length: slotsPerS }, (_, lane) => lane));
      }
    expect(threadLanes(3, {})).toEqual({ offset: 0, count: 3, of: 3 });
  });
});

/** Every slot of a stage's run in one process, thread by thread. */
function slotsOfProcess(rate: number, slotsPerS: number, threads: number, slots?: number) {
  const phases = profilePhases('stress', rate, 6);
  const schedule = new StageSchedule(phases);
  const arrivals = generatorArrivals(schedule, { count: 1, index: 0 });
  return {
    total: schedule.total,
    threads: rampThreads(slotsPerS, threads).map((spec) => {
      const lanes = threadLanes(slotsPerS, spec);
      const plan = new SlotPlan(arrivals, lanes, 6);
      const windowMs = 1000 / lanes.count;
      const taken = Array.from({ length: slots ?? 6 * lanes.count }, () => plan.take());
      return { windowMs, taken, share: plan.share };
    }),
  };
}

describe('SlotPlan', () => {
  it('should start every arrival once across the threads, each handed out before it is due', () => {
    for (const [rate, slotsPerS, threads] of [
      [3, 1, 1],
      [20, 1, 1],
      [20, 3, 3],
      [905, 7, 3],
      [11, 2, 4],
    ] as const) {
      const run = slotsOfProcess(rate, slotsPerS, threads);
      const indices = run.threads.flatMap(({ taken }) => taken.flat().map((arrival) => arrival.index));
      expect(indices.length, `${rate}/s, ${slotsPerS} slots/s, ${threads} threads`).toBe(run.total);
      expect(new Set(indices).size).toBe(run.total);
      const early = run.threads.flatMap(({ windowMs, taken }) =>
        taken.flatMap((slot: DueArrival[], s) => slot.filter((arrival) => arrival.dueMs < s * windowMs)),
      );
      expect(early).toEqual([]);
      expect(run.threads.reduce((sum, thread) => sum + thread.share, 0)).toBeCloseTo(1, 9);
    }
  });

  it('should leave the arrivals of slots that never came untaken, and give extra slots none', () => {
    const short = slotsOfProcess(20, 1, 1, 3);
    const taken = short.threads.flatMap(({ taken: slots }) => slots.flat()).length;
    expect(taken).toBeLessThan(short.total);
    expect(taken).toBeGreaterThan(0);

    const long = slotsOfProcess(20, 1, 1, 9);
    const slots = long.threads[0]?.taken ?? [];
    expect(slots.flat()).toHaveLength(long.total);
    expect(slots.slice(6).every((slot) => slot.length === 0)).toBe(true);
  });
});

describe('instanceLane', () => {
  it('should be a lane of the instances, the same for the same worker id', () => {
    expect(instanceLane(3, 'a1b2c3d4e5f6')).toBe(instanceLane(3, 'a1b2c3d4e5f6'));
    for (const id of ['', 'x', '0c7f9d0e-1b7e-4d8a-9f2e-2a1c5b3e4d6f'])
      expect(instanceLane(5, id)).toBeLessThan(5);
    expect(instanceLane(1, 'anything')).toBe(0);
  });
});
