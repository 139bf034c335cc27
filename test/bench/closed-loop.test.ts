import { describe, expect, it } from 'vitest';
import type { ClosedLoopRun } from '../../bench/closed-loop.ts';
import { closedLoopFigures } from '../../bench/sections/closed-loop-figures.ts';
import type { HarnessRun } from '../../bench/sections/walk-figures.ts';
import { ownScheduleFigures } from '../../bench/sections/own-schedule-figures.ts';

const runs = (mode: ClosedLoopRun['mode'], rates: number[], cpu: number[]): ClosedLoopRun[] =>
  rates.map((requestsPerSec, index) => ({ mode, requestsPerSec, cpuMicrosPerRequest: cpu[index] ?? NaN }));

describe('the closed-loop figures', () => {
  it('should give each mode the median of its runs with their spread, and each over wrk', () => {
    const figures = closedLoopFigures(
      {
        parse: runs('parse', [40_000, 36_000, 38_000], [27, 29, 28]),
        harness: runs('harness', [20_000, 25_000, 24_000], [40, 38, 39]),
      },
      80_000,
      8,
    );
    const byName = Object.fromEntries(figures.map((figure) => [figure.name, figure]));

    expect(byName['closed loop: harness walk / wrk (1 thread)']?.value).toBe(0.3);
    expect(byName['closed loop: undici + JSON.parse / wrk (1 thread)']?.value).toBe(0.475);
    expect(byName['closed loop: harness walk, every check']).toMatchObject({
      value: 24_000,
      spread: { runs: 3, min: 20_000, max: 25_000 },
    });
    expect(byName['closed loop: harness walk, every check']?.note).toMatch(/^39\.0 µs of CPU per request/);
    expect(byName['closed loop: undici + JSON.parse only']?.note).toMatch(/^28\.0 µs/);
  });

  it('should print no ratio without wrk, and no figures when nothing was measured', () => {
    const figures = closedLoopFigures({ parse: runs('parse', [1000], [1]), harness: [] }, null, 8);

    expect(figures.find((figure) => figure.name.includes('/ wrk'))?.value).toBeNull();
    expect(figures.find((figure) => figure.name.endsWith('every check'))?.value).toBeNull();
    expect(closedLoopFigures(undefined, 80_000, 8)).toEqual([]);
  });
});

describe('the own-schedule figures', () => {
  const run = (over: Partial<HarnessRun>): HarnessRun => ({
    walksPerSec: 100,
    durationSec: 8,
    requests: 12_800,
    requestsPerSec: 1600,
    planned: 800,
    started: 800,
    ended: 800,
    latenessP95Ms: 2,
    latenessP99Ms: 4,
    verdict: 'pass',
    ...over,
  });
  const throughArtillery = { value: 800, rate: 50, bracket: undefined, heldNote: '', extra: {} };

  it("should set the walk on its own schedule over the walk through Artillery's, and over wrk", () => {
    const top = run({});
    const figures = ownScheduleFigures(
      {
        ladder: {
          steps: [
            { rate: 100, held: true, run: top },
            { rate: 200, held: false, run: run({ walksPerSec: 200, started: 700, planned: 1600 }) },
          ],
          top: { rate: 100, held: true, run: top },
        },
        again: [run({ requestsPerSec: 1500 }), run({ requestsPerSec: 1700 })],
      },
      throughArtillery,
      16_000,
    );
    const byName = Object.fromEntries(figures.map((figure) => [figure.name, figure]));

    expect(byName["harness walk: own schedule / Artillery's"]?.value).toBe(2);
    expect(byName['harness walk on its own schedule / wrk (1 thread)']?.value).toBe(0.1);
    expect(byName['harness walk, own schedule']?.spread).toEqual({ runs: 3, min: 1500, max: 1700 });
  });

  it('should print no ratio when the ladder never missed: its top is a bound', () => {
    const top = run({});
    const figures = ownScheduleFigures(
      {
        ladder: {
          steps: [{ rate: 100, held: true, run: top }],
          top: { rate: 100, held: true, run: top },
          bound: 'held every rate tried',
        },
        again: [],
      },
      throughArtillery,
      16_000,
    );

    expect(figures[0]?.value).toBeNull();
    expect(figures[0]?.note).toMatch(/^n\/a: the walk on its own schedule held the ladder's last rate/);
    expect(ownScheduleFigures(undefined, throughArtillery, 16_000)).toEqual([]);
  });
});
