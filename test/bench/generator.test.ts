import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  cursorUrl,
  minimalHeld,
  minimalWalkYaml,
  readMinimalWalkReport,
  type MinimalWalkRun,
} from '../../bench/artillery-walk.ts';
import { endedInTime } from '../../bench/harness-walk.ts';
import { climbLadder } from '../../bench/rate-ladder.ts';
import { formatCell } from '../../lib/load/points/format.ts';
import type { Figure } from '../../bench/report.ts';
import { formatValue } from '../../bench/table.ts';
import { generatorFigures } from '../../bench/sections/generator-figures.ts';
import { harnessHeld, topFigure, type HarnessRun } from '../../bench/sections/walk-figures.ts';
import { pathsScript } from '../../bench/wrk.ts';

const harnessRun = (over: Partial<HarnessRun> = {}): HarnessRun => ({
  walksPerSec: 40,
  durationSec: 8,
  requests: 5120,
  requestsPerSec: 640,
  planned: 320,
  started: 320,
  ended: 320,
  latenessP95Ms: 4,
  latenessP99Ms: 12,
  verdict: 'pass',
  ...over,
});

const minimalRun = (over: Partial<MinimalWalkRun> = {}): MinimalWalkRun => ({
  walksPerSec: 10,
  durationSec: 8,
  planned: 80,
  created: 80,
  completed: 80,
  failed: 0,
  requests: 1280,
  requestsPerSec: 160,
  spanMs: 8400,
  responseP99Ms: 20,
  sessionP95Ms: 300,
  errors: {},
  ...over,
});

interface ParsedScript {
  config: { phases: unknown[]; payload: unknown };
  scenarios: {
    flow: {
      loop: { get: { url: string; capture: { json: string; as: string }[] } }[];
      whileTrue: string;
    }[];
  }[];
}

describe('the minimal Artillery walk', () => {
  it('should append an empty cursor whether or not the first page has a query', () => {
    expect(cursorUrl('http://h/api/v1/public/orders')).toBe('http://h/api/v1/public/orders?cursor=');
    expect(cursorUrl('http://h/api/v1/public/orders?limit=20')).toBe(
      'http://h/api/v1/public/orders?limit=20&cursor=',
    );
  });

  it('should be one looped GET that captures the cursor and hasMore, and nothing else', () => {
    const script = parse(
      minimalWalkYaml({
        target: 'http://h/api/v1',
        walksPerSec: 7,
        durationSec: 5,
        payloadFile: 'lists.csv',
        processorFile: './p.cjs',
      }),
    ) as ParsedScript;

    expect(script.config.phases).toEqual([{ duration: 5, arrivalRate: 7, name: 'walk' }]);
    expect(script.config.payload).toMatchObject({
      path: 'lists.csv',
      fields: ['cursorUrl'],
      order: 'sequence',
    });
    const flow = script.scenarios[0]?.flow ?? [];
    expect(flow).toHaveLength(1);
    const step = flow[0];
    expect(Object.keys(step ?? {}).sort()).toEqual(['loop', 'whileTrue']);
    expect(step?.whileTrue).toBe('hasMore');
    expect(step?.loop).toHaveLength(1);
    const get = step?.loop[0]?.get;
    expect(get?.url).toBe('{{ cursorUrl }}{{ cursor }}');
    expect(get?.capture.map((c) => [c.json, c.as])).toEqual([
      ['$.pagination.nextPageToken', 'cursor'],
      ['$.pagination.hasMore', 'hasMore'],
    ]);
  });

  it("should read Artillery's report into walks, requests and the time it took", () => {
    const report = JSON.stringify({
      aggregate: {
        counters: {
          'vusers.created': 50,
          'vusers.completed': 49,
          'vusers.failed': 1,
          'http.requests': 800,
          'errors.ETIMEDOUT': 1,
        },
        summaries: { 'http.response_time': { p99: 31 }, 'vusers.session_length': { p95: 410 } },
        firstCounterAt: 1000,
        lastCounterAt: 6500,
      },
    });

    expect(readMinimalWalkReport(report, { walksPerSec: 10, durationSec: 5 })).toEqual({
      walksPerSec: 10,
      durationSec: 5,
      planned: 50,
      created: 50,
      completed: 49,
      failed: 1,
      requests: 800,
      requestsPerSec: 160,
      spanMs: 5500,
      responseP99Ms: 31,
      sessionP95Ms: 410,
      errors: { 'errors.ETIMEDOUT': 1 },
    });
  });

  it('should hold a rate only with no failed walk, 98% completed and a drain within 2 s', () => {
    expect(minimalHeld(minimalRun())).toBe(true);
    expect(minimalHeld(minimalRun({ failed: 1 }))).toBe(false);
    expect(minimalHeld(minimalRun({ completed: 78 }))).toBe(false);
    expect(minimalHeld(minimalRun({ spanMs: 10_500 }))).toBe(false);
  });
});

describe('climbLadder', () => {
  it('should double until a rate is missed, then narrow in twice between', async () => {
    const tried: number[] = [];
    const ladder = await climbLadder({
      start: 5,
      maxSteps: 10,
      ceiling: 10_000,
      measure: (rate) => {
        tried.push(rate);
        return Promise.resolve(rate);
      },
      held: (rate) => rate <= 30,
    });

    // 28 (between 20 and 40) held, so the next step is between 28 and 40: 33, missed.
    expect(tried).toEqual([5, 10, 20, 40, 28, 33]);
    expect(ladder.top?.rate).toBe(28);
    expect(ladder.bound).toBeUndefined();
  });

  it('should narrow below a missed step too, and as often as asked', async () => {
    const tried: number[] = [];
    const ladder = await climbLadder({
      start: 100,
      maxSteps: 10,
      ceiling: 10_000,
      narrowings: 3,
      measure: (rate) => {
        tried.push(rate);
        return Promise.resolve(rate);
      },
      held: (rate) => rate <= 150,
    });

    // 200 missed; 141 (between 100 and 200) held; 168 (between 141 and 200) missed; 154 missed.
    expect(tried).toEqual([100, 200, 141, 168, 154]);
    expect(ladder.top?.rate).toBe(141);
  });

  /** A ladder narrowing within 5 %, on a walk that holds up to `holds` walks/s; the rates it tried. */
  async function refined(start: number, holds: number, over: { maxSteps?: number; narrowings?: number }) {
    const tried: number[] = [];
    const ladder = await climbLadder({
      start,
      maxSteps: over.maxSteps ?? 20,
      ceiling: 10_000,
      narrowings: over.narrowings ?? 6,
      within: 1.05,
      measure: (rate) => {
        tried.push(rate);
        return Promise.resolve({ requestsPerSec: rate });
      },
      held: (run) => run.requestsPerSec <= holds,
    });
    return { tried, ladder };
  }

  it('should narrow in until the rates held and missed are within the factor asked, at most narrowings times', async () => {
    // 640 held, 1,280 missed, then the geometric means of the gap.
    const { tried, ladder } = await refined(640, 1000, {});
    expect(tried).toEqual([640, 1280, 905, 1076, 987, 1031]);
    expect(ladder.top?.rate).toBe(987);
    // 1,031 / 987 = 1.045: within 5 %, so no seventh step.
    const figure = topFigure(ladder, [], () => true);
    expect(figure.bracket).toEqual({ held: 987, missed: 1031 });
    expect(figure.heldNote).toBe(
      'held in 1 of 1 runs there; bracket: held 987, missed 1031 walks/s (4.5 % apart)',
    );

    const capped = await refined(640, 1000, { narrowings: 3 });
    expect(capped.tried).toEqual([640, 1280, 905, 1076, 987]);
    expect(topFigure(capped.ladder, [], () => true).bracket).toEqual({ held: 987, missed: 1076 });
  });

  it('should stop narrowing at maxSteps, and when no whole rate lies between', async () => {
    expect((await refined(640, 1000, { maxSteps: 4 })).tried).toEqual([640, 1280, 905, 1076]);
    // 5 held, 10 missed, 7 missed, 6 missed: no whole rate between 5 and 6, 20 % apart.
    expect((await refined(5, 5, {})).tried).toEqual([5, 10, 7, 6]);
  });

  it('should call its top a bound when it ran out of steps or reached its ceiling without a miss', async () => {
    const measure = (rate: number) => Promise.resolve(rate);
    const outOfSteps = await climbLadder({
      start: 5,
      maxSteps: 3,
      ceiling: 10_000,
      measure,
      held: () => true,
    });
    expect(outOfSteps.top?.rate).toBe(20);
    expect(outOfSteps.bound).toBe('held every rate tried, up to 20/s, before its 3 steps');
    const atCeiling = await climbLadder({ start: 5, maxSteps: 20, ceiling: 40, measure, held: () => true });
    expect(atCeiling.top?.rate).toBe(40);
    expect(atCeiling.bound).toBe("held every rate tried, up to 40/s, before the ladder's ceiling of 40/s");
  });

  it('should count a run that throws as not held, with its reason, and stop at maxSteps', async () => {
    const ladder = await climbLadder({
      start: 1,
      maxSteps: 2,
      ceiling: 100,
      measure: (rate) =>
        rate > 1 ? Promise.reject(new Error('Artillery exited with 1')) : Promise.resolve(rate),
      held: () => true,
    });

    expect(ladder.steps.map((step) => [step.rate, step.held, step.error])).toEqual([
      [1, true, undefined],
      [2, false, 'Artillery exited with 1'],
    ]);
    expect(ladder.top?.rate).toBe(1);
  });
});

describe('the generator figures', () => {
  it('should hold a harness rate only at lateness p95 <= 10 ms with its arrivals started and its walks ended', () => {
    expect(harnessHeld(harnessRun())).toBe(true);
    expect(harnessHeld(harnessRun({ latenessP95Ms: 10.5 }))).toBe(false);
    expect(harnessHeld(harnessRun({ latenessP95Ms: null }))).toBe(false);
    expect(harnessHeld(harnessRun({ started: 300 }))).toBe(false);
    // Started on time, but the walks piled up in flight past the phase's end: not held.
    expect(harnessHeld(harnessRun({ ended: 300 }))).toBe(false);
  });

  it('should give no figure when the top held in a minority of its runs and no rate below it held', () => {
    const top = { rate: 5, held: true, run: harnessRun({ walksPerSec: 5 }) };
    const ladder = { steps: [top, { rate: 10, held: false, run: harnessRun({ walksPerSec: 10 }) }], top };
    const missed = harnessRun({ walksPerSec: 5, latenessP95Ms: 13 });
    const figure = topFigure(ladder, [missed, missed], harnessHeld);
    expect(figure.value).toBeNull();
    expect(figure.rate).toBeUndefined();
    expect(figure.heldNote).toBe('5 walks/s held in 1 of 3 runs and no rate below it held: no figure');
    expect(topFigure(ladder, [harnessRun({ walksPerSec: 5 })], harnessHeld).rate).toBe(5);
  });

  it('should bracket a figure taken from the rate below between that rate and the top', () => {
    const below = { rate: 905, held: true, run: harnessRun({ walksPerSec: 905 }) };
    const top = { rate: 987, held: true, run: harnessRun({ walksPerSec: 987 }) };
    const ladder = { steps: [below, { rate: 1076, held: false, run: null }, top], top };
    const missed = harnessRun({ walksPerSec: 987, latenessP95Ms: 13 });

    const figure = topFigure(ladder, [missed, missed], harnessHeld);
    expect(figure.rate).toBe(905);
    expect(figure.bracket).toEqual({ held: 905, missed: 987 });
    expect(figure.heldNote).toMatch(
      /next rate down, held once; bracket: held 905, missed 987 walks\/s \(9\.1 % apart\)$/,
    );
    // A ladder that never missed has no bracket, only a bound.
    expect(
      topFigure({ steps: [below], top: below, bound: 'ran out' }, [], harnessHeld).bracket,
    ).toBeUndefined();
  });

  it('should count the walks that ended within 2 s of the phase, from the points', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ended-'));
    const start = 1_700_000_000_000;
    const cell = (metric: string, second: number, count: number): string =>
      formatCell({
        metric,
        kind: 'counter',
        time: start + second * 1000,
        tags: {},
        count,
        sum: count,
        nonZero: count,
        min: 1,
        max: 1,
      });
    const file = path.join(dir, 'points.jsonl');
    writeFileSync(
      file,
      [
        cell('arrivals', 0, 10),
        cell('walks', 0, 4),
        cell('walks', 9, 3),
        cell('walks', 10, 2),
        cell('walks', 11, 5),
      ]
        .map((line) => `${line}\n`)
        .join(''),
    );
    // An 8-s phase from second 0: walks ended by second 9 count, those of seconds 10 and 11 do not.
    expect(await endedInTime([file], 8)).toBe(7);
    rmSync(dir, { recursive: true, force: true });
  });

  it('should judge the ratios against the goals, met and NOT met', () => {
    const figures = generatorFigures({
      wrk: {
        requestsPerSec: 2000,
        requests: 16_000,
        non2xx: 0,
        socketErrors: 0,
        latencyMs: { p50: 1, p75: 1, p90: 2, p99: 3 },
      },
      minimal: {
        steps: [{ rate: 10, held: true, run: minimalRun() }],
        top: { rate: 10, held: true, run: minimalRun() },
      },
      harness: {
        steps: [{ rate: 40, held: true, run: harnessRun() }],
        top: { rate: 40, held: true, run: harnessRun() },
      },
      closedLoops: {
        parse: [900, 1000, 1200].map((requestsPerSec) => ({
          mode: 'parse' as const,
          requestsPerSec,
          cpuMicrosPerRequest: 30,
        })),
        harness: [],
      },
      atHeld: harnessRun({ walksPerSec: 32, latenessP99Ms: 12 }),
      workers: 1,
    });
    const byName = Object.fromEntries(figures.map((figure) => [figure.name, figure]));

    expect(byName['harness / minimal Artillery walk']).toMatchObject({
      value: 4,
      goal: { text: '>= 5', met: false },
    });
    // 640 req/s over the parse loop's median, 1,000: met at 0.6.
    expect(byName['harness per worker / Node ceiling']).toMatchObject({
      value: 0.64,
      goal: { text: '>= 0.6', met: true },
    });
    expect(byName['harness per worker / wrk (1 thread)']).toMatchObject({ value: 0.32 });
    expect(byName['harness per worker / wrk (1 thread)']?.goal).toBeUndefined();
    expect(byName['lateness p99 at 0.8 × top']).toMatchObject({
      value: 12,
      goal: { text: '< 10', met: false },
    });
  });

  it('should give each walk the median of its runs at the top, and no ratio when one is only a bound', () => {
    const figures = generatorFigures({
      wrk: null,
      minimal: {
        steps: [{ rate: 320, held: true, run: minimalRun({ requestsPerSec: 3000 }) }],
        top: { rate: 320, held: true, run: minimalRun({ requestsPerSec: 3000 }) },
        bound: 'held every rate tried, up to 320/s, before its 7 steps',
      },
      minimalAgain: [minimalRun({ requestsPerSec: 2800 }), minimalRun({ requestsPerSec: 3100 })],
      harness: {
        steps: [
          { rate: 640, held: true, run: harnessRun({ requestsPerSec: 10_000 }) },
          { rate: 1280, held: false, run: null },
        ],
        top: { rate: 640, held: true, run: harnessRun({ requestsPerSec: 10_000 }) },
      },
      harnessAgain: [harnessRun({ requestsPerSec: 9000 }), harnessRun({ requestsPerSec: 11_000 })],
      atHeld: null,
      workers: 1,
    });
    const byName = Object.fromEntries(figures.map((figure) => [figure.name, figure]));

    expect(byName['harness walk']).toMatchObject({
      value: 10_000,
      spread: { runs: 3, min: 9000, max: 11_000 },
    });
    expect(byName['harness walk']?.bound).toBeUndefined();
    expect(byName['minimal Artillery walk']).toMatchObject({ value: 3000, bound: '>=', spread: { runs: 3 } });
    const ratio = byName['harness / minimal Artillery walk'];
    expect(ratio?.value).toBeNull();
    expect(ratio?.goal).toBeUndefined();
    expect(ratio?.note).toMatch(/^n\/a: the minimal walk held the ladder's last rate/);
    expect(formatValue(byName['minimal Artillery walk'] as Figure)).toBe(
      '>= 3,000 req/s (median of 3: 2,800 to 3,100)',
    );
  });

  it('should report n/a, with no goal, when a client held no rate', () => {
    const figures = generatorFigures({
      wrk: null,
      wrkNote: 'skipped: wrk is not installed',
      minimal: { steps: [], top: null },
      harness: { steps: [{ rate: 5, held: false, run: null, error: 'boom' }], top: null },
      atHeld: null,
      workers: 1,
    });

    expect(figures.filter((figure) => figure.goal)).toEqual([]);
    expect(figures.find((figure) => figure.name === 'harness walk')?.note).toContain('5 failed');
  });
});

describe('pathsScript', () => {
  it('should request the paths in turn as Lua strings', () => {
    const lua = pathsScript(['/a?limit=20', '/a?limit=20&cursor=p1']);

    expect(lua).toContain('"/a?limit=20",\n  "/a?limit=20&cursor=p1"');
    expect(lua).toContain('index = index % #paths + 1');
  });
});
