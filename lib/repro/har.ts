/**
 * The customer's walk in a HAR 1.2 file: which list (endpoint), with which filters and limit, and
 * the chain of pages it followed (each cursor traced to the response whose nextPageToken it was).
 * Works on a HAR whose credentials are already stripped (har-secrets.ts).
 */
import type { Entry, Har } from 'har-format';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../contract/endpoints.ts';
import type { Query } from '../http/call.ts';
import { parseBody } from '../http/response.ts';
import { isSecretParam, type SeenKey } from './har-secrets.ts';

interface HarPage {
  /** The request's query, cursor included. */
  query: Query;
  status: number;
  /**
   * Response headers, names in lower case (credentials already stripped), a field the HAR lists
   * more than once joined with `, ` as a client reads it (RFC 9110 §5.3).
   */
  headers: Record<string, string>;
  /** The names (lower case) of the fields the HAR lists more than once (ApiResponse.repeatedFields). */
  repeatedFields?: string[];
  /** The response body as text, when the HAR kept it. */
  bodyText?: string;
  nextPageToken: string | null;
  /** Index (in `pages`) of the page whose nextPageToken this request sent as its cursor. */
  cursorFrom?: number;
  /** Index of the entry in the HAR. */
  entry: number;
}

export interface CustomerWalk {
  endpoint: Endpoint;
  /** Filters of the walk: the first request's query without limit and cursor. */
  filters: Query;
  /** undefined: the customer sent no limit (the default applies). */
  limit: number | undefined;
  pages: HarPage[];
  /** The key the walk's first request carried (in memory only: never written). */
  key?: SeenKey;
  /** Where the customer sent it: origin and path prefix, for reports. */
  baseUrl: string;
}

export type WalkResult = { ok: true; walk: CustomerWalk } | { ok: false; problem: string };

function endpointOf(url: URL): Endpoint | undefined {
  return ENDPOINTS.find((endpoint) => url.pathname.replace(/\/$/, '').endsWith(ENDPOINT_INFO[endpoint].path));
}

function queryOf(url: URL): Query {
  const query: Query = {};
  for (const [name, value] of url.searchParams) if (!isSecretParam(name)) query[name] = value;
  return query;
}

function tokenOf(bodyText: string | undefined): string | null {
  const body = bodyText === undefined ? undefined : parseBody(bodyText);
  const token = (body as { pagination?: { nextPageToken?: unknown } } | undefined)?.pagination?.nextPageToken;
  return typeof token === 'string' ? token : null;
}

/**
 * The response's header lines as a client reads them: a name listed more than once joined with
 * `, ` (RFC 9110 §5.3), its name kept in `repeatedFields` for single-valued-fields, as the harness's
 * own client does (lib/adapters/node-http.ts).
 */
function headerFields(lines: Entry['response']['headers']): Pick<HarPage, 'headers' | 'repeatedFields'> {
  const headers: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const { name, value } of lines) {
    const lower = name.toLowerCase();
    const before = headers[lower];
    if (before !== undefined) repeated.add(lower);
    headers[lower] = before === undefined ? value : `${before}, ${value}`;
  }
  return repeated.size > 0 ? { headers, repeatedFields: [...repeated] } : { headers };
}

/**
 * The body a HAR kept: base64 content is the body's bytes, read as UTF-8 (a leading byte order mark
 * kept, as the client keeps it: ApiResponse.bodyText), not as Latin-1 characters.
 */
const bodyOf = ({ text, encoding }: Entry['response']['content']): string | undefined =>
  text !== undefined && encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;

function pageOf(entry: Entry, index: number, url: URL): HarPage {
  const decoded = bodyOf(entry.response.content);
  return {
    query: queryOf(url),
    status: entry.response.status,
    ...headerFields(entry.response.headers),
    ...(decoded !== undefined ? { bodyText: decoded } : {}),
    nextPageToken: tokenOf(decoded),
    entry: index,
  };
}

/** Follows the chain from `first`: each next page is the request that sent the last page's token. */
function followChain(pages: HarPage[], first: HarPage): HarPage[] {
  const chain: HarPage[] = [first];
  for (let last = first; last.nextPageToken !== null;) {
    const token = last.nextPageToken;
    const next = pages.find((page) => page.entry > last.entry && page.query.cursor === token);
    if (!next) break;
    chain.push({ ...next, cursorFrom: chain.length - 1 });
    last = next;
  }
  return chain;
}

/**
 * The first walk of `endpoint` (or of the one list endpoint the HAR holds) in the HAR: its first
 * page is the first GET of that list without a cursor.
 */
export function customerWalk(
  har: Har,
  keys: readonly (SeenKey | undefined)[],
  endpoint?: Endpoint,
): WalkResult {
  const calls = har.log.entries
    .map((entry, index) => ({ entry, index, url: new URL(entry.request.url) }))
    .filter(
      ({ entry, url }) => entry.request.method.toUpperCase() === 'GET' && endpointOf(url) !== undefined,
    );
  const endpoints = [...new Set(calls.map(({ url }) => endpointOf(url)))];
  const chosen = endpoint ?? (endpoints.length === 1 ? endpoints[0] : undefined);
  if (calls.length === 0)
    return {
      ok: false,
      problem: 'holds no GET of /public/orders or /public/menu/items; record the walk that shows the bug',
    };
  if (chosen === undefined)
    return { ok: false, problem: `walks both lists (${endpoints.join(', ')}); choose one with --endpoint` };
  const ofEndpoint = calls.filter(({ url }) => endpointOf(url) === chosen);
  const pages = ofEndpoint.map(({ entry, index, url }) => pageOf(entry, index, url));
  const first = pages.find((page) => page.query.cursor === undefined);
  if (!first) return { ok: false, problem: `has no first page of ${chosen} (a request without a cursor)` };
  const { limit, ...filters } = first.query;
  if (limit !== undefined && !/^\d+$/.test(limit))
    return { ok: false, problem: `first page of ${chosen} sends limit=${limit}, not a whole number` };
  const firstUrl = ofEndpoint.find(({ index }) => index === first.entry)?.url;
  const prefix = firstUrl ? firstUrl.pathname.slice(0, -ENDPOINT_INFO[chosen].path.length) : '';
  const key = keys[first.entry];
  return {
    ok: true,
    walk: {
      endpoint: chosen,
      filters,
      limit: limit === undefined ? undefined : Number(limit),
      pages: followChain(pages, first),
      ...(key ? { key } : {}),
      baseUrl: firstUrl ? `${firstUrl.origin}${prefix}` : '',
    },
  };
}
