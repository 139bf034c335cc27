/**
 * Pages answered under concurrency (RFC 9110 §9.2.2, spec §4.3): on quiescent data, walks of one
 * list with one key at different limits and copies of one first page, all sent at once through the
 * context's pipelining pool, so they are in flight at the server together even when it answers on
 * one thread. Every answer passes every page check (status, shape, content type, pagination), each
 * copy gives the page the same request gave sent alone, and every walk returns exactly the list.
 */
import fc from 'fast-check';
import { concurrentWalksAgree } from '../lib/checks/concurrent-walks-agree.ts';
import { filteredWalkExact } from '../lib/checks/filtered-walk-exact.ts';
import { noDuplicateIds } from '../lib/checks/no-duplicate-ids.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import type { Failure } from '../lib/failure.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { startWalk, type WalkState } from '../lib/paging/walk.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { LIMITS } from '../lib/contract/endpoints.ts';
import { pageLimit } from './arbitraries/limits.ts';
import { judgeExact } from './oracle.ts';
import { compared, NEEDS, NO_QUIESCENT_LIST, wholeQuiescentWalks } from './repeats.ts';
import { walkToEnd } from './support.ts';
import { stepWalk, verdict, walkSpecOf, type Answered, type WalkInput } from './walks.ts';

/** Walks of one list that run at once. */
const CONCURRENT_WALKS = 4;
/** Copies of the first walk's first page sent beside the walks. */
const FIRST_PAGE_COPIES = 4;

export interface Copy {
  state: WalkState;
  answer: Answered | null;
}

/** Every promise settled before the first rejection is thrown: no request outlives its run. */
export async function allSettled<T>(promises: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const rejected = settled.find((result) => result.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/** A first page sent once through `context`'s client, folded into a walk of its own (page checks). */
export async function firstPage(context: PropertyContext, survey: Survey, input: WalkInput): Promise<Copy> {
  const state = startWalk(walkSpecOf(input, 1, survey));
  return { state, answer: await stepWalk(context, state) };
}

/** The walks at `limits` and the copies of the first one's first page, all sent at once. */
async function atOnce(context: PropertyContext, survey: Survey, list: WalkInput, limits: readonly number[]) {
  const overlapping = { ...context, client: context.overlapping };
  const first = { ...list, query: { ...list.query, limit: String(limits[0]) } };
  const walks = allSettled(limits.map((limit) => walkToEnd(overlapping, survey, { ...list, limit })));
  const copies = allSettled(
    Array.from({ length: FIRST_PAGE_COPIES }, () => firstPage(overlapping, survey, first)),
  );
  const [walked, copied] = await allSettled<WalkState[] | Copy[]>([walks, copies]);
  return { walks: walked as WalkState[], copies: copied as Copy[] };
}

/** Each copy against the page its request gave sent alone. */
function copiesDiffer(alone: Copy, copies: readonly Copy[], limit: number): Failure[] {
  if (alone.answer === null) return [];
  const reference = alone.answer;
  const words = `the first page at limit ${limit}, sent alone and then ${FIRST_PAGE_COPIES} times beside ${CONCURRENT_WALKS} walks`;
  return copies.flatMap(({ answer }) =>
    answer === null ? [] : compared(reference.call, reference, answer, words),
  );
}

const concurrentWalks = defineProperty({
  name: 'pagination.concurrent-walks',
  family: 'pagination',
  description: `On quiescent data ${CONCURRENT_WALKS} walks of one list with one key at different limits, and ${FIRST_PAGE_COPIES} copies of a first page, sent at once (pipelined, in flight together): every page passes every page check, each copy is the page sent alone, each walk returns exactly the list.`,
  checks: [concurrentWalksAgree.name, filteredWalkExact.name, noDuplicateIds.name, repeatGivesSamePage.name],
  needs: NEEDS,
  runs: 5,
  async prepare(context) {
    const survey = await context.survey();
    // Room for as many distinct limits as walks: above 97 there are fewer, and fast-check's
    // uniqueArray would draw for ever (a list too long for the walk budget then ends walks
    // incomplete, and the run is inconclusive).
    const arbitrary = wholeQuiescentWalks(context, survey, (min) =>
      fc.record({
        limits: fc.uniqueArray(pageLimit(Math.min(min, LIMITS.max - CONCURRENT_WALKS + 1)), {
          minLength: CONCURRENT_WALKS,
          maxLength: CONCURRENT_WALKS,
        }),
      }),
    );
    if (arbitrary === null) return NO_QUIESCENT_LIST;
    return prepared(arbitrary, async ({ limits, ...list }) => {
      const limit = limits[0] ?? 1;
      // Sent alone first: the answer the copies sent at once must give again.
      const alone = await firstPage(context, survey, {
        ...list,
        query: { ...list.query, limit: String(limit) },
      });
      const { walks, copies } = await atOnce(context, survey, list, limits);
      verdict(context, [
        ...[alone, ...copies].flatMap(({ state }) => state.failures),
        ...walks.flatMap((state) => state.failures),
        ...copiesDiffer(alone, copies, limit),
      ]);
      fc.pre(walks.every((state) => state.end === 'complete'));
      const walked = walks.map((state, index) => ({
        label: `limit ${limits[index]}`,
        ids: new Set(state.ids.keys()),
      }));
      verdict(
        context,
        runWalkSetCheck(
          concurrentWalksAgree,
          walked,
          walks.flatMap((state) => state.requests),
        ),
      );
      for (const state of walks) judgeExact(context, survey, list, state);
    });
  },
});

export const CONCURRENCY = [concurrentWalks];
