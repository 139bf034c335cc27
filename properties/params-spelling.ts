/**
 * A served spelling of a value the spec names (activeOnly=TRUE, limit=050), judged as that value:
 * the same request sent with the value's own spelling must answer alike (spelling-means-value).
 */
import { LIMITS } from '../lib/contract/endpoints.ts';
import { canonicalSpelling } from '../lib/checks/parameter-domain.ts';
import { spellingMeansValue, type SpelledAnswer } from '../lib/checks/spelling-means-value.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import type { Outside } from './arbitraries/outside.ts';
import { servedIsolation } from './walks.ts';

/** The one value `outside` sends, decoded; null when it sends two or is not UTF-8. */
function sentValue(outside: Outside): string | null {
  const [encoded, ...more] = outside.encoded;
  if (encoded === undefined || more.length > 0) return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** A response as the page-comparing checks read it (spelling-means-value, encoding-means-nothing). */
export const answerOf = (response: ApiResponse): SpelledAnswer => {
  const body = response.body as { data?: unknown; pagination?: { hasMore?: unknown } } | undefined;
  const records = Array.isArray(body?.data) ? (body.data as Record<string, unknown>[]) : [];
  return { status: response.status, records, hasMore: body?.pagination?.hasMore };
};

/**
 * A served spelling of a value the spec names (activeOnly=TRUE) against the same request with
 * that value (activeOnly=true): spelling-means-value; nothing for a refusal or another kind.
 */
export async function judgeSpelling(
  context: PropertyContext,
  served: { call: ApiCall; response: ApiResponse; outside: Outside; words: string },
  quiescent: boolean,
): Promise<Failure[]> {
  const { call, response, outside, words } = served;
  const sent = sentValue(outside);
  const canonical = sent === null ? null : canonicalSpelling(call.endpoint, outside.name, sent);
  if (response.status !== 200 || sent === null || canonical === null) return [];
  const canonicalQuery = { ...call.query, [outside.name]: canonical };
  const reference = { endpoint: call.endpoint, query: canonicalQuery, credential: call.credential };
  const again = await context.client.send(reference);
  const limit = Number(canonicalQuery.limit ?? LIMITS.default);
  const spelling = {
    request: words,
    name: outside.name,
    sent,
    canonical,
    canonicalQuery,
    limit,
    served: answerOf(response),
    reference: answerOf(again),
    quiescent,
  };
  const requests = [requestRecord(call, response.status), requestRecord(reference, again.status)];
  const leaks = await servedIsolation(context, reference, again);
  return [...leaks, ...runWalkSetCheck(spellingMeansValue, spelling, requests)];
}
