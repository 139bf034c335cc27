/**
 * The survey's lists measured for aiming, once per survey whichever property asks first: the
 * spec's filters and their combinations (spec §4.1, §4.2), the values each is aimed with (from
 * the data: statuses, locations, categories, substrings of names and SKUs), the limits a walk may
 * take, and each combination's aimed values per limit bounds (lib/props/aim.ts).
 */
import { ENDPOINT_INFO, LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';
import {
  aimCombination,
  combinationName,
  type AimedCombination,
  type LimitBounds,
} from '../../lib/props/aim.ts';
import type { Query } from '../../lib/http/call.ts';
import { isClientError } from '../../lib/http/response.ts';
import type { WalkState } from '../../lib/paging/walk.ts';
import { filtersOf, measureList, type MeasuredList } from '../../lib/props/measure.ts';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import { fullWalkMinLimit } from './limits.ts';
import { searchSubstrings } from './search.ts';

/** Any limit 1..100: walks that read a few pages of the list. */
export const anyLimit: LimitBounds = () => ({ min: LIMITS.min, max: LIMITS.max });

const wholeWalks = new Map<number, LimitBounds>();

/** Limits at which a whole walk of the result fits `pages` pages (one function per count: cached aims). */
export function wholeWalkLimits(pages: number): LimitBounds {
  let bounds = wholeWalks.get(pages);
  if (bounds === undefined) {
    bounds = (size) => ({ min: fullWalkMinLimit(size.max, pages), max: LIMITS.max });
    wholeWalks.set(pages, bounds);
  }
  return bounds;
}

/** The filters each endpoint defines (spec §4.1, §4.2); salesChannel's values are "not shown". */
const SPEC_FILTERS: Record<Endpoint, readonly string[]> = {
  orders: ['status', 'activeOnly', 'locationId'],
  menuItems: ['status', 'locationId', 'categoryId', 'q'],
};

export const UNJUDGED =
  'status with activeOnly is "not shown" (spec §4.2): no size is promised, none is aimed at';

/** status with activeOnly: what the server does is "not shown" (spec §4.2), so no size is promised. */
export const isOpen = (fields: readonly string[]): boolean =>
  fields.includes('status') && fields.includes('activeOnly');

/** Every non-empty combination of the endpoint's filters. */
export const combinationsOf = (endpoint: Endpoint): string[][] =>
  SPEC_FILTERS[endpoint]
    .reduce<string[][]>((all, field) => [...all, ...all.map((set) => [...set, field])], [[]])
    .slice(1);

function valuesOf(tenant: TenantSurvey, endpoint: Endpoint): Record<string, readonly string[]> {
  const common = { status: ENDPOINT_INFO[endpoint].statuses, locationId: tenant.locations };
  if (endpoint === 'orders') return { ...common, activeOnly: ['true', 'false'] };
  return { ...common, categoryId: tenant.categories, q: searchSubstrings(tenant.lists.menuItems.records) };
}

const measured = new WeakMap<TenantSurvey, Partial<Record<Endpoint, MeasuredList>>>();

/** The list measured once per survey, whichever property asks first. */
export function measuredList(tenant: TenantSurvey, endpoint: Endpoint): MeasuredList {
  const lists = measured.get(tenant) ?? {};
  const list = (lists[endpoint] ??= measureList(tenant, endpoint, valuesOf(tenant, endpoint)));
  measured.set(tenant, lists);
  return list;
}

const aims = new WeakMap<MeasuredList, Map<LimitBounds, Map<string, AimedCombination>>>();

/** A combination aimed once per list, limits and narrowed values, whichever property asks first. */
export function aimedOnce(
  list: MeasuredList,
  fields: readonly string[],
  bounds: LimitBounds,
  only: Readonly<Record<string, readonly string[]>> = {},
): AimedCombination {
  const byBounds = aims.get(list) ?? new Map<LimitBounds, Map<string, AimedCombination>>();
  aims.set(list, byBounds);
  const cache = byBounds.get(bounds) ?? new Map<string, AimedCombination>();
  byBounds.set(bounds, cache);
  const key = `${combinationName(fields)} ${JSON.stringify(only)}`;
  let aimed = cache.get(key);
  if (aimed === undefined) {
    aimed = aimCombination(list, fields, bounds, only);
    cache.set(key, aimed);
  }
  return aimed;
}

/**
 * A walk of status with activeOnly whose first page was refused with a 4xx (not a 429): spec §4.2
 * leaves the combination "not shown", so a refusal is an answer (its Error shape still judged), a
 * 5xx is not.
 */
export const refusedOpen = (input: { query: Query }, state: WalkState): boolean => {
  const first = state.requests[0]?.status ?? 0;
  return (
    isOpen(Object.keys(filtersOf(input.query))) &&
    state.requests.length === 1 &&
    isClientError(first) &&
    first !== 429
  );
};
