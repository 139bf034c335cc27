/**
 * What the target holds, read once per run of the suite: a walk of both lists for every tenant
 * that has a full key, at limit 100, to the list's end or the survey's page budget. Properties draw
 * their inputs from it (q from names actually seen, locations actually used), size their walks by
 * it (a list longer than the budget of a whole walk is left out, and said so), and know which
 * tenant owns which id.
 */
import type { NodeClient } from '../adapters/node-http.ts';
import type { Query } from '../http/call.ts';
import { ENDPOINTS, LIMITS, type Endpoint } from '../contract/endpoints.ts';
import { INCONCLUSIVE_ENDS, type WalkEnd } from '../paging/walk.ts';
import { walkList } from '../paging/walk-list.ts';
import type { Target, TenantTarget } from '../target/target.ts';

export interface SurveyRecord {
  id: string;
  name?: unknown;
  sku?: unknown;
  status?: unknown;
  locationId?: unknown;
  categoryId?: unknown;
}

export interface SurveyList {
  records: SurveyRecord[];
  /**
   * How the survey walk ended: `complete`, `budget-reached` (the list is longer than the survey's
   * page budget), or a fault, throttling or the time cap stopped it.
   */
  end: WalkEnd | null;
  /** Pages walked at limit 100: the list's length in pages when `end` is complete, a floor otherwise. */
  pages: number;
}

export interface TenantSurvey {
  name: string;
  quiescent: boolean;
  lists: Record<Endpoint, SurveyList>;
  /** Location ids from the target file and from the orders seen. */
  locations: string[];
  /** Category ids from the target file and from the menu items seen. */
  categories: string[];
  /**
   * The ids of the menu items each location's filtered walk returned: menu items carry no
   * locationId, so only the server can say which a location shows. Only locations whose walk
   * ended with the list (what a property aims at with them, lib/props/aim.ts).
   */
  menuByLocation: Record<string, readonly string[]>;
}

export interface Survey {
  /** Tenants with a full key, in target file order. */
  tenants: TenantSurvey[];
  /** The tenant that owns an id seen in the survey (a record's, a location's, a category's). */
  ownerOf(id: string): string | undefined;
}

/**
 * The survey's page budget per list at least: tens of thousands of records, read in full, are the
 * exact oracle of the filter properties; a longer list is surveyed in part.
 */
export const SURVEY_PAGES = 400;

/** The survey's bounds: its page budget per list and its time for every list together. */
export interface SurveyBudget {
  pages: number;
  timeMs: number;
}

/** Locations whose menus the survey reads (each a walk of the menu). */
const MENU_LOCATIONS = 12;

async function surveyList(
  client: NodeClient,
  tenant: string,
  endpoint: Endpoint,
  budget: SurveyBudget & { deadlineMs: number },
  filters: Query = {},
) {
  const records: SurveyRecord[] = [];
  const spec = {
    endpoint,
    query: { ...filters, limit: String(LIMITS.max) },
    credential: { tenant, role: 'full' as const, scheme: 'bearer' as const },
    maxPages: budget.pages,
  };
  const walk = await walkList(client, spec, {
    deadlineMs: budget.deadlineMs,
    framing: false,
    onPage(_state, _call, response) {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (response.status === 200 && Array.isArray(data))
        for (const record of data as SurveyRecord[]) if (typeof record?.id === 'string') records.push(record);
    },
  });
  const unique = new Map(records.map((record) => [record.id, record]));
  return { records: [...unique.values()], end: walk.end, pages: walk.pageCount };
}

const strings = (values: unknown[]): string[] => [
  ...new Set(values.filter((value): value is string => typeof value === 'string' && value.length > 0)),
];

/** Each location's menu, read in full; a location whose walk did not end is left out. */
async function surveyMenus(
  client: NodeClient,
  tenant: string,
  locations: string[],
  budget: SurveyBudget & { deadlineMs: number },
) {
  const menus: Record<string, readonly string[]> = {};
  for (const locationId of locations.slice(0, MENU_LOCATIONS)) {
    const menu = await surveyList(client, tenant, 'menuItems', budget, { locationId });
    if (menu.end === 'complete') menus[locationId] = menu.records.map((record) => record.id);
  }
  return menus;
}

async function surveyTenant(
  client: NodeClient,
  tenant: TenantTarget,
  budget: SurveyBudget & { deadlineMs: number },
) {
  const lists = {} as Record<Endpoint, SurveyList>;
  for (const endpoint of ENDPOINTS) lists[endpoint] = await surveyList(client, tenant.name, endpoint, budget);
  const locations = strings([...tenant.locations, ...lists.orders.records.map((order) => order.locationId)]);
  return {
    name: tenant.name,
    quiescent: tenant.quiescent,
    lists,
    locations,
    categories: strings([...tenant.categories, ...lists.menuItems.records.map((item) => item.categoryId)]),
    menuByLocation:
      lists.menuItems.end === 'complete' ? await surveyMenus(client, tenant.name, locations, budget) : {},
  };
}

export async function surveyTarget(
  client: NodeClient,
  target: Target,
  budget: SurveyBudget,
): Promise<Survey> {
  const bounds = { ...budget, deadlineMs: Date.now() + budget.timeMs };
  const tenants: TenantSurvey[] = [];
  for (const tenant of target.tenants.filter((entry) => entry.keys.full !== undefined))
    tenants.push(await surveyTenant(client, tenant, bounds));
  return { tenants, ownerOf: idOwners(tenants) };
}

/**
 * The tenant each id the survey saw belongs to: its records' ids, its locations and categories.
 * An id seen in two tenants (ids a target numbers per table may meet) belongs to neither.
 */
function idOwners(tenants: readonly TenantSurvey[]): (id: string) => string | undefined {
  const owners = new Map<string, string | null>();
  const own = (id: string, tenant: string) =>
    owners.set(id, (owners.get(id) ?? tenant) === tenant ? tenant : null);
  for (const tenant of tenants) {
    for (const endpoint of ENDPOINTS)
      for (const record of tenant.lists[endpoint].records) own(record.id, tenant.name);
    for (const id of [...tenant.locations, ...tenant.categories]) own(id, tenant.name);
  }
  return (id) => owners.get(id) ?? undefined;
}

/** Survey walks that ended before the list did, for a reason other than the list itself. */
const CUT_SHORT: ReadonlySet<WalkEnd | null> = new Set([...INCONCLUSIVE_ENDS, 'page-limit']);

/**
 * How many records the list holds, as far as the survey can tell: null when its page budget,
 * throttling or the time cap stopped it, so nobody can say how long a walk should be. A walk a
 * fault stopped still counts what it saw: the properties then find the fault themselves.
 */
export const knownSize = (list: SurveyList): number | null =>
  CUT_SHORT.has(list.end) ? null : list.records.length;

export const tenantNames = (survey: Survey): string[] => survey.tenants.map((tenant) => tenant.name);

export const surveyOf = (survey: Survey, tenant: string): TenantSurvey | undefined =>
  survey.tenants.find((entry) => entry.name === tenant);

/** Another tenant's owner of an id, for the tenant-isolation check of `tenant`'s walks. */
export const foreignOwner =
  (survey: Survey, tenant: string) =>
  (id: string): string | undefined => {
    const owner = survey.ownerOf(id);
    return owner === tenant ? undefined : owner;
  };

const RECORD_OWNERS = new WeakMap<Survey, (id: string) => string | undefined>();

/**
 * The tenant of each record id the survey saw (menu items and orders; not places, which a refusal
 * may name when the request did): what no refused answer may carry (refusal-discloses-nothing).
 */
export function recordOwners(survey: Survey): (id: string) => string | undefined {
  let owners = RECORD_OWNERS.get(survey);
  if (owners === undefined) {
    const placeIds = new Set(survey.tenants.flatMap((tenant) => [...tenant.locations, ...tenant.categories]));
    owners = (id) => (placeIds.has(id) ? undefined : survey.ownerOf(id));
    RECORD_OWNERS.set(survey, owners);
  }
  return owners;
}
