/**
 * The survey's data measured for aiming: how many records each filter value, and each combination
 * of values, selects on a list. Sizes come from the survey's records through the rules the exact
 * oracle judges by (filterOracle), so on quiescent data the size measured is the size a walk must
 * return; a rule that cannot judge a record leaves a range, never a guess.
 */
import { filterOracle } from '../checks/filter-rules.ts';
import type { Endpoint } from '../contract/endpoints.ts';
import type { Query } from '../http/call.ts';
import { and, allBits, bitsWhere, count, type Bits } from './id-bits.ts';
import type { SizeRange } from './outcomes.ts';
import type { SurveyRecord, TenantSurvey } from './survey.ts';

/** What one filter value keeps: records it surely keeps (`must`) and those it may. */
interface Selection {
  must: Bits;
  may: Bits;
}

export interface MeasuredList {
  tenant: string;
  endpoint: Endpoint;
  /** The unfiltered list's records, in the order of every selection's bits. */
  records: readonly SurveyRecord[];
  /** Records of the unfiltered list. */
  size: number;
  /** On a quiescent tenant and read in full: sizes are exact, not estimates. */
  exact: boolean;
  /** Each filter's values to aim with (from the data), in the order they are tried. */
  values: Readonly<Record<string, readonly string[]>>;
  /** What one value of one filter selects (cached). */
  selection(field: string, value: string): Selection;
  /** How many records a query's filters select, limit and cursor aside. */
  sizeOf(query: Query): SizeRange;
}

const toBits = (records: readonly SurveyRecord[], ids: ReadonlySet<string>): Bits =>
  bitsWhere(records.length, (position) => ids.has(records[position]?.id ?? ''));

/**
 * What `filters` keep of the records. Menu items carry no locationId, so a location's menu as the
 * survey read it stands in for the rule when there is one.
 */
function select(tenant: TenantSurvey, endpoint: Endpoint, filters: Query): Selection {
  const records = tenant.lists[endpoint].records;
  const { locationId, ...rest } = filters;
  const shown = locationId === undefined ? undefined : tenant.menuByLocation[locationId];
  const measured = endpoint === 'menuItems' && shown !== undefined;
  const oracle = filterOracle(measured ? rest : filters, records as unknown as Record<string, unknown>[]);
  const selection = { must: toBits(records, oracle.must), may: toBits(records, oracle.may) };
  if (!measured) return selection;
  const at = toBits(records, new Set(shown));
  return { must: and(selection.must, at), may: and(selection.may, at) };
}

const rangeOf = (selection: Selection): SizeRange => ({
  min: count(selection.must),
  max: count(selection.may),
});

/** The filters of a query: limit and cursor shape the pages, not the list. */
export const filtersOf = (query: Query): Query =>
  Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'limit' && name !== 'cursor'));

/** Measures one surveyed list, with the values each filter is to be aimed with. */
export function measureList(
  tenant: TenantSurvey,
  endpoint: Endpoint,
  values: Readonly<Record<string, readonly string[]>>,
): MeasuredList {
  const list = tenant.lists[endpoint];
  const cache = new Map<string, Selection>();
  const selection = (field: string, value: string): Selection => {
    const key = `${field}=${value}`;
    let found = cache.get(key);
    if (found === undefined) {
      found = select(tenant, endpoint, { [field]: value });
      cache.set(key, found);
    }
    return found;
  };
  const everything = allBits(list.records.length);
  return {
    tenant: tenant.name,
    endpoint,
    records: list.records,
    size: list.records.length,
    exact: tenant.quiescent && list.end === 'complete',
    values,
    selection,
    sizeOf(query) {
      const filters = Object.entries(filtersOf(query));
      // Both together is "not shown" (spec §4.2): nothing is promised, so nothing is measured.
      if (filters.length === 0) return { min: list.records.length, max: list.records.length };
      if (query.status !== undefined && query.activeOnly !== undefined)
        return { min: 0, max: list.records.length };
      let combined: Selection = { must: everything, may: everything };
      for (const [field, value] of filters) {
        const one = selection(field, value);
        combined = { must: and(combined.must, one.must), may: and(combined.may, one.may) };
      }
      return rangeOf(combined);
    },
  };
}
