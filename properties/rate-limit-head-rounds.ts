/**
 * A throttled key's HEAD not refused (properties/rate-limit-head.ts): judged by rounds of HEADs sent
 * at once between GETs of the same request (head-throttled-like-get), each round more HEADs than the
 * key's burst was served, bounded by the target's load.maxRps. Every answer of the rounds is judged
 * as a burst's (./burst-answer.ts): a HEAD or GET answered 503, any 5xx or another status than 200
 * or 429 fails throttle-is-429, with the requests that led to it.
 */
import {
  headRoundSizes,
  headThrottledLikeGet,
  type HeadRound,
  type HeadsBetweenGets,
} from '../lib/checks/head-throttled-like-get.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { ContractViolation, type Exchange } from '../lib/props/transcript.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { burstAnswerFailures } from './burst-answer.ts';
import { exchange } from './rate-limit.ts';

/** The most HEADs a round sends at once, whatever the burst served. */
const HEADS_AT_ONCE = 40;

type Rounds = Pick<HeadsBetweenGets, 'before' | 'rounds'>;

/** A request and its status, for a transcript. */
export const sent = (call: ApiCall, status: number): Exchange => ({ call, status, nextPageToken: null });

/**
 * Each answer of the rounds judged as a burst's (burstAnswerFailures: framing, then throttle-is-429,
 * then a GET's body), its status kept; the first that breaks anything is thrown, the exchanges read
 * so far (`read`, in order) its transcript.
 */
function roundJudge(
  context: PropertyContext,
  read: Exchange[],
): (call: ApiCall, response: ApiResponse, probe: string) => number {
  return (call, response, probe) => {
    read.push(exchange(call, response));
    const failures = burstAnswerFailures(context.target, call, response, probe);
    if (failures.length > 0) throw new ContractViolation(failures, [...read]);
    return response.status;
  };
}

/**
 * After a raw HEAD not refused past a burst's 429: the GET again, then while it is refused 429 and
 * no HEAD is, each round's HEADs at once (headRoundSizes) and the GET right after them, every answer
 * judged (roundJudge throws its finding). Stops at the first GET not refused or HEAD not served:
 * either settles the run.
 */
async function headRounds(
  context: PropertyContext,
  request: string,
  call: ApiCall,
  sizes: readonly number[],
  read: Exchange[],
): Promise<Rounds> {
  const headCall: ApiCall = { ...call, method: 'HEAD' };
  const judged = roundJudge(context, read);
  const getJudged = async (probe: string) => judged(call, await context.raw.send(call), probe);
  const met: { before: number; rounds: HeadRound[] } = {
    before: await getJudged(`${request}: the GET right after the raw HEAD, past the burst's 429,`),
    rounds: [],
  };
  let get = met.before;
  for (const size of sizes) {
    if (get !== 429) break;
    const answers = await Promise.all(Array.from({ length: size }, () => context.raw.send(headCall)));
    const probe = `${request}: one of ${size} HEADs sent at once right after a GET refused 429,`;
    const heads = answers.map((response) => judged(headCall, response, probe));
    get = await getJudged(`${request}: the GET right after ${size} HEADs sent at once,`);
    met.rounds.push({ heads, get });
    if (heads.some((head) => head !== 200)) break;
  }
  return met;
}

/** What a GET that was not refused says: served, the key's window had reopened. */
const notRefused = (status: number): string =>
  status === 200 ? '200: the window had reopened' : `${status}, not 429`;

/** Why rounds that had no HEAD refused and showed nothing prove nothing. */
function unsettled({ before, rounds }: Rounds): string {
  if (before !== 429) return `the GET right after it was answered ${notRefused(before)}`;
  const open = rounds.find((round) => round.get !== 429 || round.heads.some((head) => head !== 200));
  if (open === undefined) return 'its rounds were not judged';
  const heads = [...new Set(open.heads)].join(' and ');
  return `${open.heads.length} HEADs at once were answered ${heads}, the GET right after them ${notRefused(open.get)}`;
}

/**
 * A raw HEAD answered `head` (not 429) after a burst whose GETs were served `burst.served` times,
 * judged by rounds of HEADs between GETs, every answer of them as a burst's (throttle-is-429: a HEAD
 * answered 503 fails) and all together by head-throttled-like-get: throws its finding, returns null
 * when a HEAD was refused (the pass), else why the rounds showed nothing.
 */
export async function servedHeadJudged(
  context: PropertyContext,
  request: string,
  call: ApiCall,
  burst: { latest: ApiResponse; served: number; head: number },
): Promise<string | null> {
  const sizes = headRoundSizes(burst.served);
  const requests = sizes.reduce((sum, size) => sum + size + 1, 1);
  const { maxRps } = context.target.load;
  if (Math.max(...sizes) > HEADS_AT_ONCE || requests > maxRps)
    return `judging it after a burst served ${burst.served} times takes ${sizes.join(' then ')} HEADs at once (${requests} requests): more than ${HEADS_AT_ONCE} at once or the target file's load.maxRps (${maxRps})`;
  const headCall: ApiCall = { ...call, method: 'HEAD' };
  const read = [exchange(call, burst.latest), sent(headCall, burst.head)];
  const met = await headRounds(context, request, call, sizes, read);
  const last = met.rounds.at(-1)?.get ?? met.before;
  const failures = runWalkSetCheck(headThrottledLikeGet, { request, burstServed: burst.served, ...met }, [
    requestRecord(call, met.before),
    requestRecord(headCall, 200),
    requestRecord(call, last),
  ]);
  if (failures.length > 0)
    throw new ContractViolation(failures, [
      exchange(call, burst.latest),
      sent(call, met.before),
      sent(headCall, 200),
      sent(call, last),
    ]);
  if (met.rounds.some((round) => round.heads.includes(429))) return null;
  return unsettled(met);
}
