/**
 * A plain cursor walk in Node (spec §4.3 rule 2), used before measuring: to prove a target's
 * chain is walkable to its end, and to fetch the cursor of a deep page.
 */
export interface ChainWalkOptions {
  /** The list URL without a cursor, e.g. `http://127.0.0.1:8080/api/v1/public/orders?limit=50`. */
  listUrl: string;
  headers?: Record<string, string>;
  /** Stop after this many pages even if the list goes on. */
  maxPages: number;
  /** Per request. @default 10000 */
  timeoutMs?: number;
}

export interface ChainWalk {
  pages: number;
  records: number;
  /** Whether the last page said hasMore false (the walk reached the end of the list). */
  complete: boolean;
  /** The cursor that fetches the page after the last one walked, when there is one. */
  nextCursor: string | null;
}

interface Page {
  data: unknown[];
  pagination: { nextPageToken: string | null; hasMore: boolean };
}

/** Appends `cursor` to a list URL that may already carry a query. */
export function withCursor(listUrl: string, cursor: string): string {
  const url = new URL(listUrl);
  url.searchParams.set('cursor', cursor);
  return url.href;
}

async function fetchPage(url: string, options: ChainWalkOptions): Promise<Page> {
  const response = await fetch(url, {
    headers: options.headers,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  if (response.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}`);
  return (await response.json()) as Page;
}

export async function walkChain(options: ChainWalkOptions): Promise<ChainWalk> {
  let url = options.listUrl;
  let records = 0;
  for (let pages = 1; pages <= options.maxPages; pages += 1) {
    const { data, pagination } = await fetchPage(url, options);
    records += data.length;
    const next = pagination.hasMore ? pagination.nextPageToken : null;
    if (next === null) return { pages, records, complete: true, nextCursor: null };
    if (pages === options.maxPages) return { pages, records, complete: false, nextCursor: next };
    url = withCursor(options.listUrl, next);
  }
  return { pages: 0, records, complete: false, nextCursor: null };
}
