import { describe, expect, it } from 'vitest';
import { floorOutcome, type FloorRow } from '../../bench/sections/floor.ts';
import type { GateMatrixRow } from '../../bench/sections/gate-matrix.ts';
import { runSection } from '../../bench/section.ts';

const gate = (fault: string, exitCode: number | null): GateMatrixRow => ({
  fault,
  exitCode,
  reports: true,
  caughtBy: exitCode === 1 ? ['invalid-parameter-rejected'] : [],
  seconds: 20,
  held: exitCode === 1,
});

const row = (fault: string, flagged: boolean, exitCode: number | null): FloorRow => ({
  fault,
  peer: { caught: flagged, by: flagged ? 'not_a_server_error (ST101 Server error)' : '' },
  gate: gate(fault, exitCode),
  breach: flagged && exitCode === 0,
});

describe('the Schemathesis floor', () => {
  it('should hold when the gate catches every fault Schemathesis flags', () => {
    const rows = [row('cursor-500', true, 1), row('enum-case-insensitive', false, 1)];
    const outcome = floorOutcome(rows, gate('clean', 0), {});
    expect(outcome.status).toBe('ok');
  });

  it('should fail, naming the fault, when Schemathesis flags a fault the gate passes', () => {
    const rows = [row('cursor-500', true, 1), row('page-overflow', true, 0), row('scope-bypass', false, 0)];
    const outcome = floorOutcome(rows, gate('clean', 0), {});
    expect(outcome).toMatchObject({
      status: 'failed',
      reason: 'Schemathesis flagged, the gate passed: page-overflow',
    });
    if (outcome.status === 'skipped') throw new Error('not skipped');
    expect(outcome.tables?.[0]?.rows.map((cells) => cells.at(-1))).toEqual(['yes', 'NO', 'yes']);
  });

  it('should fail when the gate does not pass the clean sandbox', () => {
    expect(floorOutcome([], gate('clean', 1), {})).toMatchObject({ status: 'failed' });
  });

  it('should keep the figures and table of a failed section in the bench report', async () => {
    const failed = floorOutcome([row('page-overflow', true, 0)], gate('clean', 0), {});
    const section = {
      name: 'floor',
      title: 'floor',
      budgetMs: () => 1000,
      run: () => Promise.resolve(failed),
    };
    const result = await runSection(section, {
      quick: true,
      workDir: '/tmp',
      reportsDir: '/tmp',
      log: () => {},
    });
    expect(result.status).toBe('failed');
    expect(result.tables?.[0]?.rows).toHaveLength(1);
  });
});
