/**
 * Canned pages for the generator-overhead bench: static JSON files, shaped like the public API's
 * list pages (spec §4.1, §4.2), that chain by cursor. nginx serves them with no logic of its own,
 * so the target costs the same whatever the client does and the client is what is measured.
 * Each filter the harness's walk uses without a target-specific id (status, activeOnly) has a
 * chain of its own holding only matching records, so the harness's checks pass on every page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS, LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';
import { ACTIVE_ORDER_STATUSES, MENU_ITEM_STATUSES, ORDER_STATUSES } from '../../lib/contract/schemas.ts';

/** Directory per endpoint under the site root (the nginx config maps paths to these). */
export const CANNED_DIRS: Record<Endpoint, string> = { orders: 'orders', menuItems: 'menu-items' };

/** A page's cursor token; the config maps `?cursor=p7` to the file `p7.json`. */
const pageToken = (index: number): string => `p${index}`;

type CannedRecord = Record<string, unknown> & { status: string };

/** A filtered list: its directory name and which records it holds. */
export interface CannedVariant {
  /** `all`, `status-PAID`, `active`: what the config's variant map yields. */
  name: string;
  keeps: (record: CannedRecord) => boolean;
}

const statusVariants = (statuses: readonly string[]): CannedVariant[] =>
  statuses.map((status) => ({ name: `status-${status}`, keeps: (record) => record.status === status }));

export const CANNED_VARIANTS: Record<Endpoint, CannedVariant[]> = {
  orders: [
    { name: 'all', keeps: () => true },
    ...statusVariants(ORDER_STATUSES),
    { name: 'active', keeps: (record) => ACTIVE_ORDER_STATUSES.includes(record.status) },
  ],
  menuItems: [{ name: 'all', keeps: () => true }, ...statusVariants(MENU_ITEM_STATUSES)],
};

function cannedRecord(endpoint: Endpoint, n: number): CannedRecord {
  const serial = String(n).padStart(6, '0');
  if (endpoint === 'orders')
    return { id: `ord_${serial}`, number: String(1000 + n), status: ORDER_STATUSES[n % 5] ?? 'OPEN' };
  return {
    id: `item_${serial}`,
    name: `Item ${n}`,
    sku: `SKU-${serial}`,
    status: MENU_ITEM_STATUSES[n % 3] ?? 'ACTIVE',
  };
}

export interface CannedPage {
  /** Relative to the site root, e.g. `orders/all/l50/p3.json`. */
  file: string;
  body: string;
}

/** Pages of `records` at `limit` per page: page i holds records [i*limit, (i+1)*limit). */
function chainPages(records: readonly CannedRecord[], limit: number, dir: string, maxPages = Infinity) {
  const pageCount = Math.min(maxPages, Math.max(1, Math.ceil(records.length / limit)));
  return Array.from({ length: pageCount }, (_, index): CannedPage => {
    const data = records.slice(index * limit, (index + 1) * limit);
    const hasMore = (index + 1) * limit < records.length;
    const pagination = { nextPageToken: hasMore ? pageToken(index + 1) : null, hasMore };
    return { file: `${dir}/l${limit}/${pageToken(index)}.json`, body: JSON.stringify({ data, pagination }) };
  });
}

export interface CannedSiteOptions {
  /** Records in each unfiltered list. @default 1000 */
  records?: number;
  /** Page sizes with a whole chain (`?limit=N`). @default [20, 50, 100] (the spec's default is 50) */
  limits?: readonly number[];
  /** Page sizes with only a first page: what a client's setup probes. @default [1] */
  probeLimits?: readonly number[];
}

export interface CannedSite {
  root: string;
  records: number;
  /** Pages in one walk of the unfiltered orders list at the spec's default limit (spec §8). */
  pagesPerDefaultWalk: number;
}

/** Every page of every variant of one endpoint. */
export function endpointPages(endpoint: Endpoint, options: CannedSiteOptions = {}): CannedPage[] {
  const all = Array.from({ length: options.records ?? 1000 }, (_, n) => cannedRecord(endpoint, n));
  return CANNED_VARIANTS[endpoint].flatMap((variant) => {
    const kept = all.filter(variant.keeps);
    const dir = `${CANNED_DIRS[endpoint]}/${variant.name}`;
    return [
      ...(options.limits ?? [20, LIMITS.default, LIMITS.max]).flatMap((limit) =>
        chainPages(kept, limit, dir),
      ),
      ...(options.probeLimits ?? [1]).flatMap((limit) => chainPages(kept, limit, dir, 1)),
    ];
  });
}

/** Writes every page of both endpoints under `root`. */
export function writeCannedSite(root: string, options: CannedSiteOptions = {}): CannedSite {
  for (const endpoint of ENDPOINTS) {
    for (const page of endpointPages(endpoint, options)) {
      const file = path.join(root, page.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page.body);
    }
  }
  const records = options.records ?? 1000;
  return { root, records, pagesPerDefaultWalk: Math.ceil(records / LIMITS.default) };
}
