/**
 * k6's process exit codes, from go.k6.io/k6 errext/exitcodes (codes.go at the pinned v1.8.1).
 * Runs are judged by these and by the JSON they write, never by grepping output.
 */
export const K6_EXIT = {
  ok: 0,
  cloudTestRunFailed: 97,
  cloudFailedToGetProgress: 98,
  thresholdsFailed: 99,
  setupTimeout: 100,
  teardownTimeout: 101,
  genericTimeout: 102,
  stoppedFromRestApi: 103,
  invalidConfig: 104,
  externalAbort: 105,
  cannotStartRestApi: 106,
  scriptException: 107,
  scriptAborted: 108,
  goPanic: 109,
  markedAsFailed: 110,
} as const;

const DESCRIPTIONS: Record<number, string> = {
  [K6_EXIT.ok]: 'passed',
  [K6_EXIT.cloudTestRunFailed]: 'cloud test run failed',
  [K6_EXIT.cloudFailedToGetProgress]: 'could not get progress from the cloud',
  [K6_EXIT.thresholdsFailed]: 'thresholds failed',
  [K6_EXIT.setupTimeout]: 'setup() timed out',
  [K6_EXIT.teardownTimeout]: 'teardown() timed out',
  [K6_EXIT.genericTimeout]: 'timed out',
  [K6_EXIT.stoppedFromRestApi]: 'stopped through the REST API',
  [K6_EXIT.invalidConfig]: 'invalid configuration',
  [K6_EXIT.externalAbort]: 'aborted by a signal',
  [K6_EXIT.cannotStartRestApi]: 'could not start the REST API',
  [K6_EXIT.scriptException]: 'the script threw an exception',
  [K6_EXIT.scriptAborted]: 'the script aborted the test (exec.test.abort)',
  [K6_EXIT.goPanic]: 'k6 panicked',
  [K6_EXIT.markedAsFailed]: 'the script marked the test as failed (exec.test.fail)',
};

/** A short human reading of a k6 exit code, for reports and one-line errors. */
export function describeK6Exit(exitCode: number | null): string {
  if (exitCode === null) return 'killed before it exited';
  return DESCRIPTIONS[exitCode] ?? `exit code ${exitCode}`;
}
