import type { WalkSetCheck } from './types.ts';

/** HEADs of a throttled key sent at once, then the same request as GET right after them. */
export interface HeadRound {
  heads: readonly number[];
  get: number;
}

/**
 * What a throttled key's HEADs met between GETs of the same request (properties/rate-limit-head.ts):
 * statuses only, in the order they were sent.
 */
export interface HeadsBetweenGets {
  /** The request in words: the key, the list, the page. */
  request: string;
  /** The 200s of the GET burst that ended at a 429: what the key's limit let through in a window. */
  burstServed: number;
  /** The GET sent right before the first round's HEADs. */
  before: number;
  rounds: readonly HeadRound[];
}

/**
 * How many HEADs each round sends after a burst whose GETs were served `burstServed` times: more
 * than twice that, so a window that reopens during a round cannot serve them all when the limit
 * counts HEADs; two sizes, so no one limit equals both.
 */
export function headRoundSizes(burstServed: number): readonly [number, number] {
  const heads = 2 * burstServed + 2;
  return [heads, heads + 1];
}

const served = (round: HeadRound): boolean => round.heads.every((status) => status === 200);

/**
 * spec §8: exceeding the rate limit gives 429; spec §4: both endpoints are GET; RFC 9110 §9.3.2:
 * HEAD is GET without content, so a HEAD of a key whose GET is refused 429 at that moment is
 * refused too. A limiter may leave HEADs uncounted (the spec is silent), not unrefused. Judged on a
 * key throttled by a burst of GETs: a GET refused 429, then rounds of HEADs sent at once, each
 * followed by the GET again. Every HEAD served while every GET around them is refused shows HEAD
 * passing the limiter: a correct one serves HEADs between two refused GETs only as far as it
 * refills between them. Each round sends more than twice what the burst's window served, in two
 * different counts: a fixed or sliding window that reopens during a round serves its limit and
 * then refuses, so it serves at most one round's count exactly, never both; a token bucket that
 * refused the burst's requests in flight after G refills slower than the target answered them, and
 * a round's HEADs, sent at once, are answered as fast. Anything else is no finding: a HEAD refused
 * (429) is the pass, a GET served means the window reopened.
 */
export const headThrottledLikeGet: WalkSetCheck<HeadsBetweenGets> = {
  name: 'head-throttled-like-get',
  description:
    'A HEAD of a key whose GETs of the same request are refused 429 just before and right after it is refused 429 too: rounds of HEADs, more than a window of GETs got, never all served (spec §8, RFC 9110 §9.3.2).',
  catches: ['head-not-rate-limited'],
  run({ request, burstServed, before, rounds }) {
    const sizes = rounds.map((round) => round.heads.length);
    const judged =
      before === 429 &&
      rounds.length >= 2 &&
      new Set(sizes).size === rounds.length &&
      sizes.every((size) => size > burstServed) &&
      rounds.every((round) => served(round) && round.get === 429);
    if (!judged) return null;
    const counts = sizes.join(' then ');
    return {
      code: 'HEAD_NOT_THROTTLED',
      message: `${request}: the GET burst was served ${burstServed} times before its 429; then, the GET refused 429, every one of ${counts} HEADs sent at once was served (200), and the GET right after each round refused 429 (spec §8: exceeding the rate limit gives 429; RFC 9110 §9.3.2: HEAD is GET without content)`,
      expected: `HEADs refused 429 as the GETs around them were, at most a window's ${burstServed} served`,
      received: `${counts} HEADs 200, every GET between them 429`,
    };
  },
};
