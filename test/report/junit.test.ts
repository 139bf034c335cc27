import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { renderJunit } from '../../lib/report/junit.ts';
import { compareWithBaseline, withBaseline } from '../../lib/report/baseline.ts';
import { sampleSummary } from './sample-summary.ts';

interface TestCaseXml {
  '@_name': string;
  '@_classname': string;
  failure?: { '@_message': string; '@_type': string; '#text'?: string };
  skipped?: unknown;
  'system-out'?: string;
}
interface SuiteXml {
  '@_name': string;
  '@_tests': string;
  testcase: TestCaseXml[];
}

const parse = (xml: string) =>
  new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  }).parse(xml) as {
    testsuites: { testsuite: SuiteXml[]; '@_tests': string; '@_failures': string; '@_skipped': string };
  };

const identity = (text: string) => text;
const statusOf = (testCase: TestCaseXml) =>
  testCase.failure !== undefined ? 'failed' : testCase.skipped !== undefined ? 'skipped' : 'passed';

describe('junit.xml', () => {
  const summary = sampleSummary();
  const xml = parse(renderJunit(summary, identity));
  const cases = xml.testsuites.testsuite.flatMap((suite) => suite.testcase);

  it('should hold one test case per check, with the check verdict as its status', () => {
    expect(cases.map((testCase) => [testCase['@_name'], statusOf(testCase)])).toEqual(
      summary.checks.map((check) => [check.name, check.verdict]),
    );
    expect(xml.testsuites).toMatchObject({ '@_tests': '6', '@_failures': '2', '@_skipped': '1' });
  });

  it('should group checks into a suite per kind', () => {
    expect(xml.testsuites.testsuite.map((suite) => [suite['@_name'], suite['@_tests']])).toEqual([
      ['gate: properties', '3'],
      ['gate: thresholds', '3'],
    ]);
  });

  it('should give a failure its message, code and details, replay included', () => {
    const failed = cases.find((testCase) => testCase['@_name'] === 'no-duplicate-ids');
    expect(failed?.failure?.['@_type']).toBe('DUPLICATE_ID');
    expect(failed?.failure?.['@_message']).toMatch(/^id ord_0042 appears on page 1 and page 2/);
    expect(failed?.failure?.['@_message']).not.toContain('same cause');
    expect(failed?.failure?.['#text']).toContain(
      'GET /public/orders?limit=2 (tenant-a, full key, bearer) -> 200',
    );
    expect(failed?.failure?.['#text']).toContain('replay: seed -1203, path "4:1:0"');
    expect(failed?.failure?.['#text']).toContain('reproduction: repro/no-duplicate-ids.sh');
  });

  it('should name the cause in each failure and the other checks that saw it, with the cause replay', () => {
    const failure = sampleSummary().checks.find((check) => check.name === 'no-duplicate-ids')?.failures?.[0];
    const run = sampleSummary(
      ['pagination.no-duplicates', 'filters.status'].map((name) => ({
        check: { name, kind: 'property' },
        outcome: { verdict: 'failed', failures: failure ? [failure] : [] },
      })),
    );
    const seen = parse(renderJunit(run, identity))
      .testsuites.testsuite.flatMap((suite) => suite.testcase)
      .find((testCase) => testCase['@_name'] === 'filters.status');
    expect(seen?.failure?.['@_message']).toMatch(
      /^no-duplicate-ids: id ord_0042 .* · same cause as 2 other checks$/,
    );
    expect(seen?.failure?.['#text']).toContain('cause: no-duplicate-ids, seen by 3 properties');
    expect(seen?.failure?.['#text']).toContain('also seen by: no-duplicate-ids, pagination.no-duplicates');
    expect(seen?.failure?.['#text']).toContain(
      'cause replay (as no-duplicate-ids): npm run props -- --fault page-boundary-duplicate --property no-duplicate-ids --seed -1203',
    );
    expect(seen?.failure?.['#text']).toContain('cause reproduction: repro/no-duplicate-ids.sh');
  });

  it('should give a skipped check its reason', () => {
    const skipped = cases.find((testCase) => testCase['@_name'] === 'key-rejected');
    expect(skipped?.['system-out']).toBe('the target file declares no revoked or expired key');
  });

  it('should add a failing baseline test case when the run regressed', () => {
    const current = sampleSummary();
    for (const row of current.metrics.latency) row.p95 *= 3;
    const regressed = withBaseline(current, 'base.json', compareWithBaseline(current, sampleSummary()));
    const suites = parse(renderJunit(regressed, identity)).testsuites.testsuite;
    const baseline = suites.find((suite) => suite['@_name'] === 'gate: baseline base.json');
    expect(baseline?.testcase[0]?.failure?.['@_type']).toBe('BASELINE_REGRESSION');
    expect(baseline?.testcase[0]?.failure?.['#text']).toContain(
      'menuItems tenant-a p95 rose from 21 ms to 63 ms',
    );
  });
});
