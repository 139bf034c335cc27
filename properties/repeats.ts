/**
 * GET is idempotent (spec §4: both endpoints are GET; RFC 9110 §9.2.1-9.2.2). On quiescent data a
 * request sent twice gives the same page; a walk that sends pages again, as a client retrying
 * after a timeout does, continues exactly, whichever answer it goes on from. Requests sent at once
 * are properties/concurrency.ts.
 */
import fc from 'fast-check';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { filteredWalkExact } from '../lib/checks/filtered-walk-exact.ts';
import { noDuplicateIds } from '../lib/checks/no-duplicate-ids.ts';
import { pageAnswerOf, repeatGivesSamePage, type PageAnswer } from '../lib/checks/repeat-gives-same-page.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { runProbeChecks, runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { foldPage, nextCall, startWalk, type WalkState } from '../lib/paging/walk.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type Need, type PropertyContext } from '../lib/props/types.ts';
import { explainedPages, pageLimit } from './arbitraries/limits.ts';
import { filters, scheme } from './arbitraries/lists.ts';
import { listRequest } from './arbitraries/requests.ts';
import { judgeExact } from './oracle.ts';
import { describeRequest, sentQuery } from './probes.ts';
import { completeQuiescentLists, FULL_KEY, fullWalkMin } from './support.ts';
import { stepWalk, verdict, walkSpecOf } from './walks.ts';

export const NEEDS: readonly Need[] = [FULL_KEY, { kind: 'quiescent' }];
export const NO_QUIESCENT_LIST = { skip: 'no quiescent tenant whose lists the survey read in full' };

/** A page as the repeat check reads it. */
export const answerOf = (response: ApiResponse): PageAnswer => pageAnswerOf(response.status, response.body);

/** The repeat check of two answers to `call`. */
export function compared(call: ApiCall, first: ApiResponse, again: ApiResponse, request: string): Failure[] {
  const repeat = { request, first: answerOf(first), again: answerOf(again) };
  const requests = [requestRecord(call, first.status), requestRecord(call, again.status)];
  return runWalkSetCheck(repeatGivesSamePage, repeat, requests);
}

/** The Error shape of an answer no walk folded (a refused repeat). */
const unfolded = (call: ApiCall, response: ApiResponse, request: string): Failure[] =>
  runProbeChecks([errorBodyShape], { call, response, probe: `${request}, sent again` });

/** Tenants whose data holds still: a page asked twice there must be the same page. */
const quiescentSources = (survey: Survey) =>
  survey.tenants.filter((tenant) => tenant.quiescent).map((tenant) => ({ tenant, paged: true }));

const repeatSamePage = defineProperty({
  name: 'pagination.repeat-same-page',
  family: 'pagination',
  description:
    "On quiescent data a request sent twice (a first page or a later one, any filters and limit) gives the same page, and each answer's token leads to the same next page.",
  checks: [repeatGivesSamePage.name],
  needs: NEEDS,
  runs: 15,
  async prepare(context) {
    const survey = await context.survey();
    const sources = quiescentSources(survey);
    if (sources.length === 0) return NO_QUIESCENT_LIST;
    return prepared(listRequest(context.target, sources, { cursor: 'maybe' }), async (request) => {
      const query = await sentQuery(context, survey, request);
      const spec = walkSpecOf({ ...request, query }, Number.MAX_SAFE_INTEGER, survey);
      // Two walks of the same request, page by page in turn: each page of the second is the first's again.
      const walks = [startWalk(spec), startWalk(spec)] as const;
      const failures: Failure[] = [];
      for (let page = 0; page < 2 && walks.every((state) => state.end === null); page += 1) {
        const first = await stepWalk(context, walks[0]);
        const again = await stepWalk(context, walks[1], { refusable: true });
        if (first === null || again === null) break;
        const words = `${page === 0 ? '' : 'the next page of '}${describeRequest(request)}`;
        failures.push(...compared(first.call, first, again, words));
        if (again.status >= 400) failures.push(...unfolded(again.call, again, words));
        if (failures.length > 0) break;
      }
      verdict(context, [...walks.flatMap((state) => state.failures), ...failures]);
    });
  },
});

/** How a page of a retried walk is sent: once, or twice going on from the first or the second answer. */
type Retry = 'once' | 'first' | 'second';

/** Sends the walk's next page as `retry` says and folds the answer it goes on from; false at the end. */
async function retriedStep(
  context: PropertyContext,
  state: WalkState,
  retry: Retry,
  failures: Failure[],
): Promise<boolean> {
  if (retry === 'once') return (await stepWalk(context, state)) !== null;
  const call = nextCall(state);
  if (call === null) return false;
  const first = await context.client.send(call);
  const again = await context.client.send(call);
  const words = `page ${state.pageCount + 1} of the walk`;
  failures.push(...compared(call, first, again, words));
  const [kept, other] = retry === 'first' ? [first, again] : [again, first];
  failures.push(...unfolded(call, other, words));
  foldPage(state, call, kept);
  return true;
}

/**
 * A complete quiescent list with any filters and scheme, and what a property adds to it, drawn
 * knowing the smallest limit a whole walk of the list fits in; null when there is no such list.
 */
export function wholeQuiescentWalks<More extends object>(
  context: PropertyContext,
  survey: Survey,
  more: (minLimit: number) => fc.Arbitrary<More>,
) {
  const lists = completeQuiescentLists(context, survey, ENDPOINTS);
  if (lists.length === 0) return null;
  return fc.constantFrom(...lists).chain(({ tenant, endpoint }) => {
    const min = fullWalkMin(context, survey, { tenant: tenant.name, endpoint, scheme: 'bearer' });
    const list = fc.record({
      tenant: fc.constant(tenant.name),
      endpoint: fc.constant(endpoint),
      scheme,
      query: filters(context.target, endpoint, tenant),
    });
    return fc.tuple(list, more(min)).map(([chosen, extra]) => ({ ...chosen, ...extra }));
  });
}

/** A limit a whole walk fits, and which pages are sent twice: page n as plan[n % length], one at least. */
const retryPlan = (min: number) =>
  fc.record({
    limit: pageLimit(min),
    plan: fc
      .array(fc.constantFrom<Retry>('once', 'first', 'second'), { minLength: 1, maxLength: 6 })
      .filter((plan) => plan.some((retry) => retry !== 'once')),
  });

const retriedWalk = defineProperty({
  name: 'pagination.retried-walk',
  family: 'pagination',
  description:
    'On quiescent data a complete walk that sends pages twice (a client retrying after a timeout), going on from either answer, returns exactly the list, each record once.',
  checks: [repeatGivesSamePage.name, filteredWalkExact.name, noDuplicateIds.name],
  needs: NEEDS,
  runs: 8,
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = wholeQuiescentWalks(context, survey, retryPlan);
    if (arbitrary === null) return NO_QUIESCENT_LIST;
    return prepared(arbitrary, async ({ plan, limit, ...list }) => {
      const input = { ...list, query: { ...list.query, limit: String(limit) } };
      const state = startWalk(walkSpecOf(input, explainedPages(null, limit), survey));
      const failures: Failure[] = [];
      const deadlineMs = Date.now() + context.budget.walkMs * 2;
      while (await retriedStep(context, state, plan[state.pageCount % plan.length] ?? 'once', failures))
        fc.pre(Date.now() <= deadlineMs);
      verdict(context, [...state.failures, ...failures]);
      judgeExact(context, survey, input, state);
    });
  },
});

export const REPEATS = [repeatSamePage, retriedWalk];
