/**
 * Records a HAR 1.2 file of a real paginated walk, as a browser's network panel would save it
 * "with content": every request with its headers (the API key included, as a customer's HAR has
 * it), every response with its headers and body.
 */
import type { Entry, Har, Header } from 'har-format';
import { request } from 'undici';

export interface RecordedWalk {
  baseUrl: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Pages to follow at most. */
  pages: number;
}

const asHeaders = (headers: Record<string, string | string[] | undefined>): Header[] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : [{ name, value: Array.isArray(value) ? value.join(', ') : value }],
  );

async function entryFor(
  url: URL,
  headers: Record<string, string>,
): Promise<{ entry: Entry; token: string | null }> {
  const started = new Date();
  const response = await request(url, { method: 'GET', headers });
  const text = await response.body.text();
  const time = Date.now() - started.getTime();
  const body = JSON.parse(text) as { pagination?: { nextPageToken?: string | null; hasMore?: boolean } };
  const entry: Entry = {
    startedDateTime: started.toISOString(),
    time,
    request: {
      method: 'GET',
      url: url.toString(),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: asHeaders(headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: response.statusCode,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: asHeaders(response.headers),
      content: { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
  const more = body.pagination?.hasMore === true ? (body.pagination.nextPageToken ?? null) : null;
  return { entry, token: more };
}

export async function recordHar(walk: RecordedWalk): Promise<Har> {
  const entries: Entry[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < walk.pages; page += 1) {
    const url = new URL(walk.baseUrl + walk.path);
    for (const [name, value] of Object.entries(walk.query)) url.searchParams.set(name, value);
    if (cursor !== null) url.searchParams.set('cursor', cursor);
    const { entry, token } = await entryFor(url, walk.headers);
    entries.push(entry);
    if (token === null) break;
    cursor = token;
  }
  return { log: { version: '1.2', creator: { name: 'harness test recorder', version: '1' }, entries } };
}
