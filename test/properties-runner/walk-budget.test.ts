/**
 * Walks sized to the target: the survey reads each list to its end or its page budget, the
 * properties that need whole walks walk the lists that fit theirs, and name the others with the
 * way to give them more (--walk-pages, the target file's walkPages). A long list is never failed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import { propertyTimeMs, resolveBudget, surveyBudget, tooLongNote } from '../../lib/props/budget.ts';
import { selectProperties } from '../../lib/props/registry.ts';
import { runProperties, type PropertyResult } from '../../lib/props/runner.ts';
import { knownSize, surveyTarget } from '../../lib/props/survey.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, startSmallSandbox, targetOf } from './live-target.ts';
import '../setup/provide-layers.ts';

/** A target file with one tenant and a full key: nothing is sent to it. */
const MINIMAL = {
  baseUrl: 'http://127.0.0.1:1/api/v1',
  apiKeyHeader: 'X-T-Api-Key',
  load: { allowed: false, maxRps: 1 },
  tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'k' } } }],
};

describe('the walk budget', () => {
  it('should take --walk-pages over the target file, and the target file over the default', () => {
    const file = targetOf(MINIMAL);
    expect(resolveBudget(file).fullWalkPages).toBe(40);
    expect(resolveBudget({ ...file, walkPages: 500 }).fullWalkPages).toBe(500);
    // A raised budget brings the time to use it: 25 ms a page, never under 15 s.
    const raised = resolveBudget({ ...file, walkPages: 500 }, 5000);
    expect(raised).toMatchObject({ fullWalkPages: 5000, walkMs: 125_000 });
    expect(resolveBudget(file).walkMs).toBe(15_000);
    // The survey reads at least 400 pages a list, and as many as a whole walk may take.
    expect(surveyBudget(file, resolveBudget(file))).toEqual({ pages: 400, timeMs: 30_000 });
    expect(surveyBudget(file, raised)).toEqual({ pages: 5000, timeMs: 250_000 });
  });

  it("should give a property 10 s, or two walks' time when a raised page budget made a walk longer", () => {
    const file = targetOf(MINIMAL);
    expect(propertyTimeMs(resolveBudget(file), 10_000)).toBe(10_000);
    expect(propertyTimeMs(resolveBudget(file, 40), 10_000)).toBe(10_000);
    // 20,000 pages at 25 ms a page: a walk may take 500 s, so a property gets 1,000 s.
    expect(propertyTimeMs(resolveBudget(file, 20_000), 10_000)).toBe(1_000_000);
    // 400 pages: a walk keeps its 15 s floor, and a property gets two of them.
    expect(propertyTimeMs(resolveBudget({ ...file, walkPages: 400 }), 10_000)).toBe(30_000);
  });

  it('should name each list once, those with the same reason together, and say how to give more', () => {
    const budget = resolveBudget(targetOf(MINIMAL));
    const note = tooLongNote(
      [
        { list: 'a orders', why: 'more than 40,000 records' },
        { list: 'b orders', why: 'more than 40,000 records' },
        { list: 'a orders', why: 'more than 900 records (still going after 15 s)' },
        { list: 'a menuItems status=ACTIVE', why: 'more than 4,100 records (still going after 42 pages)' },
      ],
      budget,
    );
    expect(note).toBe(
      "not walked whole within 40 pages (15 s): a orders, b orders: more than 40,000 records; a menuItems status=ACTIVE: more than 4,100 records (still going after 42 pages); give them more with --walk-pages N or the target file's walkPages",
    );
    expect(tooLongNote([], budget)).toBe('');
  });
});

describe('whole walks of lists longer than their budget', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    // 120 menu items a tenant (3 pages at limit 100, headroom included); 324, 190 and 86 orders.
    sandbox = await startSmallSandbox();
  });
  afterAll(() => sandbox.close());

  async function run(walkPages: number): Promise<Map<string, PropertyResult>> {
    const context = contextOn(sandbox.target, { walkPages });
    try {
      const names = ['pagination.terminates', 'pagination.limit-invariance'];
      const results = await runProperties(selectProperties(names), context, { seed: 7, runs: 4 });
      return new Map(results.map((result) => [result.name, result]));
    } finally {
      await context.close();
    }
  }

  it('should mark a list the survey could not read to its end, and give it no size', async () => {
    const client = createNodeClient(targetOf(sandbox.target));
    try {
      const survey = await surveyTarget(client, targetOf(sandbox.target), { pages: 2, timeMs: 10_000 });
      const orders = survey.tenants[0]?.lists.orders;
      expect(orders).toMatchObject({ end: 'budget-reached', pages: 2 });
      expect(orders?.records).toHaveLength(200);
      expect(orders && knownSize(orders)).toBeNull();
      expect(survey.tenants[0]?.lists.menuItems).toMatchObject({ end: 'complete', pages: 2 });
    } finally {
      await client.close();
    }
  });

  it('should walk the lists that fit and name the others, passing', async () => {
    const results = await run(3);
    for (const name of ['pagination.terminates', 'pagination.limit-invariance']) {
      const result = results.get(name);
      expect(result?.status, name).toBe('passed');
      expect(result?.note).toMatch(
        /^not walked whole within 3 pages \(15 s\): tenant-a orders: 324 records \(up to 6 pages at limit 100, room for changes included\); tenant-b orders: 190 records \(up to 4 pages at limit 100, room for changes included\); give them more with --walk-pages N/,
      );
    }
  });

  it('should be inconclusive, never failed, when no list fits', async () => {
    const result = (await run(2)).get('pagination.terminates');
    expect(result?.status).toBe('skipped');
    expect(result?.status === 'skipped' && result.reason).toBe(
      'inconclusive: no list is short enough to walk whole within the budget',
    );
    expect(result?.note).toMatch(/tenant-a menuItems.*: 120 records \(up to 3 pages at limit 100/);
  });

  it('should walk every list whole when the budget holds them', async () => {
    const result = (await run(6)).get('pagination.terminates');
    expect(result).toMatchObject({ status: 'passed' });
    expect(result?.note).toBeUndefined();
  });
});
