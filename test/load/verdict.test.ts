/**
 * judge(): the verdict of a run from its merged points, as a pure function. A bug found (a page
 * check error, a crossed threshold, a bug proved in setup) fails the run with exit 1; a run that
 * could not measure what it claims (no points, Artillery failed, a generator behind its schedule)
 * is an error with exit 2; everything else passes.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_CHECKS } from '../../lib/checks/registry.ts';
import type { Failure } from '../../lib/failure.ts';
import type { MergedSummary } from '../../lib/load/points/merge.ts';
import type { LoadFailure } from '../../lib/load/run-points.ts';
import {
  GENERATOR_BOUNDS,
  generatorBehind,
  generatorLine,
  type GeneratorFigures,
} from '../../lib/load/generator-figures.ts';
import { judge, rateLimiting, type RunOutcome } from '../../lib/load/verdict.ts';

type Values = Record<string, number>;

/** A merged summary holding these metrics' values. */
function merged(metrics: Record<string, Values>): MergedSummary {
  return {
    files: ['points-0.ndjson'],
    points: 100,
    startTime: null,
    endTime: null,
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([name, values]) => [
        name,
        { type: 'p95' in values || 'p50' in values ? ('trend' as const) : ('counter' as const), values },
      ]),
    ),
  };
}

/** A clean run: 10 arrivals planned over 5 s, all started on time, 40 pages, fast responses. */
const CLEAN: Record<string, Values> = {
  pages: { count: 40, rate: 8 },
  arrivals: { count: 10, rate: 2 },
  generator_lateness: { count: 10, p50: 1, p95: 4, p99: 6 },
  latency: { count: 40, p50: 5, p95: 20, p99: 30 },
};

const outcome = (changes: Partial<RunOutcome> = {}, metrics: Record<string, Values> = {}): RunOutcome => ({
  merged: merged({ ...CLEAN, ...metrics }),
  thresholds: { latency: ['p95 < 500'] },
  failures: [],
  setupFailures: [],
  planned: 10,
  scheduleS: 5,
  skipped: 0,
  ...changes,
});

const checkFailure = (changes: Partial<LoadFailure> = {}): LoadFailure => ({
  check: 'no-duplicate-ids',
  code: 'DUPLICATE_ID',
  severity: 'error',
  message: 'id ord_7 seen on pages 2 and 3',
  count: 2,
  tenant: 'tenant-a',
  endpoint: 'orders',
  traffic: 'walk',
  ...changes,
});

const setupFailure: Failure = {
  check: 'tenants-disjoint',
  code: 'SHARED_ID',
  severity: 'error',
  message: 'ord_1 belongs to tenant-a and tenant-b',
  expected: 'disjoint ids',
  received: 'ord_1 twice',
  requests: [],
};

describe('judge', () => {
  it('should pass a clean run, every page check held on every page and every threshold held', () => {
    const judgement = judge(outcome());

    expect(judgement).toMatchObject({ verdict: 'pass', exitCode: 0, warnings: [] });
    expect(judgement.reason).toBe(
      `${PAGE_CHECKS.length} page checks held on 40 pages, 8 framing checks held on 40 answers, every one of 40 requests answered; all 1 thresholds held`,
    );
    expect(judgement.thresholds).toEqual([
      { metric: 'latency', expression: 'p95 < 500', ok: true, actual: 20 },
    ]);
    expect(judgement.checks.map((check) => check.name)).toEqual([
      ...PAGE_CHECKS.map((check) => check.name),
      'date-header-sent',
      'date-current',
      'single-valued-fields',
      'retry-after-valid',
      'throttle-not-storable',
      'no-byte-order-mark',
      'key-not-disclosed',
      'challenge-on-every-401',
      'every-request-answered',
    ]);
    expect(judgement.checks.every((check) => check.judged === 40 && check.errors === 0)).toBe(true);
    expect(judgement.generator).toEqual({
      planned: 10,
      started: 10,
      skipped: 0,
      dropped: 0,
      slots: 0,
      latenessP95Ms: 4,
      latenessP99Ms: 6,
      clientWaitP95Ms: null,
      clientWaitP99Ms: null,
      busyP50: null,
      offeredRate: 2,
      achievedRate: 2,
    });
  });

  it('should fail with exit 1 on a page check error, naming the check, its count and its first message', () => {
    const first = checkFailure();
    const judgement = judge(
      outcome({ failures: [first, checkFailure({ message: 'id ord_9 twice', count: 1 })] }),
    );

    expect(judgement).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(judgement.reason).toBe('no-duplicate-ids failed 3 time(s): id ord_7 seen on pages 2 and 3');
    expect(judgement.checks.find((check) => check.name === 'no-duplicate-ids')).toEqual({
      name: 'no-duplicate-ids',
      judged: 40,
      unit: 'pages',
      errors: 3,
      first,
    });
    expect(judgement.checks.filter((check) => check.errors > 0)).toHaveLength(1);
  });

  it('should not fail on an advisory finding', () => {
    const judgement = judge(outcome({ failures: [checkFailure({ severity: 'advisory' })] }));

    expect(judgement).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(judgement.checks.every((check) => check.errors === 0)).toBe(true);
  });

  it('should fail with exit 1 on a crossed threshold, judged on the merged values', () => {
    const judgement = judge(
      outcome(
        { thresholds: { latency: ['p95 < 500', 'p99 < 1500'], server_errors: ['rate == 0'] } },
        { latency: { count: 40, p50: 5, p95: 700, p99: 900 }, server_errors: { rate: 0 } },
      ),
    );

    expect(judgement).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(judgement.reason).toBe('thresholds crossed: latency p95 < 500 (was 700)');
    expect(judgement.thresholds).toEqual([
      { metric: 'latency', expression: 'p95 < 500', ok: false, actual: 700 },
      { metric: 'latency', expression: 'p99 < 1500', ok: true, actual: 900 },
      { metric: 'server_errors', expression: 'rate == 0', ok: true, actual: 0 },
    ]);
  });

  it('should report, not fail, a threshold whose metric has no samples', () => {
    const judgement = judge(outcome({ thresholds: { 'rate_limited{traffic:quiet}': ['rate < 0.01'] } }));

    expect(judgement).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(judgement.thresholds).toEqual([
      { metric: 'rate_limited{traffic:quiet}', expression: 'rate < 0.01', ok: null, actual: null },
    ]);
  });

  it('should fail with exit 1 on a bug setup proved before any load', () => {
    const judgement = judge(
      outcome({ setupFailures: [setupFailure, { ...setupFailure, severity: 'advisory' }] }),
    );

    expect(judgement).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(judgement.reason).toBe('tenants-disjoint before the load: ord_1 belongs to tenant-a and tenant-b');
  });

  it('should name every bug found in one line', () => {
    const judgement = judge(
      outcome(
        { setupFailures: [setupFailure], failures: [checkFailure()] },
        { latency: { count: 40, p50: 5, p95: 700, p99: 900 } },
      ),
    );

    expect(judgement.reason.split('; ')).toEqual([
      expect.stringMatching(/^tenants-disjoint before the load/),
      expect.stringMatching(/^no-duplicate-ids failed 2 time/),
      expect.stringMatching(/^thresholds crossed: latency p95 < 500/),
    ]);
    expect(judgement.reason).not.toContain('\n');
  });

  it('should call a run the engine could not make an error with exit 2, giving its one line', () => {
    const noPoints = 'the load engine wrote no points: no arrival ran';
    const artillery = 'Artillery failed (exit 1): Error: worker crashed';
    const empty: MergedSummary = { files: [], points: 0, startTime: null, endTime: null, metrics: {} };

    expect(judge(outcome({ engineError: noPoints, merged: empty }))).toMatchObject({
      verdict: 'error',
      exitCode: 2,
      reason: noPoints,
    });
    expect(judge(outcome({ engineError: artillery }))).toMatchObject({
      verdict: 'error',
      exitCode: 2,
      reason: artillery,
    });
  });

  it('should call a generator that started its arrivals late an error with exit 2, naming the figure', () => {
    const late = GENERATOR_BOUNDS.latenessP95Ms + 400;
    const judgement = judge(
      outcome({}, { generator_lateness: { count: 10, p50: 50, p95: late, p99: late + 100 } }),
    );

    expect(judgement).toMatchObject({ verdict: 'error', exitCode: 2 });
    expect(judgement.reason).toBe(
      `the load generator fell behind its schedule: arrivals started ${late} ms late at p95 (bound ${GENERATOR_BOUNDS.latenessP95Ms} ms); lower --rate or add --workers`,
    );
    expect(judgement.generator).toMatchObject({ latenessP95Ms: late, latenessP99Ms: late + 100 });
  });

  it('should call a generator that started fewer than 95% of its planned arrivals an error with exit 2', () => {
    const judgement = judge(outcome({ planned: 100, scheduleS: 10 }, { arrivals: { count: 94, rate: 9.4 } }));

    expect(judgement).toMatchObject({ verdict: 'error', exitCode: 2 });
    expect(judgement.reason).toBe(
      'the load generator started 94 of 100 planned arrivals (9.4/s of 10.0/s); lower --rate or add --workers',
    );
    // The arrivals that never started are counted, not lost.
    expect(judgement.generator).toMatchObject({ started: 94, skipped: 0, dropped: 6 });
  });

  it('should call generators that started more than the plan an error with exit 2: no arrival doubled', () => {
    const judgement = judge(outcome({ planned: 100, scheduleS: 10 }, { arrivals: { count: 200 } }));

    expect(judgement).toMatchObject({ verdict: 'error', exitCode: 2 });
    expect(judgement.reason).toBe(
      'the load generators started 200 arrivals, more than the 100 planned: run a distributed directory with the --count it was written for',
    );
  });

  it('should name the arrivals skipped, never started, and the slots Artillery counted as its vusers', () => {
    const judgement = judge(
      outcome({ planned: 100, scheduleS: 10, skipped: 3 }, { arrivals: { count: 90 }, slots: { count: 10 } }),
    );

    expect(generatorLine(judgement.generator)).toBe(
      "90 of 100 arrivals (9.0/s of 10.0/s), 3 skipped at --max-in-flight, 7 never started, lateness p95 4 ms, p99 6 ms, client wait p95 n/a, p99 n/a, event loop busy n/a (median second), in 10 slots (Artillery's vusers)",
    );
  });

  it('should pass a generator at its bounds, and count skipped arrivals as kept but warn of them', () => {
    const atBound = { generator_lateness: { count: 10, p95: GENERATOR_BOUNDS.latenessP95Ms, p99: 600 } };
    expect(judge(outcome({}, atBound)).verdict).toBe('pass');
    expect(judge(outcome({ planned: 100 }, { arrivals: { count: 95 } })).verdict).toBe('pass');

    const skipping = judge(outcome({ planned: 100, skipped: 10 }, { arrivals: { count: 90 } }));
    expect(skipping).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(skipping.warnings).toEqual([expect.stringMatching(/^10 arrival\(s\) skipped .*--max-in-flight/)]);
  });

  it("should judge walk-complete-under-load on the walks it compared, only where the scenario's setup walked the lists", () => {
    const judged = { 'judged_walks{check:walk-complete-under-load}': { count: 12, rate: 2 } };
    const short = checkFailure({
      check: 'walk-complete-under-load',
      code: 'WALK_SHORT',
      message:
        "GET /public/orders?limit=20 (tenant tenant-c's full key by bearer) ended with hasMore false after 60 distinct ids in 4 page(s), where the setup's complete walk of the same list returned 324",
      count: 1,
    });

    const held = judge(outcome({ walksCompared: true }, judged));
    const failed = judge(outcome({ walksCompared: true, failures: [short] }, judged));
    const none = judge(outcome({ walksCompared: true }));

    expect(held).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(held.reason).toContain(', 1 walk checks held on 12 walks, ');
    expect(held.checks.at(-1)).toEqual({
      name: 'walk-complete-under-load',
      judged: 12,
      unit: 'walks',
      errors: 0,
    });
    expect(failed).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(failed.reason).toBe(`walk-complete-under-load failed 1 time(s): ${short.message}`);
    expect(failed.checks.at(-1)).toMatchObject({ errors: 1, first: short });
    // Listed with nothing judged: the report calls it skipped, never passed (lib/load/run/summary.ts).
    expect(none.checks.at(-1)).toMatchObject({ name: 'walk-complete-under-load', judged: 0, errors: 0 });
    expect(judge(outcome()).checks.map((check) => check.name)).not.toContain('walk-complete-under-load');
  });

  it('should fail, not error, when a bug was found in a run that also went wrong', () => {
    const bug = { failures: [checkFailure({ check: 'tenant-isolation', code: 'TENANT_LEAK' })] };

    const judgement = judge(outcome({ ...bug, engineError: 'Artillery failed (exit 1): boom' }));
    expect(judgement).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(judgement.reason).toMatch(/^tenant-isolation failed 2 time/);
    expect(judge(outcome(bug, { arrivals: { count: 1 } }))).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(
      judge(outcome({ engineError: 'the load did not finish' }, { latency: { count: 1, p95: 9999 } })),
    ).toMatchObject({ verdict: 'fail', exitCode: 1 });
  });
});

describe("judge, the generator's client wait", () => {
  const QUEUED = GENERATOR_BOUNDS.clientWaitP95Ms + 400;
  /** Requests that waited QUEUED ms at p95 for a connection, the generator's loop busy `busy` % of its median second. */
  const waited = (busy: number, latencyP95 = 700): Record<string, Values> => ({
    latency: { count: 40, p50: 300, p95: latencyP95, p99: latencyP95 + 100 },
    client_wait: { count: 40, p50: 250, p95: QUEUED, p99: QUEUED + 50 },
    generator_busy: { count: 5, p50: busy, p95: 100, p99: 100 },
  });
  const thresholds = { latency: ['p95 < 500', 'p99 < 1500'], walk_duration: ['p95 < 600'] };

  it('should call requests that waited behind a busy generator its own queue, not a slow target: exit 2', () => {
    const judgement = judge(
      outcome(
        { thresholds },
        { ...waited(GENERATOR_BOUNDS.busyPercent), walk_duration: { count: 10, p95: 900 } },
      ),
    );

    expect(judgement).toMatchObject({ verdict: 'error', exitCode: 2 });
    expect(judgement.reason).toBe(
      `the load generator queued behind itself: its requests waited ${QUEUED} ms at p95 for its own connections (bound ${GENERATOR_BOUNDS.clientWaitP95Ms} ms) while its event loop was busy ${GENERATOR_BOUNDS.busyPercent} % of the median second (bound ${GENERATOR_BOUNDS.busyPercent} %), so the latency measured is partly its own; lower --rate or add --workers`,
    );
    // The crossed latency thresholds are not the target's: unjudged, with the figures; the held one stays held.
    const why = `not judged: the generator's own queue is in it (client wait p95 ${QUEUED} ms, its event loop busy ${GENERATOR_BOUNDS.busyPercent} % of the median second)`;
    expect(judgement.thresholds).toEqual([
      { metric: 'latency', expression: 'p95 < 500', ok: false, actual: 700, unjudged: why },
      { metric: 'latency', expression: 'p99 < 1500', ok: true, actual: 800 },
      { metric: 'walk_duration', expression: 'p95 < 600', ok: false, actual: 900, unjudged: why },
    ]);
    expect(judgement.generator).toMatchObject({
      clientWaitP95Ms: QUEUED,
      clientWaitP99Ms: QUEUED + 50,
      busyP50: GENERATOR_BOUNDS.busyPercent,
    });
    expect(generatorLine(judgement.generator)).toContain(
      `client wait p95 ${QUEUED} ms, p99 ${QUEUED + 50} ms, event loop busy ${GENERATOR_BOUNDS.busyPercent} % (median second)`,
    );
  });

  it("should keep a slow target's queue in latency and fail on it while the generator had idle time", () => {
    const judgement = judge(outcome({}, waited(GENERATOR_BOUNDS.busyPercent - 1)));

    expect(judgement).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(judgement.reason).toBe('thresholds crossed: latency p95 < 500 (was 700)');
    expect(judgement.thresholds).toEqual([
      { metric: 'latency', expression: 'p95 < 500', ok: false, actual: 700 },
    ]);
    // Said anyway: the wait is in latency as the target's, and what could make it so.
    expect(judgement.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^requests waited ${QUEUED} ms at p95 for a connection of the generator's client, .* so the target held the connections`,
        ),
      ),
    ]);
  });

  it('should still fail on a bug, or on a threshold the wait is not in, when the generator queued behind itself', () => {
    const busy = waited(100);
    const bug = judge(outcome({ failures: [checkFailure()] }, busy));
    expect(bug).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(bug.reason).toMatch(/^no-duplicate-ids failed 2 time/);

    const errors = judge(
      outcome({ thresholds: { server_errors: ['rate == 0'] } }, { ...busy, server_errors: { rate: 0.2 } }),
    );
    expect(errors).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(errors.reason).toBe('thresholds crossed: server_errors rate == 0 (was 0.2)');
  });

  it('should say nothing of a short wait, however busy the generator, and pass', () => {
    const short = {
      client_wait: { count: 40, p50: 1, p95: GENERATOR_BOUNDS.clientWaitP95Ms, p99: 300 },
      generator_busy: { count: 5, p50: 100, p95: 100 },
    };
    const judgement = judge(outcome({}, short));

    expect(judgement).toMatchObject({ verdict: 'pass', exitCode: 0, warnings: [] });
  });

  it('should name the queue after the lateness: a late start is the first thing the generator got wrong', () => {
    const both = { ...waited(100), generator_lateness: { count: 10, p95: 900, p99: 950 } };

    expect(judge(outcome({}, both)).reason).toMatch(/^the load generator fell behind its schedule/);
  });
});

describe('generatorBehind', () => {
  const figures = (changes: Partial<GeneratorFigures>): GeneratorFigures => ({
    planned: 100,
    started: 100,
    skipped: 0,
    dropped: 0,
    slots: 10,
    latenessP95Ms: 10,
    latenessP99Ms: 20,
    clientWaitP95Ms: 1,
    clientWaitP99Ms: 2,
    busyP50: 20,
    offeredRate: 10,
    achievedRate: 10,
    ...changes,
  });

  it('should say nothing of a generator that kept its schedule, or of one with nothing planned', () => {
    expect(generatorBehind(figures({}))).toBeUndefined();
    expect(generatorBehind(figures({ latenessP95Ms: null, latenessP99Ms: null }))).toBeUndefined();
    expect(generatorBehind(figures({ planned: 0, started: 0 }))).toBeUndefined();
  });

  it('should give the wait to the generator only when its loop was busy at the bound or more', () => {
    const wait = GENERATOR_BOUNDS.clientWaitP95Ms + 1;
    const busy = GENERATOR_BOUNDS.busyPercent;
    expect(generatorBehind(figures({ clientWaitP95Ms: wait, busyP50: busy }))).toMatch(
      /^the load generator queued behind itself: its requests waited 101 ms at p95/,
    );
    expect(generatorBehind(figures({ clientWaitP95Ms: wait, busyP50: busy - 0.5 }))).toBeUndefined();
    expect(generatorBehind(figures({ clientWaitP95Ms: wait, busyP50: null }))).toBeUndefined();
    expect(generatorBehind(figures({ clientWaitP95Ms: wait - 1, busyP50: 100 }))).toBeUndefined();
  });

  it('should name the lateness first, rounded, and what to do', () => {
    expect(generatorBehind(figures({ latenessP95Ms: 812.6, started: 10 }))).toMatch(
      /^the load generator fell behind its schedule: arrivals started 813 ms late at p95 .*; lower --rate or add --workers$/,
    );
  });
});

describe('rateLimiting', () => {
  it("should read the run's 429 figures, and leave missing ones null", () => {
    expect(
      rateLimiting(
        merged({
          rate_limited: { rate: 0.25 },
          retries: { count: 7 },
          throttle_recovery: { count: 3, p95: 1200 },
          retry_after_present: { rate: 1 },
        }),
      ),
    ).toEqual({
      rate429: 0.25,
      retries: 7,
      recoveryP95Ms: 1200,
      retryAfterPresent: 1,
      retryAfterHonest: null,
    });
  });
});
