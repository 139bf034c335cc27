/**
 * Each load fault of the sandbox catalogue is caught by the scenario made for it, run on Artillery
 * through the harness's engine, and the failure names what caught it: asserted on the exit code
 * and the result JSON, never on text. The loads run as stages of Artillery runs, as the gate
 * runs them, each against its own sandbox with its own fault.
 *
 * Two such runs side by side, each some half a minute of schedule: the file used a fifth of a core
 * (a generator keeps a schedule, the sandboxes wait), so nine stages in a row left its worker idle
 * for a minute. The stages whose fault is a latency read against a baseline (depth's first pages,
 * the soak's first third) come first in their run, beside the lighter isolation stages of the
 * other, and share their run with the floods, which so never meet them.
 *
 * Besides the load faults, the two faults of key lookups the auth properties catch (key-case-folded,
 * key-prefix-only): a load's refused requests send the same changed keys, so a load catches them too,
 * and writes none of them. And a 401 without the challenge the others carry
 * (challenge-dropped-revoked-expired), or dated by its key's record (stale-date-on-revoked): each
 * worker remembers the answers its requests got.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { KEY_CASE_WORDS, KEY_CASES, keyInCase } from '../../lib/http/key-case.ts';
import { basicCredentials } from '../../lib/http/key-place.ts';
import type { LoadResult } from '../../lib/load/run/loads.ts';
import type { LoadOptions } from '../../lib/load/run/options.ts';
import { crossed, failedChecks, resultOnDisk, STAGED_TIMEOUT_MS, stagedRunner } from './run-helpers.ts';
import { sandboxKeys } from './sandbox-keys.ts';
import '../setup/provide-layers.ts';

vi.mock('../../lib/adapters/open-target.ts', async (importOriginal) =>
  (await import('./sandbox-keys.ts')).captureSandboxKeys(importOriginal),
);

/** Depth, the soak, then the floods (fairness): 32 s of stages. */
const BASELINED: Record<string, LoadOptions> = {
  'deep-page-slowdown': {
    scenario: 'depth',
    profile: 'smoke',
    duration: '2s',
    rate: 1,
    faults: ['deep-page-slowdown'],
  },
  'soak-drift': { scenario: 'walk', profile: 'soak', duration: '10s', rate: 20, faults: ['soak-drift'] },
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
  'throttle-text-body': {
    scenario: 'fairness',
    profile: 'smoke',
    duration: '4s',
    rate: 2,
    faults: ['throttle-text-body'],
  },
  'throttle-cacheable': {
    scenario: 'fairness',
    profile: 'smoke',
    duration: '3s',
    rate: 2,
    faults: ['throttle-cacheable'],
  },
  // The flood's ramp (its second second) sends a noisy key some 100 requests past its limit.
  'flood-blocked-403': {
    scenario: 'fairness',
    profile: 'smoke',
    duration: '3s',
    rate: 2,
    faults: ['flood-blocked-403'],
  },
};

/** Isolation, the key lookups, then the stress ramps, while the soak's first third is over: 34 s of stages. */
const ISOLATION: Record<string, LoadOptions> = {
  'shared-cache': {
    scenario: 'isolation',
    profile: 'smoke',
    duration: '4s',
    rate: 10,
    faults: ['shared-cache'],
  },
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
  // The walk's own request with a limit outside 1..100 beside it, while its walk's limit is checked:
  // six such arrivals in the 60 (arrivals 5, 7, 9, 50, 52, 54 with the sandbox's three tenants).
  'limit-unchecked-when-busy': {
    scenario: 'isolation',
    profile: 'smoke',
    duration: '3s',
    rate: 20,
    faults: ['limit-unchecked-when-busy'],
  },
  // Walks without a limit at once: the first six arrivals, then the 25th to the 30th.
  'default-limit-when-busy': {
    scenario: 'walk',
    profile: 'smoke',
    duration: '3s',
    rate: 10,
    faults: ['default-limit-when-busy'],
  },
  // The walk's own key changed beside it: the first sixteen arrivals send both kinds of change.
  'key-case-folded': {
    scenario: 'walk',
    profile: 'smoke',
    duration: '2s',
    rate: 10,
    faults: ['key-case-folded'],
  },
  'key-prefix-only': {
    scenario: 'walk',
    profile: 'smoke',
    duration: '2s',
    rate: 10,
    faults: ['key-prefix-only'],
  },
  // A revoked key's 401 first, a changed key's (challenged) within the first twelve arrivals.
  'challenge-dropped-revoked-expired': {
    scenario: 'walk',
    profile: 'smoke',
    duration: '2s',
    rate: 10,
    faults: ['challenge-dropped-revoked-expired'],
  },
  // The same refused requests: a revoked or expired key's 401 dated by its record, days or hours ago.
  'stale-date-on-revoked': {
    scenario: 'walk',
    profile: 'smoke',
    duration: '2s',
    rate: 10,
    faults: ['stale-date-on-revoked'],
  },
  // Enough walks at once that more than 4 requests meet at the sandbox.
  'overload-5xx': {
    scenario: 'stress',
    profile: 'stress',
    duration: '4s',
    rate: 6,
    faults: ['overload-5xx'],
  },
  'overload-drops-connection': {
    scenario: 'stress',
    profile: 'stress',
    duration: '4s',
    rate: 6,
    faults: ['overload-drops-connection'],
  },
};

/** Every file a load wrote, at any depth of its folder. */
function filesOf(result: LoadResult): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? under(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return under(result.files.dir);
}

const baselined = stagedRunner(BASELINED);
const isolation = stagedRunner(ISOLATION);
const stage = (name: string) => (name in BASELINED ? baselined : isolation)(name);

// Side by side: each test waits for the run its stage is in; the first tests start both.
describe.concurrent('load faults', { timeout: STAGED_TIMEOUT_MS }, () => {
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

  it('should name each request overload left without an answer, not count it only (overload-drops-connection)', async () => {
    const result = await stage('overload-drops-connection');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    // Named once, by its check: not also a page's or a refusal's failure.
    expect(failedChecks(result)).toEqual(['every-request-answered']);
    expect(crossed(resultOnDisk(result))).toContain('server_errors');
    // A worker keeps 20 distinct failures per check and code, then counts the rest under one line.
    const failures = resultOnDisk(result).failures.filter(
      (failure) => !failure.message.startsWith('further distinct failures'),
    );
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure).toMatchObject({ check: 'every-request-answered', code: 'NO_HTTP_ANSWER' });
      expect(failure.message).toMatch(
        /^no HTTP answer to GET \/public\/(orders|menu\/items)\S* \((tenant \S+'s \w+ key|no key|a malformed key)[^)]*\): /,
      );
    }
    expect(result.reason).toMatch(/^every-request-answered failed \d+ time\(s\): no HTTP answer to GET /);
    for (const file of filesOf(result)) {
      const text = readFileSync(file, 'utf8');
      for (const key of sandboxKeys) expect(text.includes(key), `${file} holds a key`).toBe(false);
    }
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

  it('should fail on a 429 a cache may store, though a 429 is never a failure by its status (throttle-cacheable)', async () => {
    const result = await stage('throttle-cacheable');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1 });
    expect(failedChecks(result)).toEqual(['throttle-not-storable']);
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({ check: 'throttle-not-storable', code: 'THROTTLE_STORABLE' }),
    );
  });

  it("should fail on the flood's answers that are neither a page nor a 429, though only the quiet tenants' walks are gated (flood-blocked-403)", async () => {
    const result = await stage('flood-blocked-403');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toEqual(['walk-pages-succeed']);
    const failures = resultOnDisk(result).failures.filter(
      (failure) => failure.check === 'walk-pages-succeed',
    );
    expect(failures.length).toBeGreaterThan(0);
    expect(
      failures.every((failure) => failure.code === 'PAGE_NOT_OK' && failure.traffic?.startsWith('noisy')),
    ).toBe(true);
    expect(failures[0]?.message).toMatch(/answered 403/);
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

  it('should see a limit outside 1..100 served while the server is busy (limit-unchecked-when-busy)', async () => {
    const result = await stage('limit-unchecked-when-busy');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toEqual(['limit-bounds-enforced']);
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({ check: 'limit-bounds-enforced', code: 'ACCEPTED', traffic: 'refused' }),
    );
  });

  it('should see a page without limit hold fewer than 50 records with more to come while the server is busy (default-limit-when-busy)', async () => {
    const result = await stage('default-limit-when-busy');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toEqual(['full-page-when-more']);
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({
        check: 'full-page-when-more',
        message: 'page holds 20 records at limit 50 and says hasMore: true',
      }),
    );
  });

  it("should fail the refused requests' 401s that come without the challenge the others carry (challenge-dropped-revoked-expired)", async () => {
    const result = await stage('challenge-dropped-revoked-expired');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toEqual(['challenge-on-every-401']);
    expect(resultOnDisk(result).failures).toContainEqual(
      expect.objectContaining({ check: 'challenge-on-every-401', code: 'CHALLENGE_MISSING' }),
    );
  });

  it("should fail the refused requests' 401s dated by the key's record, not the clock (stale-date-on-revoked)", async () => {
    const result = await stage('stale-date-on-revoked');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toEqual(['date-current']);
    // Stale by the clock the worker's other answers show; the worker's first answer, if it is one,
    // hours behind this machine's clock.
    const codes = new Set(resultOnDisk(result).failures.map((failure) => failure.code));
    expect(codes.size).toBeGreaterThan(0);
    expect([...codes].filter((code) => code !== 'DATE_STALE' && code !== 'DATE_OFF_CLOCK')).toEqual([]);
  });

  it.each([
    ['key-case-folded', ['upper', 'lower', 'first-flipped', 'last-flipped']],
    // A lookup by the first 25 characters serves any change past them: its last letter's case too.
    ['key-prefix-only', ['last-replaced', 'last-dropped', 'appended', 'last-flipped']],
  ] as const)(
    "should see the walk's own key, changed, served beside it, and write no form of any key (%s)",
    async (fault, served) => {
      const result = await stage(fault);

      expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
      expect(failedChecks(result)).toEqual(['key-rejected']);
      const accepted = resultOnDisk(result).failures.filter((failure) => failure.code === 'ACCEPTED');
      expect(accepted.length).toBeGreaterThan(0);
      const words = served.map((keyCase) => KEY_CASE_WORDS[keyCase]);
      for (const { message } of accepted)
        expect(
          words.some((said) => message.includes(`, ${said} answered 200`)),
          message,
        ).toBe(true);
      // Basic credentials too: the refused requests send a key as Authorization: Basic as well.
      const forms = [...sandboxKeys].flatMap((key) => [
        key,
        ...KEY_CASES.map((each) => keyInCase(key, each)),
        basicCredentials(key),
      ]);
      expect(forms.length).toBeGreaterThan(0);
      for (const file of filesOf(result)) {
        const text = readFileSync(file, 'utf8').toLowerCase();
        for (const form of forms)
          expect(text.includes(form.toLowerCase()), `${file} holds a key`).toBe(false);
      }
    },
  );

  it('should see latency drift up over a soak (soak-drift)', async () => {
    const result = await stage('soak-drift');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(crossed(resultOnDisk(result))).toContain('latency_drift{period:late}');
  });
});
