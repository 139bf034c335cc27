/**
 * The run's verdict and exit code, derived from its stages, checks and baseline (lib/report/build.ts):
 * a finding anywhere is exit 1 whatever could not be judged; a stage that could not be judged for a
 * reason on the user's side, with nothing found, is INCONCLUSIVE and exit 2, never a pass; the
 * harness's own error is loud (exit 1). The console, JUnit and validation say the same.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { stageErrorLines, verdictLine } from '../../lib/cli/run-lines.ts';
import { HarnessError } from '../../lib/errors.ts';
import { buildSummary, stageEntry, unfinishedStage, type StageReport } from '../../lib/report/build.ts';
import { withBaseline } from '../../lib/report/baseline.ts';
import { renderJunit } from '../../lib/report/junit.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { testRun } from './test-run.ts';

const BEHIND = 'walk/smoke: the load generator fell behind its schedule; run the gate on a quieter machine';
const identity = (text: string) => text;

const properties = (verdict: 'passed' | 'failed'): StageReport => ({
  stages: [stageEntry('properties', verdict === 'passed' ? 'pass' : 'fail', 10)],
  findings: [
    {
      check: { name: 'pagination.no-duplicates', kind: 'property' },
      outcome: verdict === 'passed' ? { verdict } : { verdict, reason: 'id o-1 twice' },
    },
  ],
});
const unjudgedLoad: StageReport = { stages: [stageEntry('load', 'inconclusive', 20, BEHIND)] };
const gate = (...reports: StageReport[]) => buildSummary(testRun('gate'), reports);

describe('the verdict and exit code of a run', () => {
  it('should exit 0 and pass when every stage was judged and nothing failed', () => {
    const summary = gate(properties('passed'), { stages: [stageEntry('load', 'pass', 20)] });
    expect(summary).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(verdictLine(summary)).toBe('verdict PASS');
    expect(stageErrorLines(summary)).toEqual([]);
  });

  it('should exit 2, INCONCLUSIVE with the reason, when nothing failed but a stage could not be judged', () => {
    const summary = gate(properties('passed'), unjudgedLoad);
    expect(summary).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(verdictLine(summary)).toBe('verdict INCONCLUSIVE');
    expect(stageErrorLines(summary)).toEqual([`INCONCLUSIVE load stage could not be judged: ${BEHIND}`]);
    expect(validateSummary(summary)).toMatchObject({ ok: true });
  });

  it('should exit 1 on a finding, showing the stage that could not be judged beside it', () => {
    const summary = gate(properties('failed'), unjudgedLoad);
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(stageErrorLines(summary)).toEqual([`INCONCLUSIVE load stage could not be judged: ${BEHIND}`]);
    expect(validateSummary(summary)).toMatchObject({ ok: true });
  });

  it('should exit 1 on a regression against the baseline of a run that was not judged whole', () => {
    const regression = {
      kind: 'check' as const,
      subject: 'x',
      baseline: 'passed',
      current: 'failed',
      message: 'x',
    };
    const summary = withBaseline(gate(properties('passed'), unjudgedLoad), 'main.json', [regression]);
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(withBaseline(gate(properties('passed'), unjudgedLoad), 'main.json', [])).toMatchObject({
      verdict: 'inconclusive',
      exitCode: 2,
    });
  });

  it("should make a user's error inconclusive and any other error the harness's, loud (exit 1)", () => {
    const users = unfinishedStage(
      'properties',
      5,
      new HarnessError('the target stopped answering'),
      identity,
    );
    expect(users).toEqual({
      name: 'properties',
      verdict: 'inconclusive',
      durationMs: 5,
      reason: 'the target stopped answering',
    });
    const bug = unfinishedStage('load', 5, new TypeError("cannot read 'x' of undefined"), identity);
    expect(bug.verdict).toBe('error');
    expect(bug.reason).toMatch(/^internal error: cannot read/);
    const summary = gate(properties('passed'), { stages: [bug] });
    expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(stageErrorLines(summary)).toEqual([`ERROR load stage failed in the harness: ${bug.reason ?? ''}`]);
  });

  it('should reject a summary that passes, or fails nothing at exit 1, with a stage not judged', () => {
    const summary = gate(properties('passed'), unjudgedLoad);
    expect(validateSummary({ ...summary, verdict: 'pass', exitCode: 0 })).toMatchObject({ ok: false });
    expect(validateSummary({ ...summary, verdict: 'fail', exitCode: 1 })).toMatchObject({ ok: false });
    const noReason = { ...summary, stages: [{ name: 'load', verdict: 'inconclusive', durationMs: 1 }] };
    expect(validateSummary(noReason)).toMatchObject({ ok: false });
  });
});

describe('junit.xml of a stage not judged', () => {
  const parse = (xml: string) =>
    new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' }).parse(xml) as {
      testsuites: {
        '@_failures': string;
        testsuite: { '@_name': string; testcase: Record<string, unknown> }[];
      };
    };

  it('should list it as a skipped test case with its reason, and a harness error as an error, never a failure', () => {
    const bug = unfinishedStage('properties', 5, new Error('boom'), identity);
    const xml = parse(renderJunit(gate({ stages: [bug] }, unjudgedLoad), identity));
    expect(xml.testsuites['@_failures']).toBe('0');
    const stages = xml.testsuites.testsuite.find((suite) => suite['@_name'] === 'gate: stages');
    expect(stages?.testcase).toHaveLength(2);
    const [errored, skipped] = stages?.testcase as unknown as Record<string, unknown>[];
    expect(errored).toMatchObject({ '@_name': 'properties', error: { '@_type': 'HARNESS_ERROR' } });
    expect(skipped).toMatchObject({ '@_name': 'load', 'system-out': `could not be judged: ${BEHIND}` });
    expect(skipped).toHaveProperty('skipped');
  });
});
