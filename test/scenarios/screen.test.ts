/**
 * The Go page screen in k6 (lib/adapters/k6-screen.ts, k6ext/pagefold): on the clean sandbox it
 * passes every page, so the checks it vouches for are not run in JavaScript; on each sandbox fault
 * those checks exist for, it has doubts, and the JavaScript checks find and name the fault as
 * they do everywhere else. Asserted on the result JSON, never on text.
 */
import { describe, expect, it } from 'vitest';
import { loadRunner, resultOnDisk, RUN_TIMEOUT_MS } from './run-helpers.ts';

const run = loadRunner();

describe('the page screen in k6 walks', () => {
  it('should pass every page of the clean sandbox', { timeout: RUN_TIMEOUT_MS }, async () => {
    const result = await run({ scenario: 'walk', profile: 'smoke', duration: '2s' });

    expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
    const pages = result.metrics.pages?.values.count;
    expect(pages).toBeGreaterThan(10);
    expect(result.metrics.screened_pages?.values.count).toBe(pages);
    // And each was folded wholly in Go, with no JavaScript run for it.
    expect(result.metrics.folded_pages?.values.count).toBe(pages);
    // Every request is one attempt of the per-attempt rates, whether sent from Go or JavaScript.
    const requests = result.metrics.http_reqs?.values.count;
    for (const name of ['rate_limited', 'server_errors']) {
      const rate = result.metrics[name]?.values;
      expect((rate?.passes ?? 0) + (rate?.fails ?? 0), name).toBe(requests);
    }
  });

  it(
    'should check every page in JavaScript with HARNESS_PAGE_SCREEN=off, as on a k6 without the screen',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      process.env.HARNESS_PAGE_SCREEN = 'off';
      const result = await run({ scenario: 'walk', profile: 'smoke', duration: '2s' }).finally(() => {
        delete process.env.HARNESS_PAGE_SCREEN;
      });

      expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
      expect(result.metrics.pages?.values.count).toBeGreaterThan(10);
      expect(result.metrics.screened_pages?.values.count).toBe(0);
      expect(result.metrics.folded_pages?.values.count).toBe(0);
    },
  );

  // Each fault whose catching check reads records (the checks the screen vouches for).
  it.each([
    ['pagination-extra-field', 'page-matches-schema'],
    ['page-boundary-duplicate', 'no-duplicate-ids'],
    ['filter-lost-on-later-pages', 'filter-respected'],
    ['active-only-wrong', 'filter-respected'],
  ])(
    'should leave %s to the JavaScript checks, which name %s',
    { timeout: RUN_TIMEOUT_MS },
    async (fault, check) => {
      // 60 walks: enough of the plan's rotation for filtered walks of more than one page.
      const result = await run({
        scenario: 'walk',
        profile: 'smoke',
        duration: '3s',
        rate: 20,
        faults: [fault],
      });

      expect(result).toMatchObject({ verdict: 'fail', exitCode: 1 });
      expect(resultOnDisk(result).failures).toContainEqual(expect.objectContaining({ check }));
    },
  );
});
