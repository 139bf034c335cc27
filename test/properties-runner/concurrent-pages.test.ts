/**
 * pagination.concurrent-pages: a walk's first pages, cursor pages included, sent all at once must
 * each be the page asked alone. It fails a sandbox that reads each cursor back from one scratch
 * variable after an await (cursor-shared-scratch), which every page asked alone passes; it passes
 * the clean sandbox, every cell reached, and a server that orders the records of a page answered
 * under concurrency otherwise (the order is not shown, spec §4.3 rule 8); it is skipped when
 * load.maxRps lets no two pages go at once.
 */
import { describe, expect, it } from 'vitest';
import { runProperties } from '../../lib/props/runner.ts';
import { CONCURRENT_PAGES, limitForPages } from '../../properties/concurrent-pages.ts';
import { failedCheck, runOnSandbox } from '../mutation/run-property.ts';
import { contextOn, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const NAME = 'pagination.concurrent-pages';

describe('the limit of a round of pages', () => {
  it('should be the largest limit that still gives the pages, within 1..100', () => {
    expect(limitForPages(600, 8)).toBe(85);
    expect(Math.ceil(600 / limitForPages(600, 8))).toBe(8);
    expect(limitForPages(2442, 8)).toBe(100);
    expect(limitForPages(3, 8)).toBe(1);
    expect(limitForPages(10, 4)).toBe(3);
    expect(Math.ceil(10 / limitForPages(10, 4))).toBe(4);
  });
});

describe(NAME, () => {
  it('should fail repeat-gives-same-page on cursor pages that swap places when in flight together', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await runOnSandbox(NAME, { faults: ['cursor-shared-scratch'] }, seed);
      expect(failedCheck(result), `seed ${seed}`).toBe('repeat-gives-same-page');
      if (result.status !== 'failed') continue;
      expect(result.failures[0]?.message).toMatch(
        /^page \d+ of tenant-\w+ (orders|menuItems) at limit \d+, asked alone, then among \d+ pages at once \(round \d of 3, (separate connections|pipelined)\), sent again: /,
      );
    }
  }, 90_000);

  it('should pass the clean sandbox for 3 seeds, each run judged and every cell reached', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await runOnSandbox(NAME, {}, seed);
      expect(result.status, `seed ${seed}`).toBe('passed');
      if (result.status !== 'passed') continue;
      expect(result.inconclusiveRuns, `seed ${seed}`).toBe(0);
      expect(result.coverage?.cellsNotReached, `seed ${seed}`).toEqual([]);
      expect(result.coverage?.reached.map((entry) => entry.label)).toEqual([
        'menuItems pages at once',
        'orders pages at once',
        'menuItems and orders pages at once',
      ]);
    }
  }, 90_000);

  it('should pass records ordered otherwise under concurrency (the order is not shown)', async () => {
    const result = await runOnSandbox(NAME, { mutant: 'm:records-reversed@concurrent>1' }, 1);
    expect(result.status).toBe('passed');
  }, 60_000);

  it('should be skipped when load.maxRps lets no two pages be in flight at once', async () => {
    const sandbox = await startSmallSandbox();
    const context = contextOn({ ...sandbox.target, load: { allowed: true, maxRps: 1 } });
    try {
      const [result] = await runProperties(CONCURRENT_PAGES, context, { seed: 1, runs: 1 });
      expect(result?.status).toBe('skipped');
      expect(result?.status === 'skipped' && result.reason).toMatch(/load\.maxRps \(1\) lets no two pages/);
    } finally {
      await context.close();
      await sandbox.close();
    }
  }, 60_000);
});
