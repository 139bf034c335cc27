import { describe, expect, it } from 'vitest';
import type { ClosedLoopRun } from '../../bench/closed-loop.ts';
import { closedLoopFigures } from '../../bench/sections/closed-loop-figures.ts';

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
