import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkChain } from '../../bench/chain-walk.ts';
import { nginxConfig } from '../../bench/nginx/config.ts';
import { CANNED_DIRS, CANNED_VARIANTS, endpointPages } from '../../bench/nginx/pages.ts';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';

interface Page {
  data: { id: string; status: string }[];
  pagination: { nextPageToken: string | null; hasMore: boolean };
}

const RECORDS = 230;

/** Follows the chain through the files, as nginx's cursor map does. */
function followChain(files: Map<string, string>, dir: string, limit: number) {
  const pages: Page[] = [];
  for (let token: string | null = 'p0'; token !== null && pages.length <= RECORDS;) {
    const body = files.get(`${dir}/l${limit}/${token}.json`);
    if (body === undefined) throw new Error(`no page ${token} in ${dir}/l${limit}`);
    const page = JSON.parse(body) as Page;
    pages.push(page);
    token = page.pagination.hasMore ? page.pagination.nextPageToken : null;
  }
  return pages;
}

describe('canned pages', () => {
  for (const endpoint of ENDPOINTS) {
    const files = new Map(
      endpointPages(endpoint, { records: RECORDS }).map((page) => [page.file, page.body]),
    );
    for (const variant of CANNED_VARIANTS[endpoint]) {
      for (const limit of [20, 50, 100]) {
        it(`should chain ${endpoint} ${variant.name} at limit ${limit} to the end, each matching record once`, () => {
          const pages = followChain(files, `${CANNED_DIRS[endpoint]}/${variant.name}`, limit);
          const records = pages.flatMap((page) => page.data);
          const last = pages.at(-1)?.pagination;

          expect(last).toEqual({ nextPageToken: null, hasMore: false });
          expect(new Set(records.map((record) => record.id)).size).toBe(records.length);
          expect(records.every((record) => variant.keeps(record))).toBe(true);
          expect(pages.every((page) => page.data.length <= limit)).toBe(true);
          expect(records.length).toBeGreaterThan(0);
        });
      }
    }
  }

  it('should hold every record in the unfiltered list and split them among the status lists', () => {
    const files = new Map(
      endpointPages('orders', { records: RECORDS }).map((page) => [page.file, page.body]),
    );
    const count = (variant: string) =>
      followChain(files, `orders/${variant}`, 50).flatMap((p) => p.data).length;
    const statuses = CANNED_VARIANTS.orders.filter((variant) => variant.name.startsWith('status-'));

    expect(count('all')).toBe(RECORDS);
    expect(statuses.reduce((sum, variant) => sum + count(variant.name), 0)).toBe(RECORDS);
  });

  it('should write only a first page for probe limits', () => {
    const files = endpointPages('menuItems', { records: RECORDS, limits: [50], probeLimits: [1] }).map(
      (p) => p.file,
    );

    expect(files.filter((file) => file.includes('/l1/'))).toEqual(
      CANNED_VARIANTS.menuItems.map((variant) => `menu-items/${variant.name}/l1/p0.json`),
    );
  });
});

describe('nginx config for the canned pages', () => {
  const config = nginxConfig({ dir: '/tmp/run', siteRoot: '/tmp/run/site', port: 8123 });

  it('should map every filter variant the pages have', () => {
    for (const variant of Object.values(CANNED_VARIANTS).flat())
      expect(config).toMatch(new RegExp(`" ${variant.name};|"\\S*" ${variant.name};`));
  });

  it('should serve both endpoints from the directories the pages are written to, on loopback only', () => {
    expect(config).toContain('listen 127.0.0.1:8123;');
    expect(config).toContain(
      `try_files /${CANNED_DIRS.orders}/$canned_variant/l$canned_limit/$canned_page.json =404;`,
    );
    expect(config).toContain(
      `try_files /${CANNED_DIRS.menuItems}/$canned_variant/l$canned_limit/$canned_page.json =404;`,
    );
  });
});

describe('walkChain over canned pages', () => {
  const files = new Map(endpointPages('orders', { records: RECORDS }).map((page) => [page.file, page.body]));
  let baseUrl = '';
  const server = createServer((request, response) => {
    const cursor = new URL(request.url ?? '/', 'http://x').searchParams.get('cursor') ?? 'p0';
    const body = files.get(`orders/all/l50/${cursor}.json`);
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(body ?? '{}');
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/list`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('should walk to the end of the chain', async () => {
    const walk = await walkChain({ listUrl: baseUrl, maxPages: 100 });

    expect(walk).toEqual({
      pages: Math.ceil(RECORDS / 50),
      records: RECORDS,
      complete: true,
      nextCursor: null,
    });
  });

  it('should stop at maxPages and hand back the cursor of the next page', async () => {
    const walk = await walkChain({ listUrl: baseUrl, maxPages: 2 });

    expect(walk).toEqual({ pages: 2, records: 100, complete: false, nextCursor: 'p2' });
  });
});
