/**
 * The gate's closing lines (lib/gate/console.ts): one line per failing cause with the checks that
 * saw it and its replay under it, never one line per property; then the verdict, then the report.
 */
import { describe, expect, it } from 'vitest';
import { verdictLine } from '../../lib/cli/run-lines.ts';
import { failureLines } from '../../lib/gate/console.ts';
import { buildSummary, type Finding } from '../../lib/report/build.ts';
import { testRun } from '../report/test-run.ts';
import type { Failure } from '../../lib/failure.ts';

const duplicate = (id: string): Failure => ({
  check: 'no-duplicate-ids',
  code: 'DUPLICATE_ID',
  severity: 'error',
  message: `id ${id} on pages 1 and 2`,
  expected: 'each id once',
  received: 'twice',
  requests: [],
});

function summaryWith(properties: string[], more: Finding[] = []) {
  const findings: Finding[] = [
    ...properties.map((name, index): Finding => ({
      check: { name, kind: 'property' },
      outcome: { verdict: 'failed', failures: [duplicate(`o-${index}`)] },
    })),
    {
      check: { name: 'walk/smoke latency p95 < 500', kind: 'threshold' },
      outcome: {
        verdict: 'failed',
        failures: [{ ...duplicate('x'), check: 'latency', received: 'p95 812 ms' }],
      },
    },
    { check: { name: 'pagination.shape', kind: 'property' }, outcome: { verdict: 'passed' } },
    ...more,
  ];
  return buildSummary(testRun('gate', { finishedAt: new Date(1) }), [{ findings }]);
}

describe('the gate console', () => {
  it('should print a cause once with the properties that saw it', () => {
    const lines = failureLines(
      summaryWith(['pagination.no-duplicates', 'pagination.limit-change', 'churn.walk']),
    );
    expect(lines).toEqual([
      'FAILED no-duplicate-ids: id o-0 on pages 1 and 2',
      '  seen by 3 properties: pagination.no-duplicates, pagination.limit-change, churn.walk',
      'FAILED walk/smoke latency p95 < 500: p95 812 ms',
    ]);
  });

  it('should say one property in the singular, and nothing when all held', () => {
    expect(failureLines(summaryWith(['pagination.no-duplicates']))[1]).toBe(
      '  seen by 1 property: pagination.no-duplicates',
    );
  });

  it("should count a load that saw the same invariant under the cause, and give the cause's replay", () => {
    const replay = 'npm run gate -- --fault page-boundary-duplicate --load walk';
    const summary = summaryWith(
      ['pagination.no-duplicates'],
      [
        {
          check: { name: 'walk/smoke no-duplicate-ids', kind: 'invariant', family: 'load' },
          outcome: { verdict: 'failed', failures: [duplicate('o-9')], replay },
        },
      ],
    );
    expect(failureLines(summary).slice(0, 3)).toEqual([
      'FAILED no-duplicate-ids: id o-0 on pages 1 and 2',
      '  seen by 1 property and 1 invariant: pagination.no-duplicates, walk/smoke no-duplicate-ids',
      `  replay: ${replay}`,
    ]);
  });

  it('should say the verdict on its own line, the report line following it', () => {
    const summary = summaryWith(['pagination.no-duplicates']);
    expect(verdictLine(summary)).toBe('verdict FAIL');
  });
});
