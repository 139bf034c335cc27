/**
 * date-current across a run's answers: a 401 dated by the key's record (stale-date-on-revoked: the
 * revoked key's revocation, hours ago) fails against the clock the run's other answers show, the
 * finding naming one of them; every Date an hour ahead (date-local-time) fails once, on the first
 * answer, and says nothing more; the clean sandbox passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyResult } from '../../lib/props/runner.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyValues, missingThenRevoked, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const failuresOf = (result: PropertyResult | undefined) =>
  result?.status === 'failed' ? result.failures : [];

describe('date-current', () => {
  let clean: RunningSandbox;
  let stale: RunningSandbox;
  let local: RunningSandbox;
  beforeAll(async () => {
    [clean, stale, local] = await Promise.all([
      startSmallSandbox(),
      startSmallSandbox({ faults: ['stale-date-on-revoked'] }),
      startSmallSandbox({ faults: ['date-local-time'] }),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([clean.close(), stale.close(), local.close()]));

  it("should fail the revoked key's 401 dated hours before its request, naming an answer that dates the clock", async () => {
    const [missing, revoked] = await missingThenRevoked(stale.target);
    expect(missing?.status).toBe('passed');
    const [failure] = failuresOf(revoked);
    expect(failure).toMatchObject({ check: 'date-current', code: 'DATE_STALE' });
    expect(failure?.message).toMatch(
      /HTTP 401 came with Date: .* GMT, at least 2\d{4} s before the request that got it was sent, by the target's own clock as its answer to GET \/public\//,
    );
    // The answer that dates the clock (the other property's 401), then the revoked key's.
    const [clock, dated] = failure?.requests.slice(-2) ?? [];
    expect(clock?.role).not.toBe('revoked');
    expect(dated).toMatchObject({ status: 401, role: 'revoked' });
    const text = JSON.stringify([missing, revoked]);
    for (const key of keyValues(stale.target)) expect(text).not.toContain(key);
  });

  it('should fail a target whose every Date is an hour ahead once, on its first answer', async () => {
    const [missing, revoked] = await missingThenRevoked(local.target);
    expect(failuresOf(missing).map((failure) => failure.code)).toEqual(['DATE_OFF_CLOCK']);
    expect(failuresOf(missing)[0]?.message).toMatch(/60 min ahead of this machine's clock/);
    expect(revoked?.status).toBe('passed');
  });

  it('should pass the clean sandbox', async () => {
    const results = await missingThenRevoked(clean.target);
    expect(results.map((result) => result.status)).toEqual(['passed', 'passed']);
  });
});
