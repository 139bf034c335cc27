/**
 * `junit.xml`: one test case per check (property, threshold, invariant), grouped in one suite per
 * kind, so CI systems list them under names that stay the same from run to run (test history,
 * flakiness tracking); a baseline comparison adds a suite of its own. A failure names its cause
 * (lib/report/causes.ts, as the console and report.html group them) and the other checks that saw
 * it, and gives the cause's replay first: thirty red test cases of one fault read as one bug. A
 * stage that could not be judged is skipped with its reason, never a failure.
 */
import builder, { type TestCase, type TestSuite } from 'junit-report-builder';
import type { Redactor } from '../redact.ts';
import { redactDeep } from '../redact.ts';
import { secondKeyWords } from '../http/two-keys.ts';
import { causesOf, countByKind, replayOf, type Cause } from './causes.ts';
import type { CheckResult, Summary } from './model.ts';

const SUITE_NAMES: Record<CheckResult['kind'], string> = {
  property: 'properties',
  threshold: 'thresholds',
  invariant: 'invariants',
};

/** The cause first: what else saw it, and how to replay and reproduce it. */
function causeLines(cause: Cause, check: CheckResult, target: Summary['target']): string[] {
  const others = cause.checks.filter((other) => other !== check);
  if (others.length === 0) return [];
  const lines = [
    `cause: ${cause.name}, seen by ${countByKind(cause.checks)}`,
    `also seen by: ${others.map((other) => other.name).join(', ')}`,
  ];
  if (cause.lead !== check) {
    const replay = replayOf(cause.lead, target);
    if (replay !== undefined) lines.push(`cause replay (as ${cause.lead.name}): ${replay}`);
    for (const file of cause.lead.reproduction ?? []) lines.push(`cause reproduction: ${file}`);
  }
  lines.push('');
  return lines;
}

function failureDetails(check: CheckResult, cause: Cause, target: Summary['target']): string {
  const lines = causeLines(cause, check, target);
  if (check.reason) lines.push(check.reason);
  for (const failure of check.failures ?? []) {
    lines.push(
      `[${failure.code}] ${failure.message}`,
      `  expected: ${failure.expected}`,
      `  received: ${failure.received}`,
    );
    for (const request of failure.requests)
      lines.push(
        `  GET ${request.path} (${request.tenant}, ${request.role} key${request.keyCase ? ` (${request.keyCase})` : ''}${secondKeyWords(request.second)}, ${request.keyPlace ?? request.scheme}${request.keySpelling ? ` spelled ${request.keySpelling}` : ''}) -> ${request.status}`,
      );
  }
  if (check.seed !== undefined)
    lines.push(`replay: seed ${check.seed}${check.path ? `, path "${check.path}"` : ''}`);
  // The whole command, naming the run's target file or sandbox faults (lib/replay-command.ts).
  const replay = replayOf(check, target);
  if (replay !== undefined) lines.push(`replay with: ${replay}`);
  for (const file of check.reproduction ?? []) lines.push(`reproduction: ${file}`);
  return lines.join('\n');
}

/** "no-duplicate-ids: id o-1 on pages 1 and 2 (+2 more) · same cause as 12 other checks" */
function failureMessage(check: CheckResult, cause: Cause): string {
  const first = check.failures?.[0];
  const more = (check.failures?.length ?? 0) > 1 ? ` (+${(check.failures?.length ?? 1) - 1} more)` : '';
  const text = first ? `${first.message}${more}` : (check.reason ?? 'failed');
  const others = cause.checks.length - 1;
  const named = cause.name === check.name ? text : `${cause.name}: ${text}`;
  return others === 0 ? named : `${named} · same cause as ${others} other check${others === 1 ? '' : 's'}`;
}

function addTestCase(
  suite: TestSuite,
  summary: Summary,
  check: CheckResult,
  causes: ReadonlyMap<CheckResult, Cause>,
): TestCase {
  const testCase = suite
    .testCase()
    .className(`${summary.command}.${check.family ?? check.kind}`)
    .name(check.name);
  if (check.durationMs !== undefined) testCase.time(check.durationMs / 1000);
  if (check.detail) testCase.property('detail', check.detail);
  const cause = causes.get(check);
  if (check.verdict === 'failed' && cause) {
    testCase.property('cause', cause.name);
    testCase
      .failure(failureMessage(check, cause), check.failures?.[0]?.code)
      .stacktrace(failureDetails(check, cause, summary.target));
  }
  // junit-report-builder writes a bare <skipped/>; the reason goes where CI viewers show it.
  if (check.verdict === 'skipped')
    testCase
      .skipped()
      .property('skipped', check.reason ?? '')
      .standardOutput(check.reason);
  return testCase;
}

function addBaselineSuite(report: ReturnType<typeof builder.newBuilder>, summary: Summary): void {
  const baseline = summary.baseline;
  if (!baseline) return;
  const suite = report.testSuite().name(`${summary.command}: baseline ${baseline.path}`);
  const testCase = suite
    .testCase()
    .className(`${summary.command}.baseline`)
    .name('no regression beyond the margins');
  if (baseline.regressions.length > 0)
    testCase
      .failure(`${baseline.regressions.length} regressions against ${baseline.path}`, 'BASELINE_REGRESSION')
      .stacktrace(baseline.regressions.map((regression) => regression.message).join('\n'));
}

/**
 * A stage that could not be judged is a skipped test case with its reason (what to do), a stage the
 * harness failed in an errored one: neither is a failure of the target. Stages that were judged
 * are their checks already.
 */
function addStagesSuite(report: ReturnType<typeof builder.newBuilder>, summary: Summary): void {
  const unfinished = summary.stages.filter(
    (stage) => stage.verdict === 'inconclusive' || stage.verdict === 'error',
  );
  if (unfinished.length === 0) return;
  const suite = report.testSuite().name(`${summary.command}: stages`);
  for (const stage of unfinished) {
    const reason = stage.reason ?? '';
    const testCase = suite
      .testCase()
      .className(`${summary.command}.stage`)
      .name(stage.name)
      .time(stage.durationMs / 1000);
    if (stage.verdict === 'error') testCase.error(reason, 'HARNESS_ERROR', reason);
    else
      testCase
        .skipped()
        .property('skipped', `could not be judged: ${reason}`)
        .standardOutput(`could not be judged: ${reason}`);
  }
}

export function renderJunit(summary: Summary, redact: Redactor): string {
  const clean = redactDeep(summary, redact);
  const report = builder.newBuilder().name(`${clean.command} ${clean.runId}`);
  const causes = new Map(
    causesOf(clean.checks).flatMap((cause) => cause.checks.map((check) => [check, cause])),
  );
  for (const kind of ['property', 'threshold', 'invariant'] as const) {
    const checks = clean.checks.filter((check) => check.kind === kind);
    if (checks.length === 0) continue;
    const suite = report.testSuite().name(`${clean.command}: ${SUITE_NAMES[kind]}`);
    for (const check of checks) addTestCase(suite, clean, check, causes);
  }
  addStagesSuite(report, clean);
  addBaselineSuite(report, clean);
  return redact(report.build());
}
