/**
 * A capacity run's stage (lib/capacity/summary.ts): a step that could not run, or no step driven,
 * leaves the capacity not judged: inconclusive with what to do (exit 2), never a pass; a finding
 * beside it is exit 1.
 */
import { describe, expect, it } from 'vitest';
import { capacityReport, type MeasuredRun } from '../../lib/capacity/summary.ts';
import { buildSummary } from '../../lib/report/build.ts';
import { testRun } from '../report/test-run.ts';

function measured(run: Partial<MeasuredRun>): MeasuredRun {
  return {
    measured: [],
    failures: [],
    setupFailures: [],
    durationMs: 1000,
    steps: [],
    verdicts: [],
    capacity: { kind: 'at-least', rps: 40, index: 0 },
    lines: { capacity: 'capacity: at least 40 req/s' },
    objective: { p95Ms: 500, p99Ms: 1500, maxErrorRate: 0, max429Rate: 0.01 },
    knee: null,
    onsets: [],
    next: ['raise --max (now 40): the top step still met the objective'],
    ...run,
  };
}

const summaryOf = (run: MeasuredRun) => buildSummary(testRun('capacity'), [capacityReport(run)]);

describe('the stage of a capacity run', () => {
  it('should pass when its steps ran and nothing failed', () => {
    expect(summaryOf(measured({}))).toMatchObject({ verdict: 'pass', exitCode: 0 });
  });

  it('should be inconclusive, saying what to do, when no step was driven', () => {
    const summary = summaryOf(
      measured({
        capacity: { kind: 'none' },
        lines: { capacity: 'capacity: unknown, the generator could not drive any step' },
        next: ['lower --start (now 10) or add --workers: no step was driven'],
      }),
    );
    expect(summary).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(summary.stages[0]).toMatchObject({
      verdict: 'inconclusive',
      reason:
        'capacity: unknown, the generator could not drive any step; lower --start (now 10) or add --workers: no step was driven',
    });
  });

  it('should be inconclusive when a step could not run, and fail on a finding beside it', () => {
    const error = 'step 3: the load did not finish within 90 s; raise --timeout or shorten --duration';
    expect(summaryOf(measured({ error }))).toMatchObject({
      verdict: 'inconclusive',
      exitCode: 2,
      stages: [{ verdict: 'inconclusive', reason: `${error}; run again` }],
    });
    const failure = {
      check: 'no-duplicate-ids',
      code: 'DUPLICATE_ID',
      severity: 'error' as const,
      message: 'id o-1 twice',
      count: 1,
    };
    expect(summaryOf(measured({ error, failures: [failure] }))).toMatchObject({
      verdict: 'fail',
      exitCode: 1,
    });
  });

  // Past the page checks: a request left without an answer, and an answer's framing, are named too.
  it("should name any other check its steps broke, not fail nameless, and a step's request left unanswered as an advisory", () => {
    const failures = [
      {
        check: 'every-request-answered',
        code: 'NO_HTTP_ANSWER',
        severity: 'error' as const,
        message: "no HTTP answer to GET /public/orders?limit=5 (tenant a's full key by bearer): reset",
        count: 3,
      },
      {
        check: 'date-header-sent',
        code: 'NO_DATE',
        severity: 'error' as const,
        message: 'HTTP 200 answered without a Date header',
        count: 1,
      },
    ];
    const summary = summaryOf(measured({ failures }));
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
    const failed = summary.checks.filter((check) => check.verdict === 'failed');
    expect(failed.map((check) => check.name)).toEqual(['date-header-sent']);
    // A step's request left without an answer is a point of the curve, as a 5xx is: named, advisory.
    expect(summary.checks.find((check) => check.name === 'every-request-answered')?.verdict).toBe('passed');
    expect(summary.advisories.find((advisory) => advisory.check === 'every-request-answered')).toMatchObject({
      message: failures[0]?.message,
    });
    const dropsOnly = summaryOf(measured({ failures: failures.slice(0, 1) }));
    expect(dropsOnly.exitCode).not.toBe(1);
    // Held, it is listed as held on the requests sent.
    const clean = summaryOf(measured({}));
    expect(clean.checks.find((check) => check.name === 'every-request-answered')?.verdict).toBe('passed');
  });
});
