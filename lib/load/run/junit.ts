/**
 * junit.xml of a load run: one test case per threshold and one per page check, so CI lists each
 * gate by name; a run that could not complete adds one errored case saying why.
 */
import builder from 'junit-report-builder';
import type { Redactor } from '../../redact.ts';
import type { LoadResult } from './loads.ts';

export function writeLoadJunit(result: LoadResult, file: string, redact: Redactor): void {
  const report = builder.newBuilder();
  const className = `load.${result.scenario}.${result.profile}`;
  const thresholds = report.testSuite().name(`${className} thresholds`);
  for (const threshold of result.thresholds) {
    const testCase = thresholds
      .testCase()
      .className(className)
      .name(`${threshold.metric}: ${threshold.expression}`);
    if (threshold.ok === false)
      testCase.failure(redact(`${threshold.metric} crossed ${threshold.expression}`));
  }
  const checks = report.testSuite().name(`${className} checks`);
  for (const check of result.checks) {
    const testCase = checks.testCase().className(className).name(check.name);
    const failures = result.failures.filter(
      (failure) => failure.check === check.name && failure.severity === 'error',
    );
    if (check.errors > 0) {
      const details = failures.map((f) => `[${f.code}] ${f.message} (x${f.count})`).join('\n');
      testCase.failure(redact(`${check.errors} error(s) on ${check.pages} pages`), failures[0]?.code);
      if (details) testCase.stacktrace(redact(details));
    }
  }
  if (result.verdict === 'inconclusive')
    report
      .testSuite()
      .name(`${className} run`)
      .testCase()
      .className(className)
      .name('premise')
      .skipped()
      .standardOutput(redact(result.reason));
  if (result.verdict === 'error')
    report
      .testSuite()
      .name(`${className} run`)
      .testCase()
      .className(className)
      .name('load run')
      .error(redact(result.reason));
  report.writeTo(file);
}
