/**
 * What a write method carries and what it must not have changed (spec §1: the public API is
 * read-only, creating orders or changing the menu is not part of it): the bodies a client that
 * tries to write sends, and the whole list read again on quiescent data, so that a record a write
 * made is seen wherever the list's order puts it.
 */
import { LIMITS } from '../lib/contract/endpoints.ts';
import { repeatGivesSamePage, type PageAnswer } from '../lib/checks/repeat-gives-same-page.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import type { Failure } from '../lib/failure.ts';
import { WRITE_METHODS, type ApiCall } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { explainedPages } from './arbitraries/limits.ts';
import type { PageSpot } from './http-pages.ts';
import { tenantSurvey } from './support.ts';
import { recordCollector, verdict, walk, walkSpecOf, type Answered } from './walks.ts';

/** A body a method is sent with: none, or JSON with its Content-Type, and how it reads in a report. */
export interface SentBody {
  label: string;
  body?: string;
  headers?: Record<string, string>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * The bodies `method` is sent with: none for OPTIONS and the unknown method; for a write, none, an
 * empty JSON object, and the served page's first record without its id (every field a create
 * could need, in the target's own shape and values).
 */
export function bodiesOf(method: string, served: Answered): SentBody[] {
  if (!WRITE_METHODS.has(method)) return [{ label: 'no body' }];
  const bodies: SentBody[] = [{ label: 'no body' }, { label: 'body {}', body: '{}', headers: JSON_TYPE }];
  const data = (served.body as { data?: unknown } | undefined)?.data;
  const record = Array.isArray(data) ? (data[0] as unknown) : undefined;
  if (typeof record === 'object' && record !== null) {
    const fields: Record<string, unknown> = { ...record };
    delete fields.id;
    bodies.push({ label: 'a record as body', body: JSON.stringify(fields), headers: JSON_TYPE });
  }
  return bodies;
}

const answerOfRecords = (records: ReadonlyMap<string, string>): PageAnswer => ({
  status: 200,
  ids: new Set(records.keys()),
  records,
  hasMore: false,
});

/**
 * The spot's whole list read again after the other methods, against the survey's reading of it
 * (both at limit 100): the same records, every field the same. Nothing when the tenant is not
 * quiescent or the survey did not read the list whole within the budget of a whole walk: then only
 * the served page is read again (the caller's comparison).
 */
export async function wholeListUnchanged(
  context: PropertyContext,
  survey: Survey,
  spot: PageSpot,
): Promise<Failure[]> {
  const tenant = tenantSurvey(survey, spot.tenant);
  const list = tenant.lists[spot.endpoint];
  const pages = explainedPages(list.records.length, LIMITS.max);
  if (!tenant.quiescent || list.end !== 'complete' || pages > context.budget.fullWalkPages) return [];
  const before = new Map(list.records.map((record) => [record.id, canonicalJson(record)]));
  const collector = recordCollector();
  const query = { limit: String(LIMITS.max) };
  const spec = walkSpecOf({ ...spot, query }, pages, survey);
  const after = await walk(context, spec, Infinity, 0, collector.onPage);
  verdict(context, after.failures);
  const repeat = {
    request: `${spot.tenant}'s whole ${spot.endpoint} list (as the survey read it, before the other methods; spec §1: read-only)`,
    first: answerOfRecords(before),
    again: answerOfRecords(collector.records),
  };
  return runWalkSetCheck(repeatGivesSamePage, repeat, after.requests);
}

/** The call of `method` with `sent`'s body where `served` was asked. */
export const withBody = (call: ApiCall, sent: SentBody): ApiCall =>
  sent.body === undefined ? call : { ...call, body: sent.body, headers: sent.headers ?? {} };
