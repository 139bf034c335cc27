/**
 * Canned pages for the generator-overhead bench: static JSON files, shaped like the public API's
 * list pages (spec §4.1, §4.2), that chain by cursor. nginx serves them with no logic of its own,
 * so the target costs the same whatever the client does and the client is what is measured.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINT_INFO, LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';

/** Directory per endpoint under the site root (the nginx config maps paths to these). */
export const CANNED_DIRS: Record<Endpoint, string> = { orders: 'orders', menuItems: 'menu-items' };

/** A page's cursor token; the config maps `?cursor=p7` to the file `p7.json`. */
export const pageToken = (index: number): string => `p${index}`;

export interface CannedSiteOptions {
  /** Records in each list. @default 1000 */
  records?: number;
  /** Page sizes served; a chain is written for each (`?limit=N`). @default [50] (spec §8 default) */
  limits?: readonly number[];
}

export interface CannedPage {
  /** Relative to the site root, e.g. `orders/l50/p3.json`. */
  file: string;
  body: string;
}

const ORDER_STATUSES = ['OPEN', 'SENT_TO_KITCHEN', 'PAID', 'CLOSED', 'CANCELLED'];

function record(endpoint: Endpoint, n: number): Record<string, unknown> {
  const serial = String(n).padStart(6, '0');
  if (endpoint === 'orders')
    return {
      id: `ord_${serial}`,
      number: String(1000 + n),
      status: ORDER_STATUSES[n % 5],
      locationId: 'loc_1',
    };
  return { id: `item_${serial}`, name: `Item ${n}`, sku: `SKU-${serial}`, status: 'ACTIVE' };
}

/** The chain of one endpoint at one page size: page i holds records [i*limit, (i+1)*limit). */
export function cannedChain(endpoint: Endpoint, records: number, limit: number): CannedPage[] {
  const pageCount = Math.max(1, Math.ceil(records / limit));
  return Array.from({ length: pageCount }, (_, index) => {
    const first = index * limit;
    const data = Array.from({ length: Math.min(limit, records - first) }, (_, k) =>
      record(endpoint, first + k),
    );
    const hasMore = index < pageCount - 1;
    const pagination = { nextPageToken: hasMore ? pageToken(index + 1) : null, hasMore };
    return {
      file: `${CANNED_DIRS[endpoint]}/l${limit}/${pageToken(index)}.json`,
      body: JSON.stringify({ data, pagination }),
    };
  });
}

export interface CannedSite {
  root: string;
  records: number;
  limits: readonly number[];
  /** Pages in one walk of each chain, by limit. */
  pagesPerWalk: Record<number, number>;
}

/** Writes every chain of both endpoints under `root`. */
export function writeCannedSite(root: string, options: CannedSiteOptions = {}): CannedSite {
  const records = options.records ?? 1000;
  const limits = options.limits ?? [LIMITS.default];
  const pagesPerWalk: Record<number, number> = {};
  for (const endpoint of Object.keys(ENDPOINT_INFO) as Endpoint[]) {
    for (const limit of limits) {
      const chain = cannedChain(endpoint, records, limit);
      pagesPerWalk[limit] = chain.length;
      for (const page of chain) {
        const file = path.join(root, page.file);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, page.body);
      }
    }
  }
  return { root, records, limits, pagesPerWalk };
}
