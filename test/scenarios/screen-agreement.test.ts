/**
 * The Go page screen changes nothing but speed: on generated walks, mostly valid pages with the
 * mistakes servers make mixed in (wrong types, unknown statuses, missing fields, duplicate and
 * foreign ids, filters broken, extra pagination fields, duplicate JSON keys, case and Unicode in
 * search terms, hasMore and token at odds, pages over the limit, repeated tokens, walks at their
 * page bound), folding each page with the screen (as k6 walks do: wholly in Go when the fold
 * vouches for the page) finds exactly the failures that folding it without the screen (as Node
 * does) finds, page by page, and leaves the walk in the same state.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MENU_ITEM_STATUSES, ORDER_STATUSES } from '../../lib/contract/schemas.ts';
import type { Endpoint } from '../../lib/contract/endpoints.ts';
import { bundleK6Script } from '../../scripts/build.ts';
import { runK6 } from '../../scripts/lib/k6.ts';
import type { Outcome } from '../k6/screen-agreement.ts';

const SCRIPT = fileURLToPath(new URL('../k6/screen-agreement.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'screen-agreement-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Few ids, so that duplicates and foreign ids happen often. */
const ID = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'ord_1', 'x"y', 'é', 'İd');
const TEXT = fc.constantFrom('Burger', 'burger', 'SKU-1', 'İstanbul', 'ÉCLAIR', 'çay', 'x"y', '');
/** A value of the wrong type for any field. */
const WRONG = fc.constantFrom<unknown>(1, 1.5, true, null, {}, [], ['x']);
const STATUS: Record<Endpoint, fc.Arbitrary<string>> = {
  orders: fc.constantFrom(...ORDER_STATUSES, 'BOGUS', 'open'),
  menuItems: fc.constantFrom(...MENU_ITEM_STATUSES, 'BOGUS'),
};

function record(endpoint: Endpoint): fc.Arbitrary<Record<string, unknown>> {
  const fields: Record<string, fc.Arbitrary<unknown>> = endpoint === 'orders'
    ? {
        id: ID,
        status: STATUS.orders,
        number: fc.option(TEXT),
        locationId: fc.option(fc.constantFrom('loc1', 'loc2')),
      }
    : {
        id: ID,
        status: STATUS.menuItems,
        name: TEXT,
        sku: fc.option(TEXT),
        categoryId: fc.constantFrom('cat1', 'cat2'),
      };
  return fc.record(fields, { requiredKeys: ['id', 'status'] }).chain((value) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(value) },
      // One field dropped or of the wrong type.
      fc.tuple(fc.constantFrom(...Object.keys(value)), fc.option(WRONG)).map(([field, wrong]) => {
        const changed: Record<string, unknown> = { ...value };
        if (wrong === null) delete changed[field];
        else changed[field] = wrong;
        return changed;
      }),
    ),
  );
}

const pagination = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      nextPageToken: fc.option(fc.constantFrom('p2', 'p3', 'p"4', 'é')),
      hasMore: fc.boolean(),
    }),
  },
  fc.record({ nextPageToken: fc.constant(null), hasMore: fc.constant(false), total: fc.integer() }),
  fc.record({ hasMore: fc.boolean() }),
  fc.record({ nextPageToken: WRONG, hasMore: fc.boolean() }),
);

/** The page as a server would write it, now and then with a key written twice. */
function body(endpoint: Endpoint): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(record(endpoint), { maxLength: 4 }), pagination, fc.nat(9))
    .map(([data, paging, twist]) => {
      const text = JSON.stringify({ data, pagination: paging });
      if (twist === 0) return text.replace('{"id":', '{"id":"zz","id":');
      if (twist === 1) return text.replace('{"data":', '{"data":[],"data":');
      return text;
    });
}

const query = (endpoint: Endpoint) =>
  fc.record(
    {
      // A limit page-size-within-limit reads as NaN or a fraction: nothing is folded in Go.
      limit: fc.constantFrom('2', '4', '4', '4', '2.5', 'many'),
      status: STATUS[endpoint],
      activeOnly: fc.constantFrom('true', 'false'),
      q: fc.constantFrom('burger', 'BURGER', 'sku', 'i̇', 'İ', 'é', 'x"'),
      locationId: fc.constantFrom('loc1'),
      categoryId: fc.constantFrom('cat1'),
    },
    { requiredKeys: ['limit'] },
  );

/** What a page of an otherwise clean walk may get wrong: the mistakes the page-level checks catch. */
const PAGE_MISTAKES = [
  'over-limit',
  'more-without-token',
  'token-without-more',
  'token-repeated',
  'page-repeated',
  'empty-with-more',
  'wrong-field',
] as const;
type PageMistake = (typeof PAGE_MISTAKES)[number] | 'none';

const CLEAN_RECORD: Record<Endpoint, (id: string) => Record<string, unknown>> = {
  orders: (id) => ({ id, number: `A-${id}`, status: 'OPEN', locationId: 'loc1', total: 2.5 }),
  menuItems: (id) => ({ id, name: 'Tea', sku: null, status: 'ACTIVE', categoryId: 'cat1' }),
};

/** A page of a walk with no filter: right unless `mistake` says otherwise. */
function cleanPage(
  endpoint: Endpoint,
  limit: number,
  at: number,
  last: boolean,
  spec: { count: number; mistake: PageMistake },
): Record<string, unknown> {
  const count = spec.mistake === 'over-limit' ? limit + 1 : Math.min(spec.count, limit);
  const pageAt = spec.mistake === 'page-repeated' && at > 0 ? at - 1 : at;
  const data = Array.from({ length: count }, (_, index) => CLEAN_RECORD[endpoint](`r${pageAt}-${index}`));
  if (spec.mistake === 'wrong-field' && data[0]) data[0].status = 7;
  const token = spec.mistake === 'token-repeated' ? 't0' : `t${at}`;
  const pagination = { nextPageToken: last ? null : token, hasMore: !last };
  if (spec.mistake === 'more-without-token') pagination.nextPageToken = null;
  if (spec.mistake === 'token-without-more') pagination.hasMore = false;
  if (spec.mistake === 'empty-with-more')
    return { data: [], pagination: { nextPageToken: 'tx', hasMore: true } };
  return { data, pagination };
}

/** Mostly clean walks with one page-level mistake now and then, so that many pages fold in Go. */
const cleanWalkCase = fc
  .record({
    endpoint: fc.constantFrom<Endpoint>('orders', 'menuItems'),
    limit: fc.constantFrom(2, 4),
    maxPages: fc.constantFrom(1, 2, 3, 100),
    pages: fc.array(
      fc.record({
        count: fc.nat(4),
        mistake: fc.oneof(
          { weight: 12, arbitrary: fc.constant<PageMistake>('none') },
          fc.constantFrom<PageMistake>(...PAGE_MISTAKES),
        ),
      }),
      { minLength: 1, maxLength: 5 },
    ),
  })
  .map(({ endpoint, limit, maxPages, pages }) => ({
    endpoint,
    query: { limit: String(limit) },
    foreignIds: [],
    maxPages,
    bodies: pages.map((page, at) =>
      JSON.stringify(cleanPage(endpoint, limit, at, at === pages.length - 1, page)),
    ),
  }));

const messyWalkCase = fc.constantFrom<Endpoint>('orders', 'menuItems').chain((endpoint) =>
  fc.record({
    endpoint: fc.constant(endpoint),
    query: query(endpoint),
    foreignIds: fc.subarray(['a', 'é', 'zz']),
    // Walks that reach their page bound, and walks that do not.
    maxPages: fc.constantFrom(1, 2, 3, 100),
    bodies: fc.array(body(endpoint), { minLength: 1, maxLength: 5 }),
  }),
);

const walkCase = fc.oneof(messyWalkCase, cleanWalkCase);

describe('the page screen against the JavaScript checks', () => {
  it(
    'should find the same failures on every page of 2,000 generated walks',
    { timeout: 120_000 },
    async () => {
      const cases = fc.sample(walkCase, { numRuns: 2000, seed: 7 });
      const casesFile = path.join(dir, 'cases.json');
      const resultFile = path.join(dir, 'outcome.json');
      writeFileSync(casesFile, JSON.stringify(cases));
      const script = await bundleK6Script(SCRIPT, dir);

      const run = await runK6({
        script,
        env: { CASES_FILE: casesFile, RESULT_FILE: resultFile },
        args: ['--iterations', '1', '--quiet'],
        timeoutMs: 90_000,
      });

      expect(run.exitCode, run.stderr).toBe(0);
      const outcome = JSON.parse(readFileSync(resultFile, 'utf8')) as Outcome;
      expect(outcome.disagreements).toEqual([]);
      // Every page check of the registry is one the Go fold vouches for, or no page is folded there.
      expect(outcome.foldCoversPageChecks).toBe(true);
      // The corpus exercises every way: pages the screen passes, pages folded wholly in Go, and
      // pages the checks fail.
      expect(outcome.screenedPages).toBeGreaterThan(outcome.pages / 10);
      expect(outcome.foldedPages).toBeGreaterThan(outcome.pages / 5);
      expect(outcome.failingPages).toBeGreaterThan(outcome.cases / 4);
    },
  );
});
