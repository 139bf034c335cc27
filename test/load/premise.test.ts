/**
 * A scenario whose premise never held says inconclusive, with the reason, never pass: a noisy
 * tenant that was never throttled proves nothing about fairness, a stress run that never met a
 * 429 proves nothing about overload.
 */
import { describe, expect, it } from 'vitest';
import { STAGED_TIMEOUT_MS, stagedRunner } from './run-helpers.ts';
import '../setup/provide-layers.ts';

const stage = stagedRunner({
  'quiet-flood': { scenario: 'fairness', profile: 'smoke', duration: '4s', rate: 2, floodRate: 5 },
  'no-limit': {
    scenario: 'stress',
    profile: 'stress',
    duration: '4s',
    rate: 2,
    sandbox: { rateLimit: { perKey: 100_000, perTenant: 100_000, windowMs: 1000 } },
  },
  clean: { scenario: 'stress', profile: 'stress', duration: '4s', rate: 6 },
});

describe('premises of the load scenarios', { timeout: STAGED_TIMEOUT_MS }, () => {
  it('should call fairness inconclusive when the flood never throttled the noisy tenant', async () => {
    const result = await stage('quiet-flood');

    expect(result).toMatchObject({ verdict: 'inconclusive', exitCode: 0 });
    expect(result.reason).toMatch(/^the noisy tenant was never throttled/);
  });

  it('should call stress inconclusive when the target never answered 429', async () => {
    const result = await stage('no-limit');

    expect(result).toMatchObject({ verdict: 'inconclusive', exitCode: 0 });
    expect(result.reason).toMatch(/^the target never answered 429/);
  });

  it('should be conclusive on the clean sandbox, whose limits the gate shapes reach', async () => {
    const result = await stage('clean');

    expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
    expect(result.rateLimiting.rate429).toBeGreaterThan(0);
  });
});
