/** The k6 runtime seam: performs the calls the pure core describes, with k6/http. */
import http from 'k6/http';
import { ENDPOINT_INFO } from '../contract/endpoints.ts';
import { toHttpRequest, type ApiCall } from '../http/call.ts';
import { lowerCaseHeaders, type ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';

export interface K6Response extends ApiResponse {
  /** k6's error code: 0 when a response arrived, e.g. 1050 for a request timeout. */
  errorCode: number;
  error: string;
  /** k6's own response, for the page screen to read the body where k6 keeps it (k6-screen.ts). */
  readonly raw: http.RefinedResponse<'text'>;
}

/**
 * 429 is an expected status, not a failed request (spec §7: the client backs off and retries).
 * Call once in the init context.
 */
export function treat429AsExpected(): void {
  http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 429));
}

const NO_TAGS: Record<string, string> = {};
// Callers keep one tag set per walk and depth, or none (k6-walk.ts): adding `name` is done once.
const withName = new WeakMap<Record<string, string>, Record<string, string>>();

/** `tags` and the `name` tag, which groups requests by endpoint: with a cursor every URL is unique. */
function requestTags(call: ApiCall, tags: Record<string, string> = NO_TAGS): Record<string, string> {
  let named = withName.get(tags);
  if (named === undefined || named.name !== ENDPOINT_INFO[call.endpoint].path) {
    named = { name: ENDPOINT_INFO[call.endpoint].path, ...tags };
    withName.set(tags, named);
  }
  return named;
}

type Params = {
  headers: Record<string, string>;
  tags: Record<string, string>;
  timeout: number;
  responseType: 'text';
};
// A walk's requests share their headers (one object per credential) and tags: their params are
// made once, not once per request.
const paramsByHeaders = new WeakMap<Record<string, string>, Params>();

function paramsFor(headers: Record<string, string>, tags: Record<string, string>, timeoutMs: number): Params {
  let params = paramsByHeaders.get(headers);
  if (params === undefined || params.tags !== tags || params.timeout !== timeoutMs) {
    // A number is milliseconds to k6, with no duration string to parse per request.
    params = { headers, tags, timeout: timeoutMs, responseType: 'text' };
    paramsByHeaders.set(headers, params);
  }
  return params;
}

/** Sends one call; `tags` go on every metric sample of the request. Never throws on HTTP errors. */
export function sendK6(
  target: Target,
  call: ApiCall,
  tags: Record<string, string> | undefined,
  timeoutMs: number,
): K6Response {
  const { url, headers } = toHttpRequest(target, call);
  return new K6PageResponse(http.get(url, paramsFor(headers, requestTags(call, tags), timeoutMs)));
}

/**
 * What every request of one walk shares: the target's base URL and `first`'s params (its
 * credential's headers, the tags, the timeout), made once. The walk's lane (k6-walk.ts) sends
 * its pages with them from Go, by k6/http's get, exactly as sendK6 would.
 */
export function walkRequests(
  target: Target,
  first: ApiCall,
  tags: Record<string, string> | undefined,
  timeoutMs: number,
): { base: string; params: Params } {
  const { headers } = toHttpRequest(target, first);
  return { base: target.baseUrl, params: paramsFor(headers, requestTags(first, tags), timeoutMs) };
}

/** k6's response to a request sent otherwise (the walk's lane), as the harness reads it. */
export const k6Response = (raw: http.RefinedResponse<'text'>): K6Response => new K6PageResponse(raw);

/**
 * A k6 response as the harness reads it. Headers and the parsed body are read on first use: a
 * page the Go screen passes (k6-screen.ts) needs neither, and each costs more than the screen in
 * k6's interpreter. A class, so that the getters are not two new closures per request.
 */
class K6PageResponse implements K6Response {
  readonly raw: http.RefinedResponse<'text'>;
  readonly status: number;
  readonly durationMs: number;
  private text: string | undefined;
  private lowerCased: Record<string, string> | undefined;
  private parsed = false;
  private parsedValue: unknown;

  constructor(raw: http.RefinedResponse<'text'>) {
    this.raw = raw;
    this.status = raw.status;
    this.durationMs = raw.timings.duration;
  }

  /** Read once, and only when asked: each read hands k6's Go string over to JavaScript again. */
  get bodyText(): string {
    if (this.text === undefined) {
      const body = this.raw.body;
      this.text = typeof body === 'string' ? body : '';
    }
    return this.text;
  }

  get headers(): Record<string, string> {
    return (this.lowerCased ??= lowerCaseHeaders(this.raw.headers));
  }

  get body(): unknown {
    if (!this.parsed) {
      this.parsed = true;
      this.parsedValue = this.bodyText === '' ? undefined : parsedBody(this.raw);
    }
    return this.parsedValue;
  }

  get errorCode(): number {
    return this.raw.error_code;
  }

  get error(): string {
    return this.raw.error;
  }
}

/**
 * The body parsed by k6 in Go. JSON.parse in k6's JavaScript runtime builds every object in the
 * interpreter and costs several times a whole request (npm run bench); `json()` decodes in Go and
 * hands over objects that read like plain ones. Undefined when the body is not JSON.
 */
function parsedBody(response: http.RefinedResponse<'text'>): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}
