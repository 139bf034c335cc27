/**
 * `junit.xml`: one test case per check (property, threshold, invariant), grouped in one suite per
 * kind, so CI systems list them; a baseline comparison adds a suite of its own.
 */
import builder, { type TestCase, type TestSuite } from 'junit-report-builder';
import type { Redactor } from '../redact.ts';
import { redactDeep } from '../redact.ts';
import type { CheckResult, Summary } from './model.ts';

const SUITE_NAMES: Record<CheckResult['kind'], string> = {
  property: 'properties',
  threshold: 'thresholds',
  invariant: 'invariants',
};

function failureDetails(check: CheckResult): string {
  const lines: string[] = [];
  if (check.reason) lines.push(check.reason);
  for (const failure of check.failures ?? []) {
    lines.push(
      `[${failure.code}] ${failure.message}`,
      `  expected: ${failure.expected}`,
      `  received: ${failure.received}`,
    );
    for (const request of failure.requests)
      lines.push(
        `  GET ${request.path} (${request.tenant}, ${request.role} key, ${request.scheme}) -> ${request.status}`,
      );
  }
  if (check.seed !== undefined)
    lines.push(`replay: seed ${check.seed}${check.path ? `, path "${check.path}"` : ''}`);
  // The whole command, naming the run's target file or sandbox faults (lib/replay-command.ts).
  if (check.replay !== undefined) lines.push(`replay with: ${check.replay}`);
  for (const file of check.reproduction ?? []) lines.push(`reproduction: ${file}`);
  return lines.join('\n');
}

function failureMessage(check: CheckResult): string {
  const first = check.failures?.[0];
  const more = (check.failures?.length ?? 0) > 1 ? ` (+${(check.failures?.length ?? 1) - 1} more)` : '';
  return first ? `${first.message}${more}` : (check.reason ?? 'failed');
}

function addTestCase(suite: TestSuite, summary: Summary, check: CheckResult): TestCase {
  const testCase = suite
    .testCase()
    .className(`${summary.command}.${check.family ?? check.kind}`)
    .name(check.name);
  if (check.durationMs !== undefined) testCase.time(check.durationMs / 1000);
  if (check.detail) testCase.property('detail', check.detail);
  if (check.verdict === 'failed')
    testCase.failure(failureMessage(check), check.failures?.[0]?.code).stacktrace(failureDetails(check));
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

export function renderJunit(summary: Summary, redact: Redactor): string {
  const clean = redactDeep(summary, redact);
  const report = builder.newBuilder().name(`${clean.command} ${clean.runId}`);
  for (const kind of ['property', 'threshold', 'invariant'] as const) {
    const checks = clean.checks.filter((check) => check.kind === kind);
    if (checks.length === 0) continue;
    const suite = report.testSuite().name(`${clean.command}: ${SUITE_NAMES[kind]}`);
    for (const check of checks) addTestCase(suite, clean, check);
  }
  addBaselineSuite(report, clean);
  return redact(report.build());
}
