/**
 * Walk shapes a client may legally take (spec §4.3), each judged on quiescent data against the
 * exact answer the survey gives (filteredWalkExact): complete walks at the smallest limits, deep
 * enough for hundreds of pages; two walks of one key with their pages interleaved; a walk resumed
 * from its cursor after a pause of seconds (the spec promises no cursor lifetime, so the next page
 * either continues the walk correctly or is refused with a 4xx in the Error shape).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import { walkPagesSucceed } from '../lib/checks/walk-pages-succeed.ts';
import { filteredWalkExact } from '../lib/checks/filtered-walk-exact.ts';
import { moreMeansRecords } from '../lib/checks/more-means-records.ts';
import { noDuplicateIds } from '../lib/checks/no-duplicate-ids.ts';
import type { Query } from '../lib/http/call.ts';
import { isClientError } from '../lib/http/response.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { startWalk, type WalkState } from '../lib/paging/walk.ts';
import { explainedPages, pageLimit } from './arbitraries/limits.ts';
import { scheme } from './arbitraries/lists.ts';
import { judgeExact } from './oracle.ts';
import { completeQuiescentLists, FULL_KEY, fullWalkMin } from './support.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type Need, type PropertyContext } from '../lib/props/types.ts';
import { stepWalk, verdict, walkSpecOf, type WalkInput } from './walks.ts';

/** Pages a deep walk may take: the bound the report states for walks at the smallest limits. */
const DEEP_WALK_PAGES = 400;
/** A list needs this many records for a walk at limit 2 to pass its 20th page. */
const DEEP_LIST_MIN = 45;

const NEEDS: readonly Need[] = [FULL_KEY, { kind: 'quiescent' }];

interface QuiescentList {
  tenant: TenantSurvey;
  endpoint: Endpoint;
  query: Query;
  /** Records the walk must return (the survey's records that the filter keeps). */
  size: number;
}

/** Lists of quiescent tenants the survey read in full, unfiltered and by each status. */
function quiescentLists(context: PropertyContext, survey: Survey): QuiescentList[] {
  return completeQuiescentLists(context, survey, ENDPOINTS).flatMap(({ tenant, endpoint }) => {
    const records = tenant.lists[endpoint].records;
    const byStatus = ENDPOINT_INFO[endpoint].statuses.map((status) => ({
      query: { status },
      size: records.filter((record) => record.status === status).length,
    }));
    return [{ query: {}, size: records.length }, ...byStatus].map((list) => ({ tenant, endpoint, ...list }));
  });
}

/** A walk input of the list, with any scheme, and what the property varies (`more`). */
const walkOf = <More extends object>(list: QuiescentList, more: fc.Arbitrary<More>) =>
  fc.tuple(scheme, more).map(([how, extra]) => ({
    tenant: list.tenant.name,
    endpoint: list.endpoint,
    query: list.query,
    scheme: how,
    ...extra,
  }));

/** The smallest limit whose full walk of the unfiltered list fits the budget's pages. */
const minLimit = (context: PropertyContext, survey: Survey, list: QuiescentList): number =>
  fullWalkMin(context, survey, { tenant: list.tenant.name, endpoint: list.endpoint, scheme: 'bearer' });

const NO_QUIESCENT_LIST = { skip: 'no quiescent tenant whose lists the survey read in full' };

/** Walks `state` to its end with the recording client; false when it ran out of time. */
async function walkOn(context: PropertyContext, state: WalkState, deadlineMs: number): Promise<boolean> {
  while ((await stepWalk(context, state)) !== null) if (Date.now() > deadlineMs) return false;
  return true;
}

const smallLimits = defineProperty({
  name: 'pagination.small-limits',
  family: 'pagination',
  description: `On a quiescent list, a complete walk at limit 1, 2 or another small limit (up to ${DEEP_WALK_PAGES} pages) returns exactly the list.`,
  checks: [filteredWalkExact.name, noDuplicateIds.name, moreMeansRecords.name],
  needs: NEEDS,
  runs: 6,
  async prepare(context) {
    const survey = await context.survey();
    const deep = quiescentLists(context, survey).filter((list) => list.size >= DEEP_LIST_MIN);
    if (deep.length === 0) return NO_QUIESCENT_LIST;
    const arbitrary = fc.constantFrom(...deep).chain((list) =>
      walkOf(
        list,
        fc.record({
          size: fc.constant(list.size),
          // The smallest limits weigh most; a list too long for the page budget raises the limit.
          limit: fc
            .oneof({ arbitrary: fc.constantFrom(1, 2), weight: 3 }, fc.integer({ min: 3, max: 10 }))
            .map((limit) => Math.max(limit, Math.ceil(list.size / (DEEP_WALK_PAGES - 1)))),
        }),
      ),
    );
    return prepared(arbitrary, async ({ size, limit, ...list }) => {
      const input = { ...list, query: { ...list.query, limit: String(limit) } };
      const state = startWalk(walkSpecOf(input, explainedPages(size, limit), survey));
      fc.pre(await walkOn(context, state, Date.now() + context.budget.walkMs * 4));
      verdict(context, state.failures);
      judgeExact(context, survey, input, state);
    });
  },
});

const interleaved = defineProperty({
  name: 'pagination.interleaved',
  family: 'pagination',
  description:
    'Two walks of one key over the same quiescent list, their pages interleaved, each return exactly the list.',
  checks: [filteredWalkExact.name, noDuplicateIds.name],
  needs: NEEDS,
  runs: 10,
  async prepare(context) {
    const survey = await context.survey();
    const lists = quiescentLists(context, survey).filter((list) => list.size > 0);
    if (lists.length === 0) return NO_QUIESCENT_LIST;
    const arbitrary = fc.constantFrom(...lists).chain((list) => {
      const min = minLimit(context, survey, list);
      return walkOf(list, fc.record({ limits: fc.tuple(pageLimit(min), pageLimit(min)) }));
    });
    return prepared(arbitrary, async ({ limits, ...list }) => {
      const inputs: WalkInput[] = limits.map((limit) => ({
        ...list,
        query: { ...list.query, limit: String(limit) },
      }));
      const states = inputs.map((input) => startWalk(walkSpecOf(input, explainedPages(null, 1), survey)));
      const deadlineMs = Date.now() + context.budget.walkMs * 2;
      // One page of each in turn, until both have ended.
      for (let moved = true; moved;) {
        moved = false;
        for (const state of states) if ((await stepWalk(context, state)) !== null) moved = true;
        fc.pre(Date.now() <= deadlineMs);
      }
      verdict(
        context,
        states.flatMap((state) => state.failures),
      );
      for (const state of states) judgeExact(context, survey, list, state);
    });
  },
});

/** How long a client may pause between two pages of a walk, in this property. */
const PAUSES_MS = [1000, 2000] as const;

const resumedAfterPause = defineProperty({
  name: 'cursors.resumed-after-pause',
  family: 'cursors',
  description:
    'A walk resumed from its cursor after a pause of seconds either continues exactly (the whole list, no repeat) or is refused with a 4xx in the Error shape; never a 5xx.',
  // What it exists for: a cursor that outlived a pause is a 4xx at worst, never a 5xx.
  checks: [walkPagesSucceed.name],
  needs: NEEDS,
  runs: 2,
  async prepare(context) {
    const survey = await context.survey();
    const lists = quiescentLists(context, survey).filter((list) => list.size > 1);
    if (lists.length === 0) return NO_QUIESCENT_LIST;
    const arbitrary = fc.constantFrom(...lists).chain((list) =>
      walkOf(
        list,
        fc.record({
          // Below the list's size: a second page to resume.
          limit: pageLimit(minLimit(context, survey, list)).map((limit) => Math.min(limit, list.size - 1)),
          pauseMs: fc.constantFrom(...PAUSES_MS),
        }),
      ),
    );
    return prepared(arbitrary, async ({ pauseMs, limit, ...list }) => {
      const input = { ...list, query: { ...list.query, limit: String(limit) } };
      const state = startWalk(walkSpecOf(input, explainedPages(null, limit), survey));
      await stepWalk(context, state);
      verdict(context, state.failures);
      // A list that ended on its first page has no cursor to resume.
      fc.pre(state.end === null);
      await sleep(pauseMs);
      const resumed = await stepWalk(context, state, { refusable: true });
      if (resumed !== null && isClientError(resumed.status)) {
        // The cursor expired: allowed, in the Error shape, with no record in it.
        const probe = `a cursor resumed after ${pauseMs} ms`;
        const checks = [errorBodyShape, refusalDisclosesNothing];
        verdict(context, runProbeChecks(checks, { call: resumed.call, response: resumed, probe }));
        return;
      }
      fc.pre(await walkOn(context, state, Date.now() + context.budget.walkMs));
      verdict(context, state.failures);
      judgeExact(context, survey, input, state);
    });
  },
});

/** By family: the suites list them beside their family's own. */
export const PAGINATION_SHAPES = [smallLimits, interleaved];
export const CURSOR_SHAPES = [resumedAfterPause];
