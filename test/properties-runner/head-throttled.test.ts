/**
 * A throttled key's HEAD is throttled as its GET (head-throttled-like-get): on a sandbox whose HEADs
 * skip the rate limiter (head-not-rate-limited), ratelimit.head-throttled's coverage phase alone
 * fails on the first cell, its transcript the burst's 429, a HEAD served and the GET's 429, its keys
 * in no part of the result; rounds the target file's load.maxRps does not allow are inconclusive,
 * with the figures. On a sandbox whose HEADs past the limit are refused 503 (head-throttled-503), a
 * HEAD of the rounds fails throttle-is-429. The clean sandbox passes every cell (./head-ends.test.ts);
 * the rounds on scripted answers: ./head-throttled-rounds.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProperties } from '../../lib/props/runner.ts';
import { headThrottledProperty } from '../../properties/rate-limit-head.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, coverageOnly, keyValues, startSmallSandbox } from './live-target.ts';

describe('ratelimit.head-throttled against HEADs that skip the rate limiter', () => {
  let faulty: RunningSandbox;
  beforeAll(async () => {
    faulty = await startSmallSandbox({ faults: ['head-not-rate-limited'] });
  }, 60_000);
  afterAll(() => faulty.close());

  it('should fail head-throttled-like-get, naming the counts, with the 429s around a HEAD served, no key shown', async () => {
    const result = await coverageOnly(faulty, headThrottledProperty);
    expect(result?.status).toBe('failed');
    if (result?.status !== 'failed') return;
    const [failure] = result.failures;
    expect([failure?.check, failure?.code]).toEqual(['head-throttled-like-get', 'HEAD_NOT_THROTTLED']);
    expect(failure?.message).toMatch(
      /^throttled key, menuItems first page via bearer: the GET burst was served (\d+) times before its 429; then, the GET refused 429, every one of (\d+) then \d+ HEADs sent at once was served \(200\), and the GET right after each round refused 429 \(spec §8: .*RFC 9110 §9\.3\.2/,
    );
    expect(result.requests.map((step) => [step.call.method ?? 'GET', step.status])).toEqual([
      ['GET', 429],
      ['GET', 429],
      ['HEAD', 200],
      ['GET', 429],
    ]);
    const text = JSON.stringify(result);
    for (const key of keyValues(faulty.target)) expect(text).not.toContain(key);
  }, 60_000);

  it('should be inconclusive, with the figures, when the rounds need more requests than load.maxRps', async () => {
    const context = contextOn({ ...faulty.target, load: { allowed: true, maxRps: 5 } });
    try {
      const [result] = await runProperties([headThrottledProperty], context, { seed: 1, runs: 0 });
      expect(result?.status).toBe('skipped');
      expect(result?.status === 'skipped' && result.reason).toMatch(
        /no HEAD refused after 2 bursts; after the last, the raw HEAD was served; judging it after a burst served \d+ times takes \d+ then \d+ HEADs at once \(\d+ requests\): more than 40 at once or the target file's load\.maxRps \(5\)/,
      );
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('ratelimit.head-throttled against HEADs refused 503 past the limit', () => {
  let faulty: RunningSandbox;
  beforeAll(async () => {
    faulty = await startSmallSandbox({ faults: ['head-throttled-503'] });
  }, 60_000);
  afterAll(() => faulty.close());

  // A HEAD of the rounds fails; on a machine so slow that the key's 2 s window reopened before the
  // rounds' first GET, the raw HEAD's own 503 does.
  it('should fail throttle-is-429 on a HEAD answered 503, after the 429 and the 503 that led to it, no key shown', async () => {
    const result = await coverageOnly(faulty, headThrottledProperty);
    expect(result?.status).toBe('failed');
    if (result?.status !== 'failed') return;
    const [failure] = result.failures;
    expect([failure?.check, failure?.code]).toEqual(['throttle-is-429', 'SERVER_ERROR']);
    expect(failure?.message).toMatch(
      /^throttled key, menuItems first page via bearer: (one of \d+ HEADs sent at once right after a GET refused 429|the raw HEAD right after the burst's 429), answered 503, expected 200 or 429$/,
    );
    const steps = result.requests.map((step) => `${step.call.method ?? 'GET'} ${step.status}`);
    // The burst's 429, the raw HEAD's 503, then the GET refused and the round's HEADs to the first 503.
    expect(steps.slice(0, 2)).toEqual(['GET 429', 'HEAD 503']);
    expect(steps.at(-1)).toBe('HEAD 503');
    const text = JSON.stringify(result);
    for (const key of keyValues(faulty.target)) expect(text).not.toContain(key);
  }, 60_000);
});
