/** Pieces several families share: list sizes, full-walk inputs, list sources, a genuine cursor. */
import fc from 'fast-check';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { Query } from '../lib/http/call.ts';
import { KEY_ROLES, type KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';
import { explainedPages, fullWalkMinLimit, pageLimit } from './arbitraries/limits.ts';
import { listChoice, type ListChoice } from './arbitraries/lists.ts';
import type { ListSource } from './arbitraries/requests.ts';
import { knownSize, surveyOf, type Survey, type SurveyList, type TenantSurvey } from '../lib/props/survey.ts';
import type { Need, PropertyContext } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf, type WalkInput } from './walks.ts';

export const FULL_KEY: Need = { kind: 'key', role: 'full', tenants: 1 };
export const TWO_FULL_KEYS: Need = { kind: 'key', role: 'full', tenants: 2 };

export function tenantSurvey(survey: Survey, tenant: string): TenantSurvey {
  const found = surveyOf(survey, tenant);
  if (found === undefined) throw new Error(`tenant ${tenant} was not surveyed`);
  return found;
}

/** Every (tenant, role) pair the target has a key for, in target file order. */
export const keyedRoles = (target: Target, roles: readonly KeyRole[] = KEY_ROLES) =>
  target.tenants.flatMap((tenant) =>
    roles.filter((role) => tenant.keys[role] !== undefined).map((role) => ({ tenant: tenant.name, role })),
  );

const unseen = (): SurveyList => ({ records: [], end: null });

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

/** A list and a limit large enough for its full walk to fit the budget's pages. */
export const fullWalk = (
  context: PropertyContext,
  survey: Survey,
  tenants = survey.tenants,
): fc.Arbitrary<FullWalk> =>
  listChoice(tenants.map((tenant) => tenant.name)).chain((choice) =>
    pageLimit(fullWalkMin(context, survey, choice)).map((limit) => ({ ...choice, limit })),
  );

/** Walks a list to its end with the walk-length bound its surveyed size explains. */
export function walkToEnd(context: PropertyContext, survey: Survey, input: WalkInput & { limit: number }) {
  const size = listSize(survey, input.tenant, input.endpoint);
  const query: Query = { ...input.query, limit: String(input.limit) };
  return walk(context, walkSpecOf({ ...input, query }, explainedPages(size, input.limit), survey));
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

/** The lists of quiescent tenants the survey read in full: where the oracle is exact. */
export const completeQuiescentLists = (survey: Survey, endpoints: readonly Endpoint[]) =>
  survey.tenants.flatMap((tenant) =>
    tenant.quiescent
      ? endpoints
          .filter((endpoint) => tenant.lists[endpoint].end === 'complete')
          .map((endpoint) => ({ tenant, endpoint }))
      : [],
  );
