/**
 * Real runs on Artillery against the clean sandbox, kept to six (each costs ~15 s): the walk and
 * fairness scenarios as smoke runs, a walk split over two generator processes whose points are
 * merged, two loads as stages of one run, one held to --max-in-flight, and a run against a target
 * file. Each passes with every arrival it planned started, and
 * no key of the target reaches any file the run wrote.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRIC } from '../../lib/load/metrics.ts';
import { readTrendValues } from '../../lib/load/points/read.ts';
import { readRunPoints } from '../../lib/load/run-points.ts';
import { localSlotsPerS } from '../../lib/load/artillery/run.ts';
import { REFUSED_CHECKS } from '../../lib/load/refused-plan.ts';
import { PAGE_CHECKS } from '../../lib/checks/registry.ts';
import { ANSWER_CHECKS, NO_ANSWER_CHECKS } from '../../lib/paging/answer-checks.ts';
import type { TargetFile } from '../../lib/target/schema.ts';
import type { LoadResult } from '../../lib/load/run/loads.ts';
import { runLoad, type LoadRun } from '../../lib/load/run/run-load.ts';
import { rerenderReport } from '../../lib/report/rerender.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { loadRunner, resultOnDisk, RUN_TIMEOUT_MS, STAGED_TIMEOUT_MS, stagedRunner } from './run-helpers.ts';
import { sandboxKeys } from './sandbox-keys.ts';
import '../setup/provide-layers.ts';

vi.mock('../../lib/adapters/open-target.ts', async (importOriginal) =>
  (await import('./sandbox-keys.ts')).captureSandboxKeys(importOriginal),
);

const run = loadRunner();

/** The inline key values of a target file. */
const keysOf = (target: TargetFile): string[] =>
  target.tenants.flatMap((tenant) =>
    Object.values(tenant.keys).flatMap((source) => (source && 'value' in source ? [source.value] : [])),
  );

/** Every file under `dir`, at any depth. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** A sandbox key's shape (sandbox/auth.ts): a leak of any sandbox's key, whichever run it came from. */
const SANDBOX_KEY_SHAPE = /sbx_[A-Za-z0-9_-]{32}/;

function expectNoKeyWritten(result: LoadRun, keys: readonly string[]): void {
  expect(keys.length).toBeGreaterThan(0);
  const files = filesUnder(result.files.dir);
  // What the run writes: its result, the reports, each generator's Artillery script, the points.
  expect(files).toEqual(
    expect.arrayContaining([
      result.files.result,
      result.report.summary,
      result.report.junit,
      result.report.html,
      ...result.files.scripts,
      ...result.files.points,
    ]),
  );
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    expect(text.length, file).toBeGreaterThan(0);
    for (const key of keys) expect(text.includes(key), `${file} holds a key`).toBe(false);
    expect(text, file).not.toMatch(SANDBOX_KEY_SHAPE);
  }
}

/** A clean pass: exit 0, no page check error, every planned arrival started, as on disk. */
function expectCleanPass(result: LoadResult, workers = 1, { refused = true } = {}): void {
  const refusal = refused ? `, ${REFUSED_CHECKS.length} refusal checks held on \\d+ refused requests` : '';
  expect(result.verdict, result.reason).toBe('pass');
  expect(result).toMatchObject({ exitCode: 0, workers, warnings: [] });
  expect(result.reason).toMatch(
    new RegExp(
      `^${PAGE_CHECKS.length} page checks held on \\d+ pages${refusal}, ${ANSWER_CHECKS.length} framing checks held on \\d+ answers, every one of \\d+ requests answered; all \\d+ thresholds held$`,
    ),
  );
  expect(result.engine.exitCodes).toEqual(Array.from({ length: workers }, () => 0));
  expect(result.checks.map((check) => check.name)).toEqual(
    [...PAGE_CHECKS, ...(refused ? REFUSED_CHECKS : []), ...ANSWER_CHECKS, ...NO_ANSWER_CHECKS].map(
      (check) => check.name,
    ),
  );
  for (const check of result.checks) {
    expect(check.errors, check.name).toBe(0);
    expect(check.judged, check.name).toBeGreaterThan(0);
  }
  expect(result.failures.filter((failure) => failure.severity === 'error')).toEqual([]);
  expect(result.thresholds.length).toBeGreaterThan(0);
  expect(result.thresholds.every((threshold) => threshold.ok === true)).toBe(true);
  expect(result.generator.planned).toBeGreaterThan(0);
  expect(result.generator).toMatchObject({ started: result.generator.planned, skipped: 0 });
  expect(result.metrics[METRIC.walks]?.values.count).toBeGreaterThan(0);
  // result.json holds the load's result; a load command's run adds its summary and report paths.
  const { summary, report } = result as Partial<LoadRun>;
  const reports = summary && report ? { summary, report } : {};
  expect({ ...resultOnDisk(result), ...reports }).toEqual(result);
}

/** The latency values of the raw points of these files, sorted. */
/** Every response's latency the files counted, at its bucket's lowest value. */
async function rawLatencies(files: readonly string[]): Promise<number[]> {
  const values = await Promise.all(files.map((file) => readTrendValues(file, METRIC.latency)));
  return values.flat().sort((a, b) => a - b);
}

/** Nearest rank, the definition HDR histograms (and so the merge) use. */
const exactPercentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] ?? NaN;

describe('smoke runs on the clean sandbox', () => {
  it(
    'should pass the fairness scenario, the flood throttled and the quiet tenants not',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const result = await run({ scenario: 'fairness', profile: 'smoke', duration: '3s', rate: 2 });

      expectCleanPass(result, 1, { refused: false });
      expect(result.thresholds.map((threshold) => threshold.metric)).toEqual(
        expect.arrayContaining(['rate_limited{traffic:quiet}', 'latency{traffic:quiet}']),
      );
      // The flood reached its tenant's limit: the quiet tenants' gate meant something.
      expect(result.metrics['rate_limited{traffic:noisy}']?.values.rate).toBeGreaterThan(0.1);
      expect(result.metrics['walks{traffic:quiet}']?.values.count).toBeGreaterThan(0);
      expectNoKeyWritten(result, [...sandboxKeys]);
    },
  );

  it(
    'should merge the points of two generator processes into one judged run',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      // An odd rate: 21 arrivals, the first generator runs arrivals 0, 2, … 20, the second 1, 3, … 19.
      const result = await run({ scenario: 'walk', profile: 'smoke', duration: '3s', rate: 7, workers: 2 });

      expectCleanPass(result, 2);
      expect(result.generator).toMatchObject({ planned: 21, started: 21, dropped: 0 });
      // Artillery's vusers are the slots: each process's threads, one a second each.
      expect(result.generator.slots).toBe(2 * 3 * localSlotsPerS());
      expect(result.files.scripts).toHaveLength(2);
      const started = async (generator: string) =>
        (
          await readRunPoints(
            result.files.points.filter((file) => path.basename(file).startsWith(`points-${generator}-`)),
            [],
          )
        ).summary.metrics[METRIC.arrivals]?.values.count;
      expect([await started('0'), await started('1')]).toEqual([11, 10]);
      // points-<generator>-<thread>-<pid>.ndjson.gz: both generators wrote, from two processes.
      const names = result.files.points.map((file) => path.basename(file));
      expect(names.length).toBeGreaterThanOrEqual(2);
      const parts = names.map((name) => /^points-(\d+)-\d+-(\d+)\.ndjson\.gz$/.exec(name));
      expect(new Set(parts.map((match) => match?.[1]))).toEqual(new Set(['0', '1']));
      expect(new Set(parts.map((match) => match?.[2])).size).toBeGreaterThanOrEqual(2);
      // The merge is one computation over every response, not a mean of two summaries.
      const all = await rawLatencies(result.files.points);
      const merged = result.metrics[METRIC.latency]?.values ?? {};
      expect(merged.count).toBe(all.length);
      for (const p of [50, 90, 95, 99]) {
        const exact = exactPercentile(all, p);
        // HDR keeps 3 significant digits: within 0.1% (plus the microsecond values are kept in).
        expect(Math.abs((merged[`p${p}`] ?? NaN) - exact), `p${p}`).toBeLessThanOrEqual(
          exact * 0.001 + 0.002,
        );
      }
      // The exact max is kept beside the buckets: at most one bucket's width above its lowest value
      // (which is of the value rounded to the microsecond).
      expect(merged.max).toBeGreaterThanOrEqual((all.at(-1) ?? NaN) - 0.0005);
      expect(merged.max).toBeLessThanOrEqual((all.at(-1) ?? NaN) * 1.001 + 0.001);
      expectNoKeyWritten(result, [...sandboxKeys]);
    },
  );
});

describe('loads as stages of one Artillery run', () => {
  const stage = stagedRunner({
    first: { duration: '3s', rate: 4 },
    second: { duration: '3s', rate: 6 },
  });

  it(
    'should start each stage’s walks on its own schedule, in its own slots',
    { timeout: STAGED_TIMEOUT_MS },
    async () => {
      for (const [name, planned] of [
        ['first', 12],
        ['second', 18],
      ] as const) {
        const result = await stage(name);
        expectCleanPass(result);
        // A slot that Artillery starts just after its stage belongs to it, not to the next:
        // the next stage's walks are not measured from it (they were ~1 s late when they were).
        expect(result.generator, name).toMatchObject({ planned, started: planned, dropped: 0 });
        expect(result.generator.latenessP95Ms, name).toBeLessThan(200);
        expect(result.generator.slots, name).toBeGreaterThanOrEqual(3 * localSlotsPerS());
      }
    },
  );
});

/**
 * Side by side: runs at 2 or 3 arrivals a second (one held to 2 in flight on a sandbox that waits
 * 150 ms a page), whose verdicts are their checks and counts, with thresholds far above what a busy
 * machine adds (p95 < 1000 ms): each mostly waits for Artillery to start and its schedule to end.
 * The fairness, merged and staged runs above read the machine's speed, and run one at a time.
 */
describe.concurrent('light runs', () => {
  it('should pass the walk scenario', { timeout: RUN_TIMEOUT_MS }, async () => {
    const result = await run({ scenario: 'walk', profile: 'smoke', duration: '3s', rate: 2 });

    expectCleanPass(result);
    expect(result.generator.planned).toBe(6);
    expect(result.target).toMatchObject({ name: 'sandbox', sandbox: true, faults: [] });
    // Every answered request's wait for a connection, beside the latency that holds it, and the
    // generator's busy share a second: in the judged figures and in the report's run check.
    const wait = result.metrics[METRIC.clientWait]?.values ?? {};
    expect(wait.count).toBe(result.metrics[METRIC.latency]?.values.count);
    expect(wait.p95).toBeLessThanOrEqual(result.metrics[METRIC.latency]?.values.p95 ?? NaN);
    const busy = result.metrics[METRIC.generatorBusy]?.values ?? {};
    expect(busy.count).toBeGreaterThanOrEqual(1);
    expect(result.generator).toMatchObject({ clientWaitP95Ms: wait.p95, busyP50: busy.p50 });
    expect(busy.p50).toBeGreaterThanOrEqual(0);
    expect(busy.max).toBeLessThanOrEqual(100);
    const summary = readFileSync(result.report.summary, 'utf8');
    expect(summary).toMatch(/client wait p95 \d+ ms, p99 \d+ ms, event loop busy \d+ % \(median second\)/);
    expectNoKeyWritten(result, [...sandboxKeys]);
  });

  describe('the in-flight ceiling', () => {
    it(
      'should skip the arrivals due beyond --max-in-flight, count them, and warn, none lost',
      { timeout: RUN_TIMEOUT_MS },
      async () => {
        // Walks of several pages at 150 ms a page, 10 due a second: far more than 2 in flight.
        const result = await run({
          duration: '3s',
          rate: 10,
          maxInFlight: 2,
          sandbox: { latency: { fixedMs: 150 } },
        });

        const { planned, started, skipped, dropped } = result.generator;
        expect(planned).toBe(30);
        expect(skipped).toBeGreaterThan(0);
        expect(started).toBeGreaterThan(0);
        expect(started + skipped).toBe(planned);
        expect(dropped).toBe(0);
        expect(result.warnings).toContainEqual(
          expect.stringMatching(/^\d+ arrival\(s\) skipped .*--max-in-flight/),
        );
      },
    );
  });

  describe('a run against a target file', () => {
    let sandbox: RunningSandbox;
    let targetPath: string;
    beforeAll(async () => {
      targetPath = path.join(mkdtempSync(path.join(tmpdir(), 'load-target-')), 'target.json');
      sandbox = await startSandbox({ targetPath });
    });
    afterAll(() => sandbox?.close());

    it('should pass and write every report, never a key', { timeout: RUN_TIMEOUT_MS }, async () => {
      const result = await run({ target: targetPath, duration: '2s', rate: 3 });

      expectCleanPass(result);
      // A sandbox's target file says which sandbox it is: the run keeps that, to start it again.
      expect(result.target).toEqual({
        name: 'sandbox',
        baseUrl: sandbox.baseUrl,
        sandbox: false,
        faults: [],
        identity: sandbox.target.sandbox,
      });
      const junit = readFileSync(result.report.junit, 'utf8');
      // One case per threshold, per page check, and the run's own.
      expect(junit.match(/<testcase /g)).toHaveLength(result.thresholds.length + result.checks.length + 1);
      expect(result.summary).toMatchObject({ command: 'load', verdict: 'pass', exitCode: 0 });
      // npm run report re-renders a load run like any other, into a folder of its own.
      const reportsDir = path.dirname(result.report.runDir);
      const rendered = await rerenderReport({ from: result.report.summary, reportsDir });
      expect(rendered.regressions).toEqual([]);
      expect(path.dirname(path.dirname(rendered.paths.html))).toBe(path.join(reportsDir, 'renders'));
      expect(junit).not.toMatch(/<failure|<error/);
      expectNoKeyWritten(result, keysOf(sandbox.target));
    });

    it('should refuse a non-loopback target that does not allow load, before sending anything', async () => {
      const remote = path.join(path.dirname(targetPath), 'remote.json');
      writeFileSync(
        remote,
        JSON.stringify({
          ...sandbox.target,
          baseUrl: 'http://203.0.113.7/api/v1',
          load: { allowed: false, maxRps: 10 },
        }),
      );
      const outDir = path.join(path.dirname(targetPath), 'refused');

      await expect(runLoad({ target: remote, outDir })).rejects.toThrow(
        /^target sandbox \(203\.0\.113\.7\) is not loopback .*load\.allowed/,
      );
      expect(existsSync(outDir)).toBe(false);
    });
  });
});
