/**
 * Each load fault of the sandbox catalogue is caught by the scenario made for it, run on Artillery
 * through the harness's engine, and the failure names what caught it: asserted on the exit code
 * and the result JSON, never on text. The loads run as stages of one Artillery run, as the gate
 * runs them, each against its own sandbox with its own fault.
 */
import { describe, expect, it } from 'vitest';
import { crossed, failedChecks, resultOnDisk, STAGED_TIMEOUT_MS, stagedRunner } from './run-helpers.ts';
import '../setup/provide-layers.ts';

const stage = stagedRunner({
  'shared-cache': {
    scenario: 'isolation',
    profile: 'smoke',
    duration: '4s',
    rate: 10,
    faults: ['shared-cache'],
  },
  'global-rate-limit': {
    scenario: 'fairness',
    profile: 'smoke',
    duration: '4s',
    rate: 2,
    faults: ['global-rate-limit'],
  },
  'global-rate-limit-high': {
    scenario: 'fairness',
    profile: 'smoke',
    duration: '6s',
    rate: 2,
    faults: ['global-rate-limit-high'],
  },
  // Enough walks at once that more than 4 requests meet at the sandbox.
  'overload-5xx': {
    scenario: 'stress',
    profile: 'stress',
    duration: '4s',
    rate: 6,
    faults: ['overload-5xx'],
  },
  'deep-page-slowdown': {
    scenario: 'depth',
    profile: 'smoke',
    duration: '2s',
    rate: 1,
    faults: ['deep-page-slowdown'],
  },
  'throttle-text-body': {
    scenario: 'fairness',
    profile: 'smoke',
    duration: '4s',
    rate: 2,
    faults: ['throttle-text-body'],
  },
  'soak-drift': { scenario: 'walk', profile: 'soak', duration: '10s', rate: 20, faults: ['soak-drift'] },
  // Refused requests go out beside the walks: the gate's isolation load, squeezed.
  'auth-cached-per-tenant': {
    scenario: 'isolation',
    profile: 'smoke',
    duration: '4s',
    rate: 10,
    faults: ['auth-cached-per-tenant'],
  },
  'scope-skipped-under-concurrency': {
    scenario: 'isolation',
    profile: 'smoke',
    duration: '4s',
    rate: 10,
    faults: ['scope-skipped-under-concurrency'],
  },
});

describe('load faults', { timeout: STAGED_TIMEOUT_MS }, () => {
  it('should fail isolation on the first record a tenant-blind cache leaks (shared-cache)', async () => {
    const result = await stage('shared-cache');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({ check: 'tenant-isolation', code: 'TENANT_LEAK' }),
    );
    expect(failedChecks(result)).toEqual(['tenant-isolation']);
  });

  it('should see quiet tenants throttled by a noisy one (global-rate-limit)', async () => {
    const result = await stage('global-rate-limit');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(crossed(resultOnDisk(result))).toContain('rate_limited{traffic:quiet}');
    expect(result.metrics['rate_limited{traffic:quiet}']?.values.rate).toBeGreaterThan(0.01);
  });

  it('should drive the flood past a generous shared bucket until the quiet tenants feel it (global-rate-limit-high)', async () => {
    const result = await stage('global-rate-limit-high');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(crossed(resultOnDisk(result))).toContain('rate_limited{traffic:quiet}');
  });

  it('should see overload answered with 5xx instead of 429 (overload-5xx)', async () => {
    const result = await stage('overload-5xx');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(crossed(resultOnDisk(result))).toContain('server_errors');
    expect(result.failures).toContainEqual(
      expect.objectContaining({ check: 'walk-pages-succeed', code: 'SERVER_ERROR' }),
    );
  });

  it('should see deep pages cost more than first pages (deep-page-slowdown)', async () => {
    const result = await stage('deep-page-slowdown');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(crossed(resultOnDisk(result))).toEqual(['depth_latency_added']);
  });

  it('should fail on a 429 whose body is not an Error, though a 429 is never a failure by its status (throttle-text-body)', async () => {
    const result = await stage('throttle-text-body');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(failedChecks(result)).toEqual(['error-body-shape']);
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({ check: 'error-body-shape', code: 'ERROR_NOT_JSON' }),
    );
  });

  it('should see a revoked, expired or scope-lacking key served beside the walks of its tenant (auth-cached-per-tenant)', async () => {
    const result = await stage('auth-cached-per-tenant');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    const refusals = failedChecks(result).filter((name) => name !== 'error-body-shape');
    expect(refusals.length).toBeGreaterThan(0);
    expect(
      refusals.every((name) => ['key-rejected', 'scope-enforced'].includes(name)),
      refusals.join(),
    ).toBe(true);
    expect(resultOnDisk(result).failures).toContainEqual(expect.objectContaining({ code: 'ACCEPTED' }));
  });

  it('should see a scope-lacking key served while the server is busy (scope-skipped-under-concurrency)', async () => {
    const result = await stage('scope-skipped-under-concurrency');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toContain('scope-enforced');
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({ check: 'scope-enforced', code: 'ACCEPTED', traffic: 'refused' }),
    );
  });

  it('should see latency drift up over a soak (soak-drift)', async () => {
    const result = await stage('soak-drift');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(crossed(resultOnDisk(result))).toContain('latency_drift{period:late}');
  });
});
