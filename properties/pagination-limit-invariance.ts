/**
 * Limit invariance (spec §4.3): on quiescent data, whole walks of a list return the same records
 * whatever the limit, fixed at two values or changing page by page.
 */
import fc from 'fast-check';
import { ENDPOINTS, LIMITS } from '../lib/contract/endpoints.ts';
import { limitInvariance } from '../lib/checks/limit-invariance.ts';
import { recordSameInEveryView } from '../lib/checks/record-same-in-every-view.ts';
import { judgeViews } from './oracle.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { pageLimit, pageLimits } from './arbitraries/limits.ts';
import { filters } from './arbitraries/lists.ts';
import type { AimedWalk } from './arbitraries/aimed-walk.ts';
import { aimedBeside } from './arbitraries/aimed-beside.ts';
import { wholeWalkLimits } from './arbitraries/measured.ts';
import type { PagedSpec } from './arbitraries/paged.ts';
import { withLocatedMenus } from './arbitraries/located.ts';
import { fullWalkMin, tenantSurvey, walkToEnd, wholeListChoice } from './support.ts';
import { defineProperty, isSkip, prepared, type PropertyContext } from '../lib/props/types.ts';
import { recordCollector, verdict, type WalkInput } from './walks.ts';
import type { WalkState } from '../lib/paging/walk.ts';
import type { Survey } from '../lib/props/survey.ts';

/** A whole walk labelled by its (first) limit, with every record it carried. */
interface RecordedWalk {
  limit: number;
  state: WalkState;
  records: ReadonlyMap<string, string>;
}

/** A whole walk of `input` (walkToEnd) with the records of its pages. */
async function recordedWalk(
  context: PropertyContext,
  survey: Survey,
  input: WalkInput & { limit: number },
  label = input.limit,
): Promise<RecordedWalk> {
  const { records, onPage } = recordCollector();
  return { limit: label, state: await walkToEnd(context, survey, input, onPage), records };
}

/**
 * Whole walks of one quiescent list, each labelled by its (first) limit: every page passes the
 * page checks, and every walk returns the same ids (limit-invariance). A walk that did not reach
 * its end proves nothing: the run is inconclusive.
 */
function sameIds(context: PropertyContext, walks: readonly RecordedWalk[]): void {
  verdict(
    context,
    walks.flatMap(({ state }) => state.failures),
  );
  fc.pre(walks.every(({ state }) => state.end === 'complete'));
  const compared = walks.map(({ limit, state, records }) => ({
    limit,
    ids: new Set(state.ids.keys()),
    records,
  }));
  verdict(
    context,
    runWalkSetCheck(
      limitInvariance,
      compared,
      walks.flatMap(({ state }) => state.requests),
    ),
  );
}

/** Unfiltered whole walks of the quiescent lists (the only lists whose sizes are exact). */
const wholeLists = (context: PropertyContext): PagedSpec => ({
  endpoints: ENDPOINTS,
  bounds: wholeWalkLimits(context.budget.fullWalkPages),
  filtered: false,
});

/** The quiescent tenants' lists a whole walk reads within the budget (the others are named). */
const quiescentWholeLists = (context: PropertyContext, survey: Survey) =>
  wholeListChoice(
    context,
    survey,
    survey.tenants.filter((tenant) => tenant.quiescent),
  );

export const limitInvarianceProperty = defineProperty({
  name: 'pagination.limit-invariance',
  family: 'pagination',
  description:
    'On a quiescent tenant, whole walks of a list (any filters, locationId among them) with two different limits return the same records, every field of each alike.',
  checks: ['limit-invariance', recordSameInEveryView.name],
  needs: [{ kind: 'quiescent' }],
  runs: 8,
  async prepare(context) {
    const survey = await context.survey();
    const lists = quiescentWholeLists(context, survey);
    if (isSkip(lists)) return lists;
    // Two distinct limits, both small enough a bound for a full walk (so at most 99 for the lower).
    const blind = lists.chain((choice) => {
      const min = Math.min(fullWalkMin(context, survey, choice), LIMITS.max - 1);
      const query = filters(context.target, choice.endpoint, tenantSurvey(survey, choice.tenant));
      return fc
        .tuple(pageLimit(min), pageLimit(min), query)
        .filter(([limit, other]) => limit !== other)
        .map(([limit, other, filtered]) => ({ ...choice, query: filtered, limit, other }));
    });
    // The first limit aimed at a paging class; the other the largest (99 when the first is 100).
    const convert = {
      to: (aimed: AimedWalk) => ({
        ...aimed,
        other: aimed.limit === LIMITS.max ? LIMITS.max - 1 : LIMITS.max,
      }),
      from: ({ other: _other, ...input }: AimedWalk & { other: number }) => input,
    };
    const aimed = aimedBeside(blind, survey, { ...wholeLists(context), filtered: true }, convert);
    // Located menus past their first page, each once: where a location's prices must hold on every page.
    const inputs = {
      ...aimed,
      coverage: aimed.coverage && withLocatedMenus(aimed.coverage, survey, convert.to, convert.from),
    };
    return prepared(
      inputs.arbitrary,
      async ({ other, ...input }) => {
        const walks = [];
        for (const limit of [input.limit, other])
          walks.push(await recordedWalk(context, survey, { ...input, limit }));
        sameIds(context, walks);
        // Each record also reads as in the unfiltered list (salesChannel among these walks' filters).
        for (const { limit, state, records } of walks)
          judgeViews(context, survey, { ...input, limit }, state, records);
      },
      inputs.coverage,
    );
  },
});

export const limitChange = defineProperty({
  name: 'pagination.limit-change',
  family: 'pagination',
  description:
    'On a quiescent tenant, a whole walk whose limit changes page by page returns the ids of a fixed-limit walk, each once.',
  checks: ['limit-invariance', 'no-duplicate-ids'],
  needs: [{ kind: 'quiescent' }],
  runs: 8,
  async prepare(context) {
    const survey = await context.survey();
    const lists = quiescentWholeLists(context, survey);
    if (isSkip(lists)) return lists;
    // Every limit, fixed or changing, small enough a bound for a full walk.
    const blind = lists.chain((choice) => {
      const min = fullWalkMin(context, survey, choice);
      return fc
        .record({ limit: pageLimit(min), limits: pageLimits(min) })
        .map((limits) => ({ ...choice, ...limits }));
    });
    // The fixed limit aimed at a paging class; the changing walk from the smallest limit to 100.
    const inputs = aimedBeside(blind, survey, wholeLists(context), {
      to: ({ query: _none, ...aimed }) => ({
        ...aimed,
        limits: [fullWalkMin(context, survey, aimed), LIMITS.max],
      }),
      from: (input) => ({ ...input, query: {} }),
    });
    return prepared(
      inputs.arbitrary,
      async ({ limit, limits, ...choice }) => {
        const fixed = await recordedWalk(context, survey, { ...choice, query: {}, limit });
        // The smallest limit bounds the changing walk's length; its pages take `limits` in turn.
        const smallest = Math.min(...limits);
        const input = { ...choice, query: {}, limit: smallest, limits };
        sameIds(context, [fixed, await recordedWalk(context, survey, input, limits[0] ?? smallest)]);
      },
      inputs.coverage,
    );
  },
});
