import { describe, expect, it } from 'vitest';
import { summaryText, type K6Summary } from '../../lib/load/summary.ts';
import { judge, lastK6Error, type RunOutcome } from '../../scripts/lib/load-verdict.ts';

const summary: K6Summary = {
  metrics: {
    http_req_duration: {
      type: 'trend',
      values: { med: 2, 'p(95)': 9, 'p(99)': 20, max: 30 },
      thresholds: { 'p(95)<500': { ok: true } },
    },
    'rate_limited{traffic:quiet}': {
      type: 'rate',
      values: { rate: 0.4 },
      thresholds: { 'rate<0.01': { ok: false } },
    },
  },
  root_group: { checks: [{ name: 'no-duplicate-ids', passes: 9, fails: 1 }] },
};

const outcome = (changes: Partial<RunOutcome>): RunOutcome => ({
  k6ExitCodes: [0],
  timedOut: false,
  timeoutMs: 60_000,
  k6Error: undefined,
  summary: undefined,
  merged: { files: [], points: 0, startTime: null, endTime: null, metrics: {} },
  thresholds: {},
  failures: [],
  ...changes,
});

describe('judge', () => {
  it('should warn, not fail, when k6 dropped iterations: the target saw less load than asked', () => {
    const merged: RunOutcome['merged'] = {
      files: [],
      points: 3,
      startTime: null,
      endTime: null,
      metrics: { dropped_iterations: { type: 'counter', contains: 'default', values: { count: 3 } } },
    };

    const dropped = judge(outcome({ merged }));
    const clean = judge(outcome({}));

    expect(dropped).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(dropped.warnings).toEqual([expect.stringMatching(/^k6 dropped 3 iteration\(s\): .*--max-vus/)]);
    expect(clean.warnings).toEqual([]);
  });

  it('should fail with exit 1, naming the threshold k6 found crossed', () => {
    const judgement = judge(outcome({ k6ExitCodes: [99], summary }));
    expect(judgement).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(judgement.reason).toBe('thresholds crossed: rate_limited{traffic:quiet} rate<0.01');
    expect(judgement.checks).toEqual([{ name: 'no-duplicate-ids', passes: 9, fails: 1 }]);
  });

  it('should fail an aborted run with the definitive failure that aborted it', () => {
    const failure = {
      check: 'tenant-isolation',
      code: 'TENANT_LEAK',
      severity: 'error',
      message: 'leak of x',
      count: 1,
    };
    const judgement = judge(outcome({ k6ExitCodes: [108], failures: [failure] }));
    expect(judgement).toMatchObject({
      verdict: 'fail',
      exitCode: 1,
      reason: 'aborted on tenant-isolation: leak of x',
    });
  });

  it('should judge a segmented run on the merged points, not on each segment', () => {
    const merged = {
      files: [],
      points: 10,
      startTime: null,
      endTime: null,
      metrics: { http_req_duration: { type: 'trend' as const, contains: 'time', values: { 'p(95)': 700 } } },
    };
    const judgement = judge(
      outcome({ k6ExitCodes: [0, 0], merged, thresholds: { http_req_duration: ['p(95)<500'] } }),
    );
    expect(judgement.verdict).toBe('fail');
    expect(judgement.thresholds).toEqual([
      { metric: 'http_req_duration', expression: 'p(95)<500', ok: false, actual: 700 },
    ]);
  });

  it('should call a script error or a timeout a setup error (exit 2) with one line', () => {
    expect(judge(outcome({ k6ExitCodes: [107], k6Error: 'cannot reach http://x' }))).toMatchObject({
      verdict: 'error',
      exitCode: 2,
      reason: 'cannot reach http://x',
    });
    expect(judge(outcome({ k6ExitCodes: [null], timedOut: true })).reason).toMatch(
      /^k6 did not finish within 60s/,
    );
  });

  it('should pass when k6 passed and every threshold held', () => {
    expect(
      judge(
        outcome({
          summary: { ...summary, metrics: { http_req_duration: summary.metrics.http_req_duration! } },
        }),
      ),
    ).toMatchObject({
      verdict: 'pass',
      exitCode: 0,
      reason: 'all 1 thresholds held',
    });
  });
});

describe('lastK6Error', () => {
  it('should take the first line of the last error k6 logged, without its stack', () => {
    const stderr = [
      'time="x" level=warning msg="Request Failed"',
      'time="x" level=error msg="Error: cannot reach http://127.0.0.1:9/api/v1 (dial: refused); check baseUrl\\n\\tat probe (file:///s.ts:1:1)\\n" hint="script exception"',
    ].join('\n');
    expect(lastK6Error(stderr)).toBe('cannot reach http://127.0.0.1:9/api/v1 (dial: refused); check baseUrl');
    expect(lastK6Error('nothing here')).toBeUndefined();
  });
});

describe('summaryText', () => {
  it('should lead with the crossed thresholds and failed checks', () => {
    const lines = summaryText(summary).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'thresholds: 1 held, 1 failed',
      '  FAILED rate_limited{traffic:quiet}: rate<0.01',
      '  check no-duplicate-ids: 1 of 10 failed',
    ]);
  });
});
