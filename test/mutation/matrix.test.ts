import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { propertiesFor, runMatrix } from '../../lib/props/matrix.ts';
import '../setup/provide-layers.ts';

describe('mutation matrix', () => {
  it('should catch every fault that shows without load, with a property made for it, and pass the clean sandbox for 3 seeds', async () => {
    const { rows, clean } = await runMatrix({ seed: 1, cleanSeeds: [1, 2, 3] });

    expect(rows.map((row) => row.fault)).toEqual(FAULTS.map((fault) => fault.name));
    for (const fault of FAULTS) {
      const row = rows.find((entry) => entry.fault === fault.name);
      if (fault.needsLoad) {
        expect(row?.verdict, fault.name).toBe('load');
        continue;
      }
      expect(row?.verdict, `${fault.name} was not caught`).toBe('caught');
      expect(propertiesFor(fault.name).map((property) => property.name)).toContain(row?.caughtBy?.property);
      expect(row?.caughtBy?.shrunkRequests, fault.name).toBeGreaterThan(0);
    }
    expect(clean.map((run) => run.failed)).toEqual([[], [], []]);
    expect(clean.every((run) => run.passed > 25)).toBe(true);
  }, 240_000);

  it('should fail the whole suite too, not only the properties aimed at the fault', async () => {
    const sample = ['page-boundary-skip', 'cursor-500', 'scope-bypass'];
    const { rows } = await runMatrix({ seed: 2, faults: sample, full: true, cleanSeeds: [] });
    expect(rows.map((row) => [row.fault, row.verdict])).toEqual(sample.map((fault) => [fault, 'caught']));
  }, 120_000);
});
