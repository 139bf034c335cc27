/**
 * What the customer saw: the pages their HAR recorded, folded through the same page checks as
 * every walk of the harness. Needs the response bodies (a HAR saved "with content").
 */
import type { Failure } from '../failure.ts';
import type { Credential } from '../http/call.ts';
import { toApiResponse } from '../http/response.ts';
import { foldPage, MAX_PAGES, startWalk } from '../paging/walk.ts';
import type { CustomerWalk } from './har.ts';

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
    foldPage(state, call, toApiResponse(page.status, page.headers, page.bodyText ?? '', 0));
  }
  return state.failures;
}
