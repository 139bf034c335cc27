/** Pieces several families share: list sizes, full-walk inputs, list sources, a genuine cursor. */
import fc from 'fast-check';
import { ENDPOINTS, LIMITS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { Query } from '../lib/http/call.ts';
import type { WalkOptions } from '../lib/paging/walk-list.ts';
import { SHARED_ROLES, type KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';
import { explainedPages, fullWalkMinLimit, pageLimit } from './arbitraries/limits.ts';
import { scheme, type ListChoice } from './arbitraries/lists.ts';
import type { ListSource } from './arbitraries/requests.ts';
import { knownSize, surveyOf, type Survey, type SurveyList, type TenantSurvey } from '../lib/props/survey.ts';
import { isSkip, type Need, type PropertyContext, type Skip } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf, type WalkInput } from './walks.ts';

export const FULL_KEY: Need = { kind: 'key', role: 'full', tenants: 1 };
export const TWO_FULL_KEYS: Need = { kind: 'key', role: 'full', tenants: 2 };

export function tenantSurvey(survey: Survey, tenant: string): TenantSurvey {
  const found = surveyOf(survey, tenant);
  if (found === undefined) throw new Error(`tenant ${tenant} was not surveyed`);
  return found;
}

/**
 * Every (tenant, role) pair the target has a key for, in target file order; by default of every
 * role but the rate-limit property's own.
 */
export const keyedRoles = (target: Target, roles: readonly KeyRole[] = SHARED_ROLES) =>
  target.tenants.flatMap((tenant) =>
    roles.filter((role) => tenant.keys[role] !== undefined).map((role) => ({ tenant: tenant.name, role })),
  );

const unseen = (): SurveyList => ({ records: [], end: null, pages: 0 });

/**
 * A tenant's lists as requests draw them: with a full key, its survey and cursors; without one,
 * the places of the target file, no q (no item was seen) and first pages only.
 */
export function listSource(target: Target, survey: Survey, tenant: string): ListSource {
  const surveyed = surveyOf(survey, tenant);
  if (surveyed !== undefined) return { tenant: surveyed, paged: true };
  const declared = target.tenants.find((entry) => entry.name === tenant);
  return {
    tenant: {
      name: tenant,
      quiescent: declared?.quiescent ?? true,
      lists: { menuItems: unseen(), orders: unseen() },
      locations: declared?.locations ?? [],
      categories: declared?.categories ?? [],
      menuByLocation: {},
    },
    paged: false,
  };
}

/** The surveyed tenants as sources; the first tenant of the file when none has a full key. */
export const listSources = (target: Target, survey: Survey): ListSource[] =>
  survey.tenants.length > 0
    ? survey.tenants.map((tenant) => ({ tenant, paged: true }))
    : target.tenants.slice(0, 1).map((tenant) => listSource(target, survey, tenant.name));

const listSize = (survey: Survey, tenant: string, endpoint: Endpoint): number | null =>
  knownSize(tenantSurvey(survey, tenant).lists[endpoint]);

export interface FullWalk extends ListChoice {
  limit: number;
}

/** The smallest limit whose full walk of the chosen list fits the budget's pages. */
export const fullWalkMin = (context: PropertyContext, survey: Survey, choice: ListChoice): number =>
  fullWalkMinLimit(listSize(survey, choice.tenant, choice.endpoint), context.budget.fullWalkPages);

const thousands = (count: number): string => count.toLocaleString('en-US');

/** What is known of a list longer than the survey's page budget. */
const surveyStopped = (list: SurveyList): string =>
  `more than ${thousands(list.records.length)} records (the survey's ${list.pages} pages at limit ${LIMITS.max} did not reach the end)`;

/**
 * Why a whole walk of the list cannot fit the budget's pages, or null when it may: a list the
 * survey read to its end fits when it does at limit 100; one longer than the survey's page budget
 * never does; one that throttling or the time cap kept the survey from reading may (its walks
 * find out, and say so).
 */
function tooLongWhy(context: PropertyContext, list: SurveyList): string | null {
  if (list.end === 'budget-reached') return surveyStopped(list);
  const size = knownSize(list);
  if (size === null) return null;
  const pages = explainedPages(size, LIMITS.max);
  return pages <= context.budget.fullWalkPages
    ? null
    : `${thousands(size)} records (up to ${pages} pages at limit ${LIMITS.max}, room for changes included)`;
}

/**
 * The lists of `tenants` a whole walk can read within the budget, as a choice of list; the others
 * are reported too long (context.tooLong), and when none is left, the property is inconclusive.
 */
export function wholeListChoice(
  context: PropertyContext,
  survey: Survey,
  tenants: readonly TenantSurvey[] = survey.tenants,
): fc.Arbitrary<ListChoice> | Skip {
  const fitting: { tenant: string; endpoint: Endpoint }[] = [];
  for (const tenant of tenants)
    for (const endpoint of ENDPOINTS) {
      const why = tooLongWhy(context, tenant.lists[endpoint]);
      if (why === null) fitting.push({ tenant: tenant.name, endpoint });
      else context.tooLong({ list: `${tenant.name} ${endpoint}`, why });
    }
  if (fitting.length === 0)
    return { skip: 'inconclusive: no list is short enough to walk whole within the budget' };
  return fc.constantFrom(...fitting).chain((list) => scheme.map((how) => ({ ...list, scheme: how })));
}

/** A list and a limit large enough for its full walk to fit the budget's pages. */
export function fullWalk(
  context: PropertyContext,
  survey: Survey,
  tenants?: readonly TenantSurvey[],
): fc.Arbitrary<FullWalk> | Skip {
  const choice = wholeListChoice(context, survey, tenants);
  return isSkip(choice)
    ? choice
    : choice.chain((list) =>
        pageLimit(fullWalkMin(context, survey, list)).map((limit) => ({ ...list, limit })),
      );
}

/**
 * Walks a list to its end, its page budget the length its surveyed size explains (the budget's
 * pages when the survey could not tell): a walk still going then is inconclusive, never failed.
 */
export function walkToEnd(
  context: PropertyContext,
  survey: Survey,
  input: WalkInput & { limit: number },
  onPage?: WalkOptions['onPage'],
) {
  const size = listSize(survey, input.tenant, input.endpoint);
  const query: Query = { ...input.query, limit: String(input.limit) };
  const pages = size === null ? context.budget.fullWalkPages : explainedPages(size, input.limit);
  return walk(context, walkSpecOf({ ...input, query }, pages, survey), Infinity, 0, onPage);
}

/**
 * The nextPageToken of a real first page, for the properties that misuse cursors. A list too
 * short to have a second page makes the run inconclusive.
 */
export async function genuineToken(
  context: PropertyContext,
  survey: Survey,
  input: WalkInput,
): Promise<string> {
  const first = await walk(context, walkSpecOf(input, Number.MAX_SAFE_INTEGER, survey), 1);
  verdict(context, first.failures);
  fc.pre(first.cursor !== null);
  return first.cursor ?? '';
}

/**
 * The lists of quiescent tenants the survey read in full: where the oracle is exact. Those longer
 * than the survey's page budget are reported too long (context.tooLong).
 */
export function completeQuiescentLists(
  context: PropertyContext,
  survey: Survey,
  endpoints: readonly Endpoint[],
): { tenant: TenantSurvey; endpoint: Endpoint }[] {
  const lists = survey.tenants.flatMap((tenant) =>
    tenant.quiescent ? endpoints.map((endpoint) => ({ tenant, endpoint })) : [],
  );
  for (const { tenant, endpoint } of lists) {
    const list = tenant.lists[endpoint];
    if (list.end === 'budget-reached')
      context.tooLong({ list: `${tenant.name} ${endpoint}`, why: surveyStopped(list) });
  }
  return lists.filter(({ tenant, endpoint }) => tenant.lists[endpoint].end === 'complete');
}
