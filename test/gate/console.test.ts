/**
 * The gate's closing lines (lib/gate/console.ts): one line per failing cause with the checks that
 * saw it and its replay under it, never one line per property; a stage that could not be judged in
 * one line with its reason; then the verdict, then the report.
 */
import { describe, expect, it } from 'vitest';
import { verdictLine } from '../../lib/cli/run-lines.ts';
import { failureLines } from '../../lib/gate/console.ts';
import { buildSummary, stageEntry, type Finding } from '../../lib/report/build.ts';
import { gateLoadsStage, inTheGate } from '../../lib/gate/loads.ts';
import { GATE_LOADS } from '../../lib/gate/plan.ts';
import type { LoadResult } from '../../lib/load/run/loads.ts';
import { loadFindings } from '../../lib/load/run/summary.ts';
import { generatorBehind } from '../../lib/load/generator-figures.ts';
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

describe("the gate's load stage when its generator fell behind", () => {
  const generator = {
    planned: 20,
    started: 20,
    skipped: 0,
    dropped: 0,
    slots: 20,
    latenessP95Ms: 813,
    latenessP99Ms: 900,
    clientWaitP95Ms: 1,
    clientWaitP99Ms: 2,
    busyP50: 5,
    offeredRate: 2,
    achievedRate: 2,
  };
  const behind = {
    verdict: 'error',
    exitCode: 2,
    reason: generatorBehind(generator),
    thresholds: [],
    checks: [],
    generator,
    warnings: [],
    failures: [],
    setupFailures: [],
    durationMs: 10_000,
  } as unknown as LoadResult;
  const walk = GATE_LOADS.filter((load) => load.name === 'walk');

  it('should be inconclusive, naming the load and what the gate can do, never a failed check', () => {
    const result = inTheGate(behind);
    expect(result.reason).toBe(
      'the load generator fell behind its schedule: arrivals started 813 ms late at p95 (bound 500 ms); run the gate on a quieter machine, or leave this load out (--load)',
    );
    const { verdict, reason } = gateLoadsStage(walk, [result]);
    const summary = buildSummary(testRun('gate'), [
      { stages: [stageEntry('load', verdict, 10_000, reason)], findings: loadFindings(result, 'walk/smoke') },
    ]);
    expect(summary).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(summary.checks.filter((check) => check.verdict === 'failed')).toEqual([]);
    expect(failureLines(summary)).toEqual([
      `INCONCLUSIVE load stage could not be judged: walk/smoke: ${result.reason}`,
    ]);
  });

  it('should keep any other reason a load could not be judged as the load said it', () => {
    const engine = { ...behind, reason: 'the load did not finish within 100 s; raise --timeout' };
    expect(inTheGate(engine)).toBe(engine);
  });
});
