/**
 * Cursor pages answered together (RFC 9110 §9.2.1, spec §4.3 rule 2): on quiescent data, the first
 * pages of a walk of a list (up to 8, cursor pages included), each asked alone, then all sent at
 * once in up to 3 rounds: two on connections of their own, one pipelined (in flight together even
 * at a server that reads one connection at a time); the orders and menu items of one key mixed in
 * one round too. A server that keeps a request's state where the requests in flight share it (one
 * formatter or parser for its worker threads, a module's scratch variable) answers every page
 * alone right and some of them wrong together. Every answer passes every page check, the answers
 * of a round read as a walk, and each is the page its request gave alone.
 */
import fc from 'fast-check';
import { ENDPOINTS, LIMITS, type Endpoint } from '../lib/contract/endpoints.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { noDuplicateIds } from '../lib/checks/no-duplicate-ids.ts';
import type { Failure } from '../lib/failure.ts';
import { burstPacer } from '../lib/http/pacer.ts';
import { isClientError, type ApiResponse } from '../lib/http/response.ts';
import { foldPage, INCONCLUSIVE_ENDS, startWalk } from '../lib/paging/walk.ts';
import { cellKey, type CoverageCell } from '../lib/props/coverage.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { allSettled } from './concurrency.ts';
import { compared, NEEDS, NO_QUIESCENT_LIST } from './repeats.ts';
import { completeQuiescentLists } from './support.ts';
import { verdict, walk, walkSpecOf, type Answered } from './walks.ts';

/** Pages of one round, all in flight at once: a walk's first and seven reached by a cursor. */
const PAGES_AT_ONCE = 8;
/** Rounds of the same pages at once; the last one pipelined. */
const ROUNDS = 3;
/** Records a list needs for two cursor pages (at limit 1). */
const TWO_CURSOR_PAGES = 3;

/** The first `pages` pages of `endpoint` at `limit`. */
interface ListPages {
  endpoint: Endpoint;
  limit: number;
  pages: number;
}

/** One key's lists whose first pages go at once: one list, or both lists mixed. */
interface PagesAtOnce {
  tenant: string;
  lists: readonly ListPages[];
}

/** The coverage label of a round: which lists it mixes. */
const labelOf = (lists: readonly { endpoint: Endpoint }[]): string =>
  `${lists.map((list) => list.endpoint).join(' and ')} pages at once`;

/**
 * The largest limit at which a list of `size` records still has `pages` pages, at least 1; past
 * LIMITS.max, the maximum (a long list then has more pages than a round takes).
 */
export const limitForPages = (size: number, pages: number): number =>
  Math.max(LIMITS.min, Math.min(LIMITS.max, Math.floor((size - 1) / Math.max(1, pages - 1))));

/** The pages of each of `endpoints` in one round of `atOnce` requests: a share each, the first ones more. */
function shares(endpoints: readonly Endpoint[], atOnce: number): number[] {
  const each = Math.floor(atOnce / endpoints.length);
  return endpoints.map((_endpoint, index) => each + (index < atOnce % endpoints.length ? 1 : 0));
}

/** The cell of `tenant`'s `endpoints` at once, and its input at the largest limits; why when there is none. */
function aimed(tenant: TenantSurvey, endpoints: readonly Endpoint[], atOnce: number) {
  const cell: CoverageCell = {
    where: tenant.name,
    label: labelOf(endpoints.map((endpoint) => ({ endpoint }))),
  };
  const sizes = endpoints.map((endpoint) => tenant.lists[endpoint].records.length);
  // Two cursor pages at once at least: one list of 3 records, or 2 records in each of two.
  const enough = endpoints.length === 1 ? TWO_CURSOR_PAGES : 2;
  if (sizes.some((size) => size < enough))
    return {
      cell: { ...cell, why: `fewer than ${enough} records in a list: no two cursor pages at once` },
      input: null,
    };
  const lists = shares(endpoints, atOnce).map((pages, index) => {
    const size = sizes[index] ?? 0;
    const limit = limitForPages(size, pages);
    return { endpoint: endpoints[index] as Endpoint, limit, pages: Math.min(pages, Math.ceil(size / limit)) };
  });
  return { cell, input: { tenant: tenant.name, lists } };
}

/** Every quiescent tenant's lists alone and mixed: cells, and the inputs the data allows. */
function aimedRounds(context: PropertyContext, survey: Survey, atOnce: number) {
  const complete = completeQuiescentLists(context, survey, ENDPOINTS);
  const tenants = [...new Set(complete.map((list) => list.tenant))];
  const endpointsOf = (tenant: TenantSurvey) =>
    complete.filter((list) => list.tenant === tenant).map((list) => list.endpoint);
  return tenants.flatMap((tenant) => {
    const endpoints = endpointsOf(tenant);
    // Mixed when a round holds two pages of each list at least: a cursor page of each.
    const mixed = endpoints.length > 1 && atOnce >= 2 * endpoints.length ? [endpoints] : [];
    const mixes = [...endpoints.map((endpoint) => [endpoint]), ...mixed];
    return mixes.map((mix) => aimed(tenant, mix, atOnce));
  });
}

/** An input at any limit up to its example's: fewer records a page, the same pages. */
const anyLimit = (example: PagesAtOnce): fc.Arbitrary<PagesAtOnce> =>
  fc
    .tuple(...example.lists.map((list) => fc.integer({ min: LIMITS.min, max: list.limit })))
    .map((limits) => ({
      ...example,
      lists: example.lists.map((list, index) => ({ ...list, limit: limits[index] ?? list.limit })),
    }));

/** A list's first pages, each asked alone (sequentially, every page check run): the answers a round must give. */
async function pagesAlone(context: PropertyContext, survey: Survey, tenant: string, list: ListPages) {
  const answers: Answered[] = [];
  const input = { tenant, endpoint: list.endpoint, query: { limit: String(list.limit) } };
  const spec = walkSpecOf(input, Number.MAX_SAFE_INTEGER, survey);
  const state = await walk(context, spec, list.pages, 0, (_state, call, response) =>
    answers.push({ ...response, call }),
  );
  verdict(context, state.failures);
  fc.pre(!INCONCLUSIVE_ENDS.has(state.end));
  return { spec, list, answers };
}

type Alone = Awaited<ReturnType<typeof pagesAlone>>;

/** The requests of a round, the lists' pages in turn (first pages, then the second ones...). */
function interleaved(walks: readonly Alone[]): Answered[] {
  const most = Math.max(...walks.map((entry) => entry.answers.length));
  return Array.from({ length: most }, (_unused, page) =>
    walks.flatMap((entry) => entry.answers.slice(page, page + 1)),
  ).flat();
}

/**
 * One round's answers judged: each list's answers folded in page order into a walk of their own
 * (every page check; records repeated across its pages), and each against the page asked alone.
 */
function judgedRound(
  walks: readonly Alone[],
  answers: ReadonlyMap<Answered, ApiResponse | undefined>,
  words: (walk: Alone, page: number) => string,
): Failure[] {
  return walks.flatMap((entry) => {
    const copy = startWalk(entry.spec);
    return [
      ...entry.answers.flatMap((alone, page) => {
        const again = answers.get(alone);
        if (again === undefined) return [];
        if (copy.end === null) foldPage(copy, alone.call, again);
        return compared(alone.call, alone, again, words(entry, page));
      }),
      ...copy.failures,
    ];
  });
}

/**
 * Sends every page of `walks` at once, ROUNDS times (the last pipelined), spaced by `pace`;
 * throws the first round's findings.
 */
async function rounds(
  context: PropertyContext,
  walks: readonly Alone[],
  pace: (count: number) => Promise<void>,
) {
  const requests = interleaved(walks);
  const deadlineMs = Date.now() + context.budget.walkMs;
  const words = (entry: Alone, page: number, round: number) =>
    `page ${page + 1} of ${entry.spec.credential.tenant} ${entry.list.endpoint} at limit ${entry.list.limit}, asked alone, then among ${requests.length} pages at once (round ${round} of ${ROUNDS}, ${round === ROUNDS ? 'pipelined' : 'separate connections'}),`;
  for (let round = 1; round <= ROUNDS; round += 1) {
    const client = round === ROUNDS ? context.overlapping : context.client;
    await pace(requests.length);
    const sent = await allSettled(requests.map((alone) => client.sendBackingOff(alone.call, { deadlineMs })));
    // The spec promises no cursor lifetime: a cursor refused after a wait on 429s proves nothing.
    if (sent.some((entry) => entry.retries > 0) && sent.some((entry) => isClientError(entry.response.status)))
      context.inconclusive(
        'a cursor refused in a round that waited on 429s (the spec promises no cursor lifetime)',
      );
    const answers = new Map(requests.map((alone, index) => [alone, sent[index]?.response]));
    verdict(
      context,
      judgedRound(walks, answers, (entry, page) => words(entry, page, round)),
    );
  }
}

const concurrentPages = defineProperty({
  name: 'pagination.concurrent-pages',
  family: 'pagination',
  description: `On quiescent data a walk's first ${PAGES_AT_ONCE} pages of a list (cursor pages included, orders and menu items of one key mixed too), each asked alone, then all at once in ${ROUNDS} rounds (separate connections, then pipelined): every answer passes every page check and is the page asked alone.`,
  checks: [repeatGivesSamePage.name, noDuplicateIds.name],
  needs: NEEDS,
  runs: 3,
  async prepare(context) {
    const { maxRps } = context.target.load;
    const atOnce = Math.min(PAGES_AT_ONCE, maxRps);
    if (atOnce < 2)
      return { skip: `the target file's load.maxRps (${maxRps}) lets no two pages be in flight at once` };
    const survey = await context.survey();
    const aims = aimedRounds(context, survey, atOnce);
    const examples = aims.flatMap(({ input }) => (input === null ? [] : [input]));
    if (examples.length === 0) return NO_QUIESCENT_LIST;
    // One pacer for every run: the rounds (and the pages asked alone) stay within load.maxRps.
    const pace = burstPacer(maxRps);
    return prepared(
      fc.constantFrom(...examples).chain(anyLimit),
      async ({ tenant, lists }) => {
        await pace(lists.reduce((sum, list) => sum + list.pages, 0));
        const walks: Alone[] = [];
        for (const list of lists) walks.push(await pagesAlone(context, survey, tenant, list));
        await rounds(context, walks, pace);
      },
      {
        cells: aims.map(({ cell }) => cell),
        examples,
        reached: (input) => [cellKey({ where: input.tenant, label: labelOf(input.lists) })],
      },
    );
  },
});

export const CONCURRENT_PAGES = [concurrentPages];
