import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Static } from '@sinclair/typebox';
import type { Failure } from '../../lib/failure.ts';
import { buildSummary, describeTarget, makeRunId, type Finding } from '../../lib/report/build.ts';
import { thresholdChecks } from '../../lib/report/thresholds.ts';
import type { FailureSchema, Summary } from '../../lib/report/model.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { capacityWithAnswer, sampleSummary } from './sample-summary.ts';

const problemsOf = (summary: unknown) => {
  const result = validateSummary(summary);
  return result.ok ? [] : result.problems;
};

/** A props run on staging with these findings. */
const runWith = (findings: Finding[]): Summary =>
  buildSummary(
    {
      command: 'props',
      runId: '20260614T100000Z-props-test',
      target: describeTarget('staging', 'https://staging.example.com/api/v1', { sandbox: false }),
      versions: { harness: '0.1.0', node: 'v20.19.0' },
      startedAt: new Date('2026-06-14T10:00:00Z'),
      finishedAt: new Date('2026-06-14T10:00:05Z'),
    },
    [{ findings }],
  );

/** Each threshold's check as the summary lists it. */
const thresholdResults = (thresholds: Parameters<typeof thresholdChecks>[0]) =>
  runWith(thresholdChecks(thresholds)).checks;

describe('summary.json model', () => {
  it('should describe the same Failure as lib/failure.ts', () => {
    expectTypeOf<Static<typeof FailureSchema>>().toEqualTypeOf<Failure>();
  });

  it('should validate a summary built with the builders', () => {
    expect(problemsOf(sampleSummary())).toEqual([]);
    expect(problemsOf(JSON.parse(JSON.stringify(sampleSummary())))).toEqual([]);
  });

  it('should validate a capacity with its answer, verdicts and onset limits, and one without them', () => {
    const summary = sampleSummary();
    summary.metrics.capacity = capacityWithAnswer();
    expect(problemsOf(JSON.parse(JSON.stringify(summary)))).toEqual([]);
    expect(sampleSummary().metrics.capacity?.answer).toBeUndefined();
  });

  it('should keep only origin and path of the target URL', () => {
    expect(sampleSummary().target).toEqual({
      name: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010/api/v1',
      kind: 'sandbox',
      faults: ['page-boundary-duplicate'],
    });
  });

  it('should derive a failed verdict and exit 1 from a failed check', () => {
    const summary = sampleSummary();
    expect(summary.verdict).toBe('fail');
    expect(summary.exitCode).toBe(1);
  });

  it('should move advisory failures out of a check, which then passes', () => {
    const advisory: Failure = {
      check: 'error-body-shape',
      code: 'X',
      severity: 'advisory',
      message: 'm',
      expected: 'e',
      received: 'r',
      requests: [],
    };
    const summary = runWith([
      {
        check: { name: 'error-body-shape', kind: 'property' },
        outcome: { verdict: 'failed', failures: [advisory] },
      },
    ]);
    expect(summary.checks.map((check) => check.verdict)).toEqual(['passed']);
    expect(summary.advisories).toEqual([advisory]);
    expect(summary.verdict).toBe('pass');
    expect(problemsOf(summary)).toEqual([]);
  });

  it('should turn thresholds into threshold checks with the observed value', () => {
    const [passed, failed] = thresholdResults([
      { metric: 'server_errors', expression: 'rate < 0.01', ok: true, actual: 0.002 },
      { metric: 'walk_duration', expression: 'p95 < 1000', ok: false, actual: 1250, time: true },
    ]);
    expect(passed).toMatchObject({
      name: 'server_errors: rate < 0.01',
      kind: 'threshold',
      verdict: 'passed',
    });
    expect(passed?.detail).toBe('rate=0.20 % (threshold rate < 0.01)');
    expect(failed?.verdict).toBe('failed');
    expect(failed?.failures?.[0]).toMatchObject({
      code: 'THRESHOLD_CROSSED',
      received: 'p95=1250.0 ms (threshold p95 < 1000)',
    });
  });

  it('should count a threshold without samples as held, and say so', () => {
    const [held] = thresholdResults([{ metric: 'walk_pages', expression: 'count>0', ok: null }]);
    expect(held).toMatchObject({ verdict: 'passed', detail: 'no samples (threshold count>0)' });
  });

  it('should name runs so that they sort by time', () => {
    expect(makeRunId('gate', new Date('2026-06-14T10:00:00.123Z'), 'ab12')).toBe(
      '20260614T100000Z-gate-ab12',
    );
  });
});

describe('validateSummary', () => {
  it('should reject a skipped check without a reason', () => {
    const summary = sampleSummary();
    const skipped = summary.checks.find((check) => check.verdict === 'skipped');
    delete skipped?.reason;
    expect(problemsOf(summary).join('\n')).toMatch(/skipped check needs a reason/);
  });

  it('should reject a pass verdict when a check failed', () => {
    expect(problemsOf({ ...sampleSummary(), verdict: 'pass', exitCode: 0 }).join('\n')).toMatch(/\/verdict/);
  });

  it('should require the Artillery version when thresholds are reported', () => {
    const summary = sampleSummary();
    delete summary.versions.artillery;
    expect(problemsOf(summary).join('\n')).toMatch(/\/versions\/artillery: required when a load ran/);
  });

  it('should reject a reproduction path that leaves the run directory', () => {
    const summary = sampleSummary();
    const failed = summary.checks.find((check) => check.verdict === 'failed');
    if (failed) failed.reproduction = ['../../etc/passwd'];
    expect(problemsOf(summary).join('\n')).toMatch(/reproduction/);
  });

  it('should reject fields the schema does not know and another schema version', () => {
    expect(problemsOf({ ...sampleSummary(), apiKey: 'x' }).length).toBeGreaterThan(0);
    expect(problemsOf({ ...sampleSummary(), schemaVersion: 2 }).join('\n')).toMatch(/schemaVersion/);
  });

  it('should reject the same check listed twice', () => {
    const summary = sampleSummary();
    summary.checks.push({ ...summary.checks[0]! });
    expect(problemsOf(summary).join('\n')).toMatch(/already listed/);
  });
});
