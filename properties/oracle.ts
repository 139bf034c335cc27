/**
 * The exact answer of a complete walk on quiescent data (spec §3 filter rule, §4.1, §4.2): the
 * survey's unfiltered records that the walk's filters keep (lib/checks/filter-rules.ts).
 */
import { filterOracle } from '../lib/checks/filter-rules.ts';
import { filteredWalkExact } from '../lib/checks/filtered-walk-exact.ts';
import { moreMeansRecords } from '../lib/checks/more-means-records.ts';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { Query } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import type { WalkState } from '../lib/paging/walk.ts';
import { tenantSurvey } from './support.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { preWithinBudget, verdict } from './walks.ts';
import { recordSameInEveryView } from '../lib/checks/record-same-in-every-view.ts';
import type { AuthScheme } from '../lib/http/call.ts';

/**
 * Judges a complete walk of `list` against what its filters keep of the survey's records, and its
 * pages against what hasMore promised. A walk that reached its page budget first has no exact
 * answer: inconclusive.
 */
export function judgeExact(
  context: PropertyContext,
  survey: Survey,
  list: { tenant: string; endpoint: Endpoint; query: Query },
  state: WalkState,
): void {
  preWithinBudget(context, state);
  // The walk's filters: limit and cursor shape the pages, not the list.
  const filters: Query = Object.fromEntries(
    Object.entries(list.query).filter(([name]) => name !== 'limit' && name !== 'cursor'),
  );
  const records = tenantSurvey(survey, list.tenant).lists[list.endpoint].records;
  const oracle = filterOracle(filters, records as unknown as Record<string, unknown>[]);
  const outcome = {
    filters: new URLSearchParams(filters).toString() || 'no filter',
    ...oracle,
    received: new Set(state.ids.keys()),
  };
  verdict(context, [
    ...runWalkSetCheck(filteredWalkExact, outcome, state.requests),
    ...runWalkSetCheck(moreMeansRecords, state, state.requests),
  ]);
}

const byId = (records: readonly Record<string, unknown>[]) =>
  new Map(records.map((record) => [String(record.id), record]));

/**
 * Judges the records of a complete walk against the same records in the survey's unfiltered list
 * (no filter, limit 100, bearer): a filter, limit, cursor page, search or scheme shows each record
 * alike (record-same-in-every-view). `received` holds each record as canonical JSON by id
 * (recordCollector).
 */
export function judgeViews(
  context: PropertyContext,
  survey: Survey,
  list: { tenant: string; endpoint: Endpoint; query: Query; limit: number; scheme: AuthScheme },
  state: WalkState,
  received: ReadonlyMap<string, string>,
): void {
  const { records, end } = tenantSurvey(survey, list.tenant).lists[list.endpoint];
  const filters = new URLSearchParams(list.query).toString();
  const views = {
    endpoint: list.endpoint,
    view: `${filters === '' ? '' : `${filters}&`}limit=${list.limit} via ${list.scheme}`,
    filters: list.query,
    unfiltered: byId(records as unknown as Record<string, unknown>[]),
    complete: end === 'complete',
    received: byId([...received.values()].map((text) => JSON.parse(text) as Record<string, unknown>)),
  };
  verdict(context, runWalkSetCheck(recordSameInEveryView, views, state.requests));
}
