/**
 * One fault of each kind through the full default gate, every stage as `npm start` runs it: a
 * finding must end in exit 1 with the three reports whichever stage meets it first (a property,
 * a load's setup, the load itself). The whole catalogue, each fault alone: npm run bench -- --only
 * gate-matrix. Beside them, a fault only a load finds, through the gate's depth load alone.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blamed, GATE_MATRIX_QUICK } from '../../bench/sections/gate-matrix.ts';
import { runGateAsync } from './run-gate.ts';
import '../setup/provide-layers.ts';

const CAUGHT_BY: Record<(typeof GATE_MATRIX_QUICK)[number], string> = {
  'page-boundary-duplicate': 'no-duplicate-ids',
  'status-filter-500': 'walk-pages-succeed',
  'error-shape': 'error-body-shape',
  'shared-cache': 'tenant-isolation',
};

/**
 * The kinds the properties find (page content, status, error body) in one gate, each blamed by a
 * check of its own (the mutation matrix shows each alone caught by its property): a full gate is
 * some 20 CPU-s and a minute and a half of a lane. Together they end every load at its setup (the
 * status fault fails each setup's walk): the gate whose loads run their schedules with a fault on
 * is the load-only kind's, alone.
 */
const GATES: readonly (readonly (typeof GATE_MATRIX_QUICK)[number][])[] = [
  GATE_MATRIX_QUICK.filter((fault) => fault !== 'shared-cache'),
  ['shared-cache'],
];

// Side by side: a gate spends most of its minute waiting on its schedule (a quarter of a core),
// so these three at once keep the suite's time without starving one another's generators.
describe.concurrent('the full gate', { timeout: 300_000 }, () => {
  it.each(GATES.map((faults) => ({ faults, named: faults.join(', ') })))(
    'should exit 1 with its three reports, naming the check of each fault: $named',
    async ({ faults }) => {
      const run = await runGateAsync(
        faults.flatMap((fault) => ['--fault', fault]),
        280_000,
      );
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(1);
      for (const report of ['summary.json', 'junit.xml', 'report.html'])
        expect(readdirSync(path.join(run.reportsDir, 'latest'))).toContain(report);
      const summary = run.summary();
      expect(summary.stages.map((stage) => stage.name)).toEqual(['properties', 'load']);
      expect(summary.target.faults).toEqual(faults);
      for (const fault of faults) expect(blamed(summary), fault).toContain(CAUGHT_BY[fault]);
    },
  );

  // Not the full gate, but a gate that waits as these do (its walks slowed page by page), beside
  // them rather than after the clean gate of gate.test, which must run alone.
  it('should fail on a fault that shows only under load, naming the threshold that caught it', async () => {
    const run = await runGateAsync(
      ['--fault', 'deep-page-slowdown', '--load', 'depth', '--runs', '1'],
      280_000,
    );
    expect(run.exitCode).toBe(1);
    const failed = run.summary().checks.filter((check) => check.verdict === 'failed');
    expect(failed.map((check) => check.name)).toContainEqual(
      expect.stringMatching(/^depth\/smoke depth_latency_added/),
    );
    expect(failed.every((check) => check.kind === 'threshold')).toBe(true);
  });
});
