import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { propertiesFor, runMatrix, type MatrixRow } from '../../lib/props/matrix.ts';
import { lanes } from '../setup/lanes.ts';
import '../setup/provide-layers.ts';

/**
 * Three sandboxes at a time, each run a job of the matrix's own (a fault's row, clean seeds): a
 * property run waits much of its time (a Retry-After, a pause, a backoff), so one alone left this
 * file's core idle for most of its two minutes.
 */
const lane = lanes(3);

/** The rows of `faults`, each against a sandbox of its own, in the lanes. */
async function rowsOf(
  faults: readonly string[],
  options: { seed: number; full?: boolean; firstCatch?: boolean },
): Promise<MatrixRow[]> {
  const runs = await Promise.all(
    faults.map((fault) => lane(() => runMatrix({ ...options, faults: [fault], cleanSeeds: [] }))),
  );
  return runs.flatMap((run) => run.rows);
}

/** A fault that shows without load is caught by a property made for it, its reproduction shrunk. */
function expectCaught(fault: (typeof FAULTS)[number], row: MatrixRow | undefined): void {
  if (fault.needsLoad) {
    expect(row?.verdict, fault.name).toBe('load');
    return;
  }
  expect(row?.verdict, `${fault.name} was not caught`).toBe('caught');
  expect(propertiesFor(fault.name).map((property) => property.name)).toContain(row?.caughtBy?.property);
  expect(row?.caughtBy?.shrunkRequests, fault.name).toBeGreaterThan(0);
}

describe('mutation matrix', () => {
  // The lanes are taken in the order of the tests, the longest jobs first: two clean suites in a
  // row (seeds 1 and 2), then the whole suite against a fault.
  describe.concurrent('side by side', () => {
    it('should pass the clean sandbox for 3 seeds, quiescent and with churn', async () => {
      // runMatrix gives every second clean seed churn: seeds 1 and 2 in one lane, 3 in another.
      const runs = await Promise.all([
        lane(() => runMatrix({ faults: [], cleanSeeds: [1, 2] })),
        lane(() => runMatrix({ faults: [], cleanSeeds: [3] })),
      ]);
      const clean = runs.flatMap((run) => run.clean);
      expect(clean.map((run) => [run.seed, run.churn > 0])).toEqual([
        [1, false],
        [2, true],
        [3, false],
      ]);
      expect(clean.map((run) => run.failed)).toEqual([[], [], []]);
      expect(clean.every((run) => run.passed > 25)).toBe(true);
    }, 240_000);

    it('should fail the whole suite too, not only the properties aimed at the fault', async () => {
      const sample = ['page-boundary-skip', 'cursor-500', 'scope-bypass'];
      const rows = await rowsOf(sample, { seed: 2, full: true });
      expect(rows.map((row) => [row.fault, row.verdict])).toEqual(sample.map((fault) => [fault, 'caught']));
    }, 240_000);

    // Each row stops at the first property that catches its fault (what is asserted); the whole
    // suite run against a fault, every property to its end, is the test above.
    // The rate-limit faults too: their sandbox's limit (THROTTLED_LIMIT) is passed by the burst's
    // first round of requests in flight, whatever shares the event loop or the cores.
    it('should catch every fault that shows without load, with a property made for it', async () => {
      const rows = await rowsOf(
        FAULTS.map((fault) => fault.name),
        { seed: 1, firstCatch: true },
      );
      expect(rows.map((row) => row.fault)).toEqual(FAULTS.map((fault) => fault.name));
      for (const fault of FAULTS)
        expectCaught(
          fault,
          rows.find((entry) => entry.fault === fault.name),
        );
    }, 240_000);
  });
});
