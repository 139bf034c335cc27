/**
 * What the customer saw: the pages their HAR recorded, folded through the same page checks as
 * every walk of the harness, and judged for what a HAR records as it was sent: a single-valued
 * field on several lines, a Retry-After outside its grammar, a 429 a cache may store, a body starting with a byte order mark. Not for a missing Date or key,
 * which an exporter may have dropped. Needs the response bodies (a HAR saved "with content").
 */
import type { Failure } from '../failure.ts';
import type { Credential } from '../http/call.ts';
import { noByteOrderMark } from '../checks/no-byte-order-mark.ts';
import { retryAfterValid } from '../checks/retry-after-valid.ts';
import { singleValuedFields } from '../checks/single-valued-fields.ts';
import { throttleNotStorable } from '../checks/throttle-not-storable.ts';
import { callPath } from '../http/call.ts';
import { toApiResponse } from '../http/response.ts';
import { runProbeChecks } from '../paging/run-checks.ts';
import { foldPage, MAX_PAGES, startWalk } from '../paging/walk.ts';
import type { CustomerWalk } from './har.ts';

/** The answer checks (lib/paging/answer-checks.ts) a recorded answer shows truly. */
const RECORDED_CHECKS = [singleValuedFields, retryAfterValid, throttleNotStorable, noByteOrderMark] as const;

/** The failures the recorded pages show, or null when the HAR kept no response bodies. */
export function observedFailures(walk: CustomerWalk, credential: Credential): Failure[] | null {
  if (walk.pages.some((page) => page.bodyText === undefined)) return null;
  const state = startWalk({
    endpoint: walk.endpoint,
    query: walk.pages[0]?.query ?? {},
    credential,
    maxPages: MAX_PAGES,
  });
  for (const page of walk.pages) {
    if (state.end !== null) break;
    const call = { endpoint: walk.endpoint, query: page.query, credential };
    const response = toApiResponse(page.status, page.headers, page.bodyText ?? '', 0);
    if (page.repeatedFields) response.repeatedFields = page.repeatedFields;
    const probe = `recorded GET ${callPath(call)}`;
    state.failures.push(...runProbeChecks(RECORDED_CHECKS, { call, response, probe }));
    foldPage(state, call, response);
  }
  return state.failures;
}
