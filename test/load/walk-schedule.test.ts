/**
 * The harness's own schedule (lib/load/walk-schedule.ts): when each arrival of a stage is due,
 * and the exact split between generators: every arrival of the plan run once, none twice, none
 * lost, whatever the rate, the profile and the number of generators.
 */
import { describe, expect, it } from 'vitest';
import { plannedArrivals, profilePhases, type Phase } from '../../lib/load/phases.ts';
import { PROFILE_NAMES } from '../../lib/load/profiles.ts';
import {
  distributedPlanned,
  generatorArrivals,
  StageSchedule,
  type GeneratorArrivals,
} from '../../lib/load/walk-schedule.ts';

const planned = (phases: readonly Phase[]) => phases.reduce((sum, phase) => sum + plannedArrivals(phase), 0);
const all = (arrivals: GeneratorArrivals) => Array.from({ length: arrivals.count }, (_, j) => arrivals.at(j));

describe('StageSchedule', () => {
  it('should put a constant phase’s arrivals 1/rate apart, from the phase’s start', () => {
    const schedule = new StageSchedule([
      { name: 'quiet', durationS: 2, rate: 2 },
      { name: 'flood', durationS: 1, rate: 4 },
    ]);

    expect(schedule.total).toBe(8);
    expect(Array.from({ length: 8 }, (_, k) => schedule.at(k))).toEqual([
      { index: 0, dueMs: 0, phase: 'quiet' },
      { index: 1, dueMs: 500, phase: 'quiet' },
      { index: 2, dueMs: 1000, phase: 'quiet' },
      { index: 3, dueMs: 1500, phase: 'quiet' },
      { index: 4, dueMs: 2000, phase: 'flood' },
      { index: 5, dueMs: 2250, phase: 'flood' },
      { index: 6, dueMs: 2500, phase: 'flood' },
      { index: 7, dueMs: 2750, phase: 'flood' },
    ]);
    expect(() => schedule.at(8)).toThrow(RangeError);
  });

  it('should follow a ramp: as many arrivals by each time as the ramp’s rate adds up to', () => {
    // From 0 to 10 a second over 2 s: 2.5·t² arrivals by t, 10 in all.
    const schedule = new StageSchedule([{ name: 'ramp', durationS: 2, rate: 0, rampTo: 10 }]);

    expect(schedule.total).toBe(10);
    for (let k = 0; k < 10; k += 1) expect(schedule.at(k).dueMs).toBeCloseTo(Math.sqrt(k / 2.5) * 1000, 6);
  });

  it('should plan exactly the profile’s arrivals, in due order, each inside its phase', () => {
    for (const profile of PROFILE_NAMES)
      for (const rate of [1, 3, 20, 130]) {
        const phases = profilePhases(profile, rate, 12);
        const schedule = new StageSchedule(phases);
        expect(schedule.total, `${profile} at ${rate}`).toBe(planned(phases));
        const misplaced: string[] = [];
        let startMs = 0;
        let previous = -1;
        let k = 0;
        for (const phase of phases) {
          for (let i = 0; i < plannedArrivals(phase); i += 1, k += 1) {
            const { dueMs, phase: name } = schedule.at(k);
            const endMs = startMs + phase.durationS * 1000;
            if (name !== phase.name || dueMs < Math.max(previous, startMs) || dueMs >= endMs)
              misplaced.push(`${k} at ${dueMs} in ${name}`);
            previous = dueMs;
          }
          startMs += phase.durationS * 1000;
        }
        expect(misplaced, `${profile} at ${rate}`).toEqual([]);
      }
  });
});

describe('generatorArrivals', () => {
  it('should give generators with an index every arrival of the plan once between them', () => {
    for (const profile of ['smoke', 'stress', 'spike'] as const)
      for (const rate of [1, 7, 20, 905])
        for (const count of [1, 2, 3, 4]) {
          const schedule = new StageSchedule(profilePhases(profile, rate, 8));
          const shares = Array.from({ length: count }, (_, index) =>
            all(generatorArrivals(schedule, { count, index })),
          );
          const indices = shares.flat().map((arrival) => arrival.index);
          expect(indices.length, `${profile} ${rate} over ${count}`).toBe(schedule.total);
          expect(new Set(indices).size).toBe(schedule.total);
          const inOrder = shares.every((share) =>
            share.every((a, j) => j === 0 || a.dueMs >= (share[j - 1]?.dueMs ?? 0)),
          );
          expect(inOrder).toBe(true);
        }
  });

  it('should give each of N instances without an index an equal share, N of them the plan', () => {
    const phases = profilePhases('smoke', 7, 10);
    const schedule = new StageSchedule(phases);
    const shares = [0, 1, 2].map((lane) => all(generatorArrivals(schedule, { count: 3, lane })));

    expect(schedule.total).toBe(70);
    expect(shares.map((share) => share.length)).toEqual([23, 23, 23]);
    expect(distributedPlanned(phases, 3)).toBe(69);
    // Instances on distinct lanes run distinct arrivals; on the same lane, the same ones.
    expect(new Set(shares.flat().map((arrival) => arrival.index)).size).toBe(69);
    expect(all(generatorArrivals(schedule, { count: 3 }))).toEqual(shares[0]);
    expect(distributedPlanned(phases, 1)).toBe(70);
  });
});
