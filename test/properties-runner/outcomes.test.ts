/**
 * Outcome classes and aiming (lib/props/outcomes.ts, measure.ts, aim.ts, q-forms.ts), on lists
 * built so that every size is known: what each class means, which limits produce it, which
 * values the search finds for it, and the forms of q.
 */
import { describe, expect, it } from 'vitest';
import { aimCombination } from '../../lib/props/aim.ts';
import { measureList } from '../../lib/props/measure.ts';
import { classesAt, coverageLimit, limitsFor } from '../../lib/props/outcomes.ts';
import { NEAR_MISS_KINDS, nearMisses } from '../../lib/props/near-misses.ts';
import { qForms } from '../../lib/props/q-forms.ts';
import { filterOracle } from '../../lib/checks/filter-rules.ts';
import type { SurveyRecord, TenantSurvey } from '../../lib/props/survey.ts';
import { searchSubstrings } from '../../properties/arbitraries/search.ts';
import { measuredList, refusedOpen } from '../../properties/arbitraries/measured.ts';
import { startWalk } from '../../lib/paging/walk.ts';
import { valueCells, valueReached } from '../../properties/arbitraries/value-cells.ts';
import { cellKey } from '../../lib/props/coverage.ts';
import { bigPageCells, bigPageReached } from '../../properties/arbitraries/big-page-cells.ts';

const exact = (size: number) => ({ min: size, max: size });
const ANY = { min: 1, max: 100 };

/** 40 orders: 20 CLOSED, 10 PAID, 9 OPEN, 1 CANCELLED; L1 holds the 20 CLOSED, L2 the rest. */
function orders(): SurveyRecord[] {
  const statuses = [
    ...Array<string>(20).fill('CLOSED'),
    ...Array<string>(10).fill('PAID'),
    ...Array<string>(9).fill('OPEN'),
    'CANCELLED',
  ];
  return statuses.map((status, index) => ({
    id: `o${index}`,
    status,
    locationId: status === 'CLOSED' ? 'L1' : 'L2',
  }));
}

const tenant = (records: SurveyRecord[], items: SurveyRecord[] = []): TenantSurvey => ({
  name: 'a',
  quiescent: true,
  lists: {
    orders: { records, end: 'complete', pages: 1 },
    menuItems: { records: items, end: 'complete', pages: 1 },
  },
  locations: ['L1', 'L2'],
  categories: [],
  menuByLocation: {},
});

describe('outcome classes', () => {
  it('should place a result by its size, the list it filters and the limit it is read at', () => {
    expect(classesAt(exact(0), 40, 10)).toEqual(['empty']);
    expect(classesAt(exact(1), 40, 1)).toEqual(['one', 'exact-page']);
    expect(classesAt(exact(5), 40, 10)).toEqual(['under-page']);
    expect(classesAt(exact(10), 40, 10)).toEqual(['exact-page']);
    expect(classesAt(exact(30), 40, 10)).toEqual(['several-pages', 'most']);
    expect(classesAt(exact(40), 40, 50)).toEqual(['under-page', 'all']);
  });

  it('should claim only the classes every size of a range falls in', () => {
    expect(classesAt({ min: 4, max: 6 }, 40, 10)).toEqual(['under-page']);
    expect(classesAt({ min: 1, max: 2 }, 40, 10)).toEqual([]);
    expect(classesAt({ min: 9, max: 10 }, 40, 10)).toEqual([]);
  });

  it('should choose the limit with the class: a page the size of the result, or well under it', () => {
    expect(limitsFor('exact-page', exact(34), 300, ANY)).toEqual({ min: 34, max: 34 });
    expect(limitsFor('exact-page', exact(134), 300, ANY)).toBeNull();
    expect(limitsFor('under-page', exact(34), 300, ANY)).toEqual({ min: 35, max: 100 });
    expect(limitsFor('several-pages', exact(34), 300, ANY)).toEqual({ min: 1, max: 11 });
    expect(limitsFor('several-pages', exact(34), 300, { min: 12, max: 100 })).toBeNull();
    expect(limitsFor('most', exact(200), 300, ANY)).toEqual(ANY);
    expect(limitsFor('exact-page', { min: 33, max: 34 }, 300, ANY)).toBeNull();
  });

  it('should read the coverage phase at the edges: one over the result, about five pages', () => {
    expect(coverageLimit('under-page', exact(34), { min: 35, max: 100 })).toBe(35);
    expect(coverageLimit('several-pages', exact(50), { min: 1, max: 16 })).toBe(10);
    expect(coverageLimit('one', exact(1), ANY)).toBe(1);
  });
});

describe('aiming on a measured list', () => {
  it('should find the values that produce each class, and only those', () => {
    const list = measureList(tenant(orders()), 'orders', {
      status: ['OPEN', 'PAID', 'CLOSED', 'CANCELLED', 'SENT_TO_KITCHEN'],
      locationId: ['L1', 'L2'],
      activeOnly: ['true', 'false'],
    });
    const status = aimCombination(list, ['status'], () => ANY);
    expect(status.byClass.empty?.map((aim) => aim.query)).toEqual([{ status: 'SENT_TO_KITCHEN' }]);
    expect(status.byClass.one?.map((aim) => aim.query)).toEqual([{ status: 'CANCELLED' }]);
    expect(status.byClass.all).toBeUndefined();
    expect(status.byClass.most).toBeUndefined();
    const active = aimCombination(list, ['activeOnly'], () => ANY);
    expect(active.byClass.all?.map((aim) => aim.query)).toEqual([{ activeOnly: 'false' }]);
    const both = aimCombination(list, ['status', 'locationId'], () => ANY);
    expect(both.byClass.most?.map((aim) => aim.query)).toBeUndefined();
    expect(both.byClass['exact-page']?.map((aim) => aim.size.min).sort((a, b) => a - b)).toEqual([
      1, 9, 10, 20,
    ]);
    expect(both.tried).toBe(both.total);
  });

  it('should measure a location of the menu by what the survey read there (items carry none)', () => {
    const items = ['Margherita', 'Diavola', 'Calzone'].map((name, index) => ({ id: `i${index}`, name }));
    const list = measureList({ ...tenant([], items), menuByLocation: { L1: ['i0', 'i2'] } }, 'menuItems', {
      locationId: ['L1', 'L2'],
    });
    expect(list.sizeOf({ locationId: 'L1' })).toEqual(exact(2));
    expect(list.sizeOf({ locationId: 'L2' })).toEqual({ min: 0, max: 3 });
    expect(list.sizeOf({ locationId: 'L1', q: 'DIA' })).toEqual(exact(0));
  });
});

describe('q values', () => {
  const items: SurveyRecord[] = [
    { id: 'i1', name: 'Crème Brûlée', sku: 'CR-1001a' },
    { id: 'i2', name: 'Margherita', sku: 'MA-1002b' },
    { id: 'i3', name: 'Käsespätzle', sku: null },
  ];

  it('should take substrings of every length, non-ASCII ones, SKU text, other cases and absent text', () => {
    const values = searchSubstrings(items);
    expect(values.filter((q) => [...q].length === 1).length).toBeGreaterThan(10);
    expect(new Set(values.map((q) => [...q].length)).size).toBeGreaterThan(8);
    expect(values.some((q) => /[^\p{ASCII}]/u.test(q) && q.length > 1)).toBe(true);
    expect(values.some((q) => q !== q.toLowerCase() && q === q.toUpperCase() && q.length > 2)).toBe(true);
    expect(values.some((q) => q.includes('-'))).toBe(true);
    expect(values).toContain('ж');
  });

  it('should name the forms a q has against the items it must find', () => {
    const [creme, margherita] = items;
    expect(qForms('RÈME', [creme!])).toEqual([
      '4-7 characters',
      'non-ASCII',
      'non-ASCII in another case',
      'upper-cased',
    ]);
    // Only ASCII letters in another case: a search folding A-Z finds it.
    expect(qForms('CRè', [creme!])).toEqual(['2-3 characters', 'non-ASCII']);
    expect(qForms('marg', [margherita!])).toEqual(['4-7 characters', 'lower-cased']);
    expect(qForms('Marg', [margherita!])).toEqual(['4-7 characters']);
    expect(qForms('-100', [creme!, margherita!])).toEqual(['4-7 characters', 'only in a SKU']);
    expect(qForms('e', [creme!])).toEqual(['one character']);
    expect(qForms('a+b', [])).toEqual([
      '2-3 characters',
      'special character',
      'literal +',
      'query-string character +',
    ]);
    expect(qForms('%41', [])).toEqual(['2-3 characters', 'special character', 'literal %XX']);
    expect(qForms('%zz', [])).toEqual(['2-3 characters', 'special character']);
  });

  it('should make near misses no name or SKU holds under any reading of case-insensitive', () => {
    const menu = [
      ...items,
      { id: 'i4', name: 'Tiramisù', sku: 'TI-1004' },
      { id: 'i5', name: 'Veggie Burger' },
    ];
    const near = nearMisses(menu);
    expect(near.get('Creme Brulee')).toBe('accents stripped');
    // Its accent on the last letter: decomposed (NFD), "tiramisu" is in it, so it is no near miss.
    expect(near.has('Tiramisu')).toBe(false);
    expect(near.get('Brûlée Crème')).toBe('words reordered');
    expect(near.get('Crème-Brûlée')).toBe('separator changed');
    expect(near.get('CR1001a')).toBe('SKU separator changed');
    expect(near.get('Crème Brûlées')).toBe('plural');
    expect(new Set(near.values())).toEqual(new Set(NEAR_MISS_KINDS));
    for (const q of near.keys()) expect(filterOracle({ q }, menu as never).may, q).toEqual(new Set());
    expect(searchSubstrings(menu)).toEqual(expect.arrayContaining([...near.keys()]));
  });

  it('should take substrings with URL specials, a literal + and %XX', () => {
    const values = searchSubstrings([...items, { id: 'i4', name: 'Fish & Chips', sku: 'FI-1004' }]);
    expect(values.some((q) => q.includes('&') && q.length > 1)).toBe(true);
    expect(values).toEqual(expect.arrayContaining(['+', '%41', '%20', 'Crème+Brûlée']));
  });
});

describe('value cells', () => {
  const spec = { endpoints: ['orders'] as const, draws: () => true, exactOnly: true, bounds: () => ANY };

  it('should send every status and activeOnly value and each location alone, once each', () => {
    const list = measuredList(tenant(orders()), 'orders');
    const { cells, examples } = valueCells(spec, [list]);
    expect(cells.map((cell) => cell.where)).toEqual([
      ...['OPEN', 'SENT_TO_KITCHEN', 'PAID', 'CLOSED', 'CANCELLED'].map(
        (status) => `orders status=${status}`,
      ),
      'orders activeOnly=true',
      'orders activeOnly=false',
      'orders locationId=L1',
      'orders locationId=L2',
    ]);
    expect(examples.map((walk) => walk.query)).toContainEqual({ status: 'SENT_TO_KITCHEN' });
    // SENT_TO_KITCHEN selects nothing here, which no outcome class but `empty` would aim at.
    expect(examples.every((walk) => walk.limit === ANY.max)).toBe(true);
    expect(examples.map(valueReached)).toEqual(cells.map(cellKey));
  });

  it('should say why when the data has no value of a filter', () => {
    const bare = { ...tenant(orders()), locations: [] };
    const { cells } = valueCells(spec, [measuredList(bare, 'orders')]);
    expect(cells).toContainEqual({
      where: 'orders locationId',
      label: 'each value',
      why: 'the data has no locationId value',
    });
  });
});

describe('big-page cells', () => {
  const spec = { endpoints: ['orders'] as const, draws: () => true, exactOnly: true, bounds: () => ANY };
  /** 120 orders: 80 CLOSED at L1, 40 OPEN at L2. */
  const many = orders()
    .concat(orders(), orders())
    .map((order, index) => ({ ...order, id: `o${index}`, status: index % 3 === 2 ? 'OPEN' : 'CLOSED' }))
    .map((order) => ({ ...order, locationId: order.status === 'CLOSED' ? 'L1' : 'L2' }));

  it('should read each filter at the largest limit from 51 to 100 with more records than it', () => {
    const list = measuredList(tenant(many), 'orders');
    const { cells, examples } = bigPageCells(spec, [list], () => 'bearer');
    expect(cells.map((cell) => [cell.where, cell.why])).toEqual([
      ['orders status', undefined],
      ['orders activeOnly', undefined],
      ['orders locationId', undefined],
    ]);
    expect(examples.map((walk) => [walk.query, walk.limit])).toEqual([
      [{ status: 'CLOSED' }, 79],
      [{ activeOnly: 'false' }, 100],
      [{ locationId: 'L1' }, 79],
    ]);
    for (const walk of examples)
      expect(bigPageReached(list, walk.query, walk.limit)).toEqual([
        cellKey({ where: `orders ${Object.keys(walk.query)[0]}`, label: 'more than a page of 51 to 100' }),
      ]);
    expect(bigPageReached(list, { status: 'CLOSED' }, 50)).toEqual([]);
    expect(bigPageReached(list, { status: 'CLOSED' }, 80)).toEqual([]);
  });

  it('should say why when no value selects more than 51 records', () => {
    const { cells, examples } = bigPageCells(
      spec,
      [measuredList(tenant(orders()), 'orders')],
      () => 'bearer',
    );
    expect(examples).toEqual([]);
    expect(cells.every((cell) => cell.why?.startsWith('no value selects more than 51 records'))).toBe(true);
  });
});

describe('status with activeOnly refused', () => {
  const refusedWalk = (status: number, pages = 1) =>
    Object.assign(
      startWalk({
        endpoint: 'orders',
        query: {},
        credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
        maxPages: 1,
      }),
      {
        end: 'failed' as const,
        pageCount: pages,
        requests: Array.from({ length: pages }, () => ({
          endpoint: 'orders' as const,
          path: '/public/orders',
          tenant: 'a',
          role: 'full' as const,
          scheme: 'bearer' as const,
          status,
        })),
      },
    );

  it('should take a 4xx first page of status with activeOnly as an answer ("not shown", spec §4.2)', () => {
    const open = { query: { status: 'PAID', activeOnly: 'true', limit: '10' } };
    expect(refusedOpen(open, refusedWalk(400))).toBe(true);
    expect(refusedOpen(open, refusedWalk(422))).toBe(true);
  });

  it('should not take a 5xx, a 429, a later page or another combination', () => {
    const open = { query: { status: 'PAID', activeOnly: 'true' } };
    expect(refusedOpen(open, refusedWalk(500))).toBe(false);
    expect(refusedOpen(open, refusedWalk(429))).toBe(false);
    expect(refusedOpen(open, refusedWalk(400, 2))).toBe(false);
    expect(refusedOpen({ query: { status: 'PAID' } }, refusedWalk(400))).toBe(false);
  });
});
