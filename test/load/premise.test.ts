/**
 * A scenario whose premise never held says inconclusive, with the reason, never pass: a noisy
 * tenant that was never throttled proves nothing about fairness, a stress run that never met a
 * 429 proves nothing about overload.
 */
import { describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../lib/load/run/options.ts';
import { STAGED_TIMEOUT_MS, stagedRunner } from './run-helpers.ts';
import '../setup/provide-layers.ts';

/** The premises that never hold: a flood below its limit, a stress with no limit to meet. */
const UNMET: Record<string, LoadOptions> = {
  'quiet-flood': { scenario: 'fairness', profile: 'smoke', duration: '4s', rate: 2, floodRate: 5 },
  'no-limit': {
    scenario: 'stress',
    profile: 'stress',
    duration: '4s',
    rate: 2,
    sandbox: { rateLimit: { perKey: 100_000, perTenant: 100_000, windowMs: 1000 } },
  },
};
const unmet = stagedRunner(UNMET);
const clean = stagedRunner({ clean: { scenario: 'stress', profile: 'stress', duration: '4s', rate: 6 } });
const stage = (name: string) => (name in UNMET ? unmet : clean)(name);

/**
 * Two Artillery runs side by side: the file mostly waited (a third of a core) on one run of three
 * stages in a row. The unmet premises hold whatever the machine's speed (a flood at 5 a second
 * against a limit it cannot reach, limits of 100,000): beside them, the clean stress alone in its run.
 */
describe.concurrent('premises of the load scenarios', { timeout: STAGED_TIMEOUT_MS }, () => {
  it('should call fairness inconclusive when the flood never throttled the noisy tenant', async () => {
    const result = await stage('quiet-flood');

    expect(result).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(result.reason).toMatch(/^the noisy tenant was never throttled/);
  });

  it('should call stress inconclusive when the target never answered 429', async () => {
    const result = await stage('no-limit');

    expect(result).toMatchObject({ verdict: 'inconclusive', exitCode: 2 });
    expect(result.reason).toMatch(/^the target never answered 429/);
  });

  it('should be conclusive on the clean sandbox, whose limits the gate shapes reach', async () => {
    const result = await stage('clean');

    expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(result.rateLimiting.rate429).toBeGreaterThan(0);
  });
});
