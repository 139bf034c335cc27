/**
 * A throttled key's HEADs between GETs of the same request (head-throttled-like-get): judged only
 * when every HEAD of two rounds of different sizes, each above what the GET burst was served, was
 * served while every GET around them was refused 429.
 */
import { describe, expect, it } from 'vitest';
import {
  headRoundSizes,
  headThrottledLikeGet,
  type HeadsBetweenGets,
} from '../../lib/checks/head-throttled-like-get.ts';

const request = 'throttled key, orders first page via bearer';
const all = (count: number, status: number): number[] => Array.from({ length: count }, () => status);

/** A burst served 4 times, then the GET 429 and rounds of 10 and 11 HEADs, each followed by the GET. */
function met(heads: [number[], number[]], gets: [number, number], before = 429): HeadsBetweenGets {
  return {
    request,
    burstServed: 4,
    before,
    rounds: [
      { heads: heads[0], get: gets[0] },
      { heads: heads[1], get: gets[1] },
    ],
  };
}

describe('head-throttled-like-get', () => {
  it('should size two rounds above twice what the burst served, each its own count', () => {
    expect(headRoundSizes(4)).toEqual([10, 11]);
    expect(headRoundSizes(0)).toEqual([2, 3]);
  });

  it('should fail every HEAD served while the GETs before and after them are refused 429', () => {
    const failure = headThrottledLikeGet.run(met([all(10, 200), all(11, 200)], [429, 429]));
    expect(failure?.code).toBe('HEAD_NOT_THROTTLED');
    expect(failure?.message).toBe(
      `${request}: the GET burst was served 4 times before its 429; then, the GET refused 429, every one of 10 then 11 HEADs sent at once was served (200), and the GET right after each round refused 429 (spec §8: exceeding the rate limit gives 429; RFC 9110 §9.3.2: HEAD is GET without content)`,
    );
    expect(failure?.received).toBe('10 then 11 HEADs 200, every GET between them 429');
  });

  it('should pass a round with one HEAD refused 429, as a limiter that counts HEADs refuses them', () => {
    const oneRefused = [...all(9, 200), 429];
    expect(headThrottledLikeGet.run(met([oneRefused, all(11, 200)], [429, 429]))).toBeNull();
    expect(headThrottledLikeGet.run(met([all(10, 200), [429, ...all(10, 200)]], [429, 429]))).toBeNull();
  });

  it('should find nothing when a GET was served: the window reopened', () => {
    expect(headThrottledLikeGet.run(met([all(10, 200), all(11, 200)], [200, 429]))).toBeNull();
    expect(headThrottledLikeGet.run(met([all(10, 200), all(11, 200)], [429, 200]))).toBeNull();
    expect(headThrottledLikeGet.run(met([all(10, 200), all(11, 200)], [429, 429], 200))).toBeNull();
  });

  it('should find nothing in one round, in rounds of one size, or in rounds no larger than the burst served', () => {
    const one = met([all(10, 200), all(11, 200)], [429, 429]);
    expect(headThrottledLikeGet.run({ ...one, rounds: one.rounds.slice(0, 1) })).toBeNull();
    expect(headThrottledLikeGet.run(met([all(10, 200), all(10, 200)], [429, 429]))).toBeNull();
    expect(headThrottledLikeGet.run({ ...one, burstServed: 10 })).toBeNull();
  });
});
