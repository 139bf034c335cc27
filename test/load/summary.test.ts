/**
 * A load in the one summary schema (lib/load/run/summary.ts): what the gate and `npm run load`
 * write. A load that could not be judged (its premise never held, its generator fell behind) is a
 * skipped check with its reason and an inconclusive stage, never a pass and never a failure; a
 * failed page check is listed once.
 */
import { describe, expect, it } from 'vitest';
import { buildSummary } from '../../lib/report/build.ts';
import type { LoadResult } from '../../lib/load/run/loads.ts';
import { loadFindings, loadStage } from '../../lib/load/run/summary.ts';
import { renderJunit } from '../../lib/report/junit.ts';
import { testRun } from '../report/test-run.ts';

const generator = {
  planned: 10,
  started: 10,
  skipped: 0,
  latenessP95Ms: 0,
  latenessP99Ms: 0,
  offeredRate: 1,
  achievedRate: 1,
};

function loadResult(judgement: Partial<LoadResult>): LoadResult {
  return {
    verdict: 'pass',
    exitCode: 0,
    reason: 'held',
    thresholds: [{ metric: 'latency', expression: 'p95 < 500', ok: true, actual: 12 }],
    checks: [{ name: 'no-duplicate-ids', pages: 40, errors: 0 }],
    generator,
    warnings: [],
    failures: [],
    setupFailures: [],
    durationMs: 0,
    ...judgement,
  } as LoadResult;
}

function summaryOf(result: LoadResult, replay?: string) {
  return buildSummary(testRun('load', { finishedAt: new Date(1000) }), [
    {
      stages: [loadStage('fairness/smoke', result)],
      findings: loadFindings(result, 'fairness/smoke', replay === undefined ? {} : { replay }),
    },
  ]);
}

describe('a load in the summary schema', () => {
  it('should pass a load that passed, with a run check naming the generator figures', () => {
    const summary = summaryOf(loadResult({}));
    expect(summary).toMatchObject({ verdict: 'pass', exitCode: 0 });
    const run = summary.checks.find((check) => check.name === 'fairness/smoke run');
    expect(run?.verdict).toBe('passed');
    expect(run?.detail).toContain('10 of 10 arrivals');
  });

  it('should skip, with the reason, a load whose premise never held, and call the run inconclusive (exit 2)', () => {
    const reason = 'the noisy tenant was throttled on 3% of its hold-phase requests (premise: 50%)';
    const summary = summaryOf(loadResult({ verdict: 'inconclusive', exitCode: 2, reason }));
    expect(summary).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    const run = summary.checks.find((check) => check.name === 'fairness/smoke run');
    expect(run).toMatchObject({ verdict: 'skipped', reason: `inconclusive: ${reason}` });
    expect(summary.stages).toEqual([
      { name: 'load', verdict: 'inconclusive', durationMs: 0, reason: `fairness/smoke: ${reason}` },
    ]);
  });

  it('should skip the run check of a load whose generator fell behind, never fail it: inconclusive, exit 2', () => {
    const reason = 'the load generator fell behind its schedule';
    const summary = summaryOf(loadResult({ verdict: 'error', exitCode: 2, reason }));
    expect(summary).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(summary.checks.filter((check) => check.verdict === 'failed')).toEqual([]);
    expect(summary.checks.find((check) => check.name === 'fairness/smoke run')).toMatchObject({
      verdict: 'skipped',
      reason: `inconclusive: ${reason}`,
    });
    expect(summary.stages[0]).toMatchObject({ verdict: 'inconclusive', reason: `fairness/smoke: ${reason}` });
  });

  it('should list a failed page check once, its first failure as data, with the replay of the load', () => {
    const first = {
      check: 'no-duplicate-ids',
      code: 'DUPLICATE_ID',
      severity: 'error' as const,
      message: 'id o-1 on pages 1 and 2',
      count: 7,
      tenant: 'tenant-a',
    };
    const replay = 'npm run load -- --fault x --scenario fairness --profile smoke';
    const summary = summaryOf(
      loadResult({
        verdict: 'fail',
        exitCode: 1,
        thresholds: [{ metric: 'latency', expression: 'p95 < 500', ok: false, actual: 812 }],
        checks: [{ name: 'no-duplicate-ids', judged: 40, unit: 'pages', errors: 7, first }],
        failures: [first],
      }),
      replay,
    );
    const listed = summary.checks.filter((check) => check.name === 'fairness/smoke no-duplicate-ids');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      verdict: 'failed',
      replay,
      failures: [
        {
          check: 'no-duplicate-ids',
          code: 'DUPLICATE_ID',
          message: 'id o-1 on pages 1 and 2',
          expected: 'No record id appears twice within one walk.',
          received: "7 time(s) under load, first with tenant-a's key",
          requests: [],
        },
      ],
    });
    expect(summary.checks.find((check) => check.kind === 'threshold')).toMatchObject({
      verdict: 'failed',
      replay,
    });
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
  });

  it('should name a request left without an answer under load in the summary and JUnit, never its key', () => {
    const key = 'summary-test-key-0001';
    const first = {
      check: 'every-request-answered',
      code: 'NO_HTTP_ANSWER',
      severity: 'error' as const,
      message:
        "no HTTP answer to GET /public/orders?limit=20 (tenant tenant-c's full key by bearer): the connection ended without a complete HTTP answer (UND_ERR_SOCKET), though the target was reached",
      count: 3,
      tenant: 'tenant-c',
      traffic: 'walk',
    };
    const summary = summaryOf(
      loadResult({
        verdict: 'fail',
        exitCode: 1,
        checks: [{ name: 'every-request-answered', judged: 300, unit: 'requests', errors: 3, first }],
        failures: [first],
      }),
    );
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(
      summary.checks.find((check) => check.name === 'fairness/smoke every-request-answered'),
    ).toMatchObject({
      verdict: 'failed',
      detail: '300 requests checked',
      failures: [{ check: 'every-request-answered', code: 'NO_HTTP_ANSWER', message: first.message }],
    });
    const junit = renderJunit(summary, (text) => text.replaceAll(key, '[redacted]'));
    expect(junit).toContain('name="fairness/smoke every-request-answered"');
    expect(junit).toContain(
      'message="every-request-answered: no HTTP answer to GET /public/orders?limit=20 (tenant tenant-c\'s full key by bearer)',
    );
    expect(junit).not.toContain(key);
  });

  it('should fail the page check that setup traffic broke, with its requests and replay, and skip the rest', () => {
    const found = {
      check: 'no-duplicate-ids',
      code: 'DUPLICATE_ID',
      severity: 'error' as const,
      message: 'id o-1 on page 2 was already returned on page 1',
      expected: 'each id once',
      received: 'o-1 twice',
      requests: [
        {
          endpoint: 'orders' as const,
          path: '/public/orders?limit=100',
          tenant: 't1',
          role: 'full' as const,
          scheme: 'bearer' as const,
          status: 200,
        },
      ],
    };
    const replay = 'npm run gate -- --fault x --load fairness';
    const notRun = 'load phase not run: its setup traffic broke 1 check(s)';
    const findings = loadFindings(
      loadResult({
        verdict: 'fail',
        exitCode: 1,
        reason: 'no-duplicate-ids before the load',
        setupFailures: [found],
        notRun,
      }),
      'fairness/smoke',
      { replay },
    );
    const summary = buildSummary(testRun('gate', { finishedAt: new Date(1000) }), [{ findings }]);
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(summary.checks.find((check) => check.name === 'fairness/smoke no-duplicate-ids')).toMatchObject({
      verdict: 'failed',
      failures: [found],
      replay,
    });
    // Nothing was measured under load: no threshold is judged, the run check says why.
    expect(summary.checks.some((check) => check.kind === 'threshold')).toBe(false);
    expect(summary.checks.find((check) => check.name === 'fairness/smoke run')).toMatchObject({
      verdict: 'skipped',
      reason: notRun,
    });
  });
});
