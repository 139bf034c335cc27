/**
 * The checks that hold a sentence at every site it governs, on hand-made inputs whose verdict is
 * known: a page reached by a cursor, a record reached on another page, an id in an extra field,
 * a spelling served as another value. (That each fires on its sandbox fault is the mutation
 * matrix's proof.)
 */
import { describe, expect, it } from 'vitest';
import { defaultLimitApplied } from '../../lib/checks/default-limit-applied.ts';
import { encodingMeansNothing } from '../../lib/checks/encoding-means-nothing.ts';
import { parameterOrderMeansNothing } from '../../lib/checks/parameter-order-means-nothing.ts';
import type { SameMeaning } from '../../lib/checks/same-page.ts';
import { undefinedParameterIgnored } from '../../lib/checks/undefined-parameter-ignored.ts';
import { limitInvariance } from '../../lib/checks/limit-invariance.ts';
import { canonicalSpelling } from '../../lib/checks/parameter-domain.ts';
import { spellingMeansValue, type Spelling } from '../../lib/checks/spelling-means-value.ts';
import { tenantIsolation } from '../../lib/checks/tenant-isolation.ts';
import type { PageBody, PageContext } from '../../lib/checks/types.ts';
import { KEY_CASES, keyInCase } from '../../lib/http/key-case.ts';

const full = { size: 50, hasMore: true };

describe('default-limit-applied', () => {
  const pages = (sizes: number[]) =>
    sizes.map((size, index) => ({ size, hasMore: index < sizes.length - 1 }));

  it('should fail a page reached by a cursor without limit that holds another count than limit=50', () => {
    const failure = defaultLimitApplied.run({
      walk: 'pages after a first at limit=10 without limit',
      withoutLimit: [{ size: 10, hasMore: true }, { size: 20, hasMore: true }, ...pages([30])],
      withDefault: [{ size: 10, hasMore: true }, full, ...pages([0])],
      omitted: new Set([1, 2]),
    });
    expect(failure?.message).toMatch(
      /page 2 \(reached by a cursor\) without limit held 20 records, with limit=50 50/,
    );
  });

  it('should pass walks whose every page matches, the last one short', () => {
    const walk = pages([50, 50, 7]);
    const omitted = new Set([0, 1, 2]);
    expect(
      defaultLimitApplied.run({ walk: 'every page', withoutLimit: walk, withDefault: walk, omitted }),
    ).toBeNull();
  });
});

describe('limit-invariance', () => {
  const walk = (limit: number, price: number) => ({
    limit,
    ids: new Set(['a', 'b']),
    records: new Map([
      ['a', '{"id":"a"}'],
      ['b', `{"id":"b","price":${price}}`],
    ]),
  });

  it('should fail a record whose fields differ between two limits, though the ids agree', () => {
    const failure = limitInvariance.run([walk(1, 300), walk(100, 310)]);
    expect(failure?.code).toBe('LIMIT_CHANGES_RECORD');
    expect(failure?.message).toMatch(/record b's price differs between the walk at limit 1 and at limit 100/);
  });

  it('should pass walks with the same records', () => {
    expect(limitInvariance.run([walk(1, 300), walk(100, 300)])).toBeNull();
  });

  it('should not compare a field one appearance of the record leaves out (spec §2: further fields)', () => {
    const shown = walk(1, 300);
    const other = { ...walk(100, 300), records: new Map([...shown.records, ['a', '{"extra":1,"id":"a"}']]) };
    expect(limitInvariance.run([shown, other])).toBeNull();
  });
});

describe('tenant-isolation', () => {
  const owners: Record<string, string> = { 'itm-b1': 'tenant-b', 'loc-b1': 'tenant-b' };
  const context = (page: PageBody): PageContext =>
    ({
      walk: { spec: { credential: { tenant: 'tenant-a' }, foreignOwner: (id: string) => owners[id] } },
      page,
      ids: page.data.map((record) => String(record.id)),
    }) as unknown as PageContext;
  const pagination = { nextPageToken: null, hasMore: false };

  it("should fail another tenant's id in a record's extra field, nested", () => {
    const page = { data: [{ id: 'itm-a1', similar: [{ ref: 'itm-b1' }] }], pagination };
    expect(tenantIsolation.run(context(page))?.message).toMatch(
      /id itm-b1 of tenant tenant-b in data\[0\]\.similar\[0\]\.ref/,
    );
  });

  it("should fail another tenant's id beside data, at the page's top level", () => {
    const page = { data: [], pagination, nearby: 'loc-b1' } as PageBody;
    expect(tenantIsolation.run(context(page))?.message).toMatch(/in nearby/);
  });

  it("should not read the spec's own-text fields (name, sku, number), nor own ids", () => {
    const page = { data: [{ id: 'itm-a1', name: 'itm-b1', sku: 'loc-b1', number: 'itm-b1' }], pagination };
    expect(tenantIsolation.run(context(page))).toBeNull();
  });
});

describe('spelling-means-value', () => {
  const answer = (statuses: string[], hasMore = false) => ({
    status: 200,
    records: statuses.map((status, index) => ({ id: `o${index}`, status })),
    hasMore,
  });
  const spelling = (
    served: Spelling['served'],
    reference: Spelling['reference'],
    quiescent = true,
  ): Spelling => ({
    request: 'orders',
    name: 'activeOnly',
    sent: 'TRUE',
    canonical: 'true',
    canonicalQuery: { activeOnly: 'true' },
    limit: 50,
    served,
    reference,
    quiescent,
  });

  it('should fail a spelling served as another value (activeOnly=TRUE as no filter)', () => {
    const failure = spellingMeansValue.run(spelling(answer(['OPEN', 'PAID']), answer(['OPEN'])));
    expect(failure?.message).toMatch(/activeOnly=TRUE was served, not as activeOnly=true: record o1/);
  });

  it('should fail, on quiescent data only, other records than the canonical value gives', () => {
    const served = answer(['OPEN']);
    const reference = answer(['OPEN', 'SENT_TO_KITCHEN']);
    expect(spellingMeansValue.run(spelling(served, reference))?.code).toBe('SPELLING_MISREAD');
    expect(spellingMeansValue.run(spelling(served, reference, false))).toBeNull();
  });

  it('should fail a padded limit served as another number (010 as octal 8), on changing data too', () => {
    const served = answer(
      Array.from({ length: 8 }, () => 'OPEN'),
      true,
    );
    const padded = { ...spelling(served, served, false), name: 'limit', sent: '010', canonical: '10' };
    const failure = spellingMeansValue.run({ ...padded, canonicalQuery: { limit: '10' }, limit: 10 });
    expect(failure?.message).toMatch(/limit=010 was served, not as limit=10: 8 records with hasMore: true/);
    const full = answer(
      Array.from({ length: 10 }, () => 'OPEN'),
      true,
    );
    expect(spellingMeansValue.run({ ...padded, served: full, limit: 10 })).toBeNull();
  });

  it('should pass a spelling refused or served as its value', () => {
    const refused = { status: 400, records: [], hasMore: undefined };
    expect(spellingMeansValue.run(spelling(refused, answer(['OPEN'])))).toBeNull();
    expect(spellingMeansValue.run(spelling(answer(['OPEN']), answer(['OPEN'])))).toBeNull();
  });

  it.each([
    ['orders', 'activeOnly', 'TRUE', 'true'],
    ['orders', 'activeOnly', 'yes', 'true'],
    ['orders', 'activeOnly', 'Off', 'false'],
    ['orders', 'activeOnly', 'true', null],
    ['orders', 'activeOnly', 'maybe', null],
    ['orders', 'status', 'open', 'OPEN'],
    ['menuItems', 'status', 'Stop_List', 'STOP_LIST'],
    ['orders', 'status', 'OPEN', null],
    ['orders', 'limit', '050', '50'],
    ['orders', 'limit', '010', '10'],
    ['orders', 'limit', '+5', '5'],
    ['orders', 'limit', '1e1', null],
    ['orders', 'limit', '0x10', null],
    ['orders', 'limit', '', null],
    ['orders', 'limit', '5', null],
  ] as const)('should read %s %s=%s as the value %s', (endpoint, name, value, canonical) => {
    expect(canonicalSpelling(endpoint, name, value)).toBe(canonical);
  });
});

describe('a key in another case', () => {
  it('should change the key in each case, and leave a key without letters alone', () => {
    const key = 'sbx_Ab3xY';
    expect(KEY_CASES.map((keyCase) => keyInCase(key, keyCase))).toEqual([
      'SBX_AB3XY',
      'sbx_ab3xy',
      'Sbx_Ab3xY',
      'sbx_Ab3xy',
      'sbx_Ab3xZ',
      'sbx_Bb3xY',
      'sbx_Ab3x',
      'sbx_Ab3xYZ',
      'tsbx_Ab3xY',
      'Bearer sbx_Ab3xY',
      'bearer sbx_Ab3xY',
      '"sbx_Ab3xY"',
      'sbx_Ab3xY,sbx_Ab3xY',
      'sbx_Ab3xY sbx_Ab3xY',
      'sbx_Ab3xY, sbx_Ab3xY',
      'sbx_Ab3xY,x',
      'sbx_Ab3xY,',
      'sbx_Ab3xY, Bearer sbx_Ab3xY',
      // The key header's two lines, as a server joins them.
      'sbx_Ab3xY, sbx_Ab3xY',
    ]);
    // Too short to alter, and no letter to change the case of: every change but a wrapping leaves it alone.
    const short = KEY_CASES.map((keyCase) => keyInCase('1234-567', keyCase));
    expect(short.slice(0, 9)).toEqual(Array.from({ length: 9 }, () => '1234-567'));
    expect(short.slice(9).every((wrapped) => wrapped.includes('1234-567') && wrapped !== '1234-567')).toBe(
      true,
    );
  });

  it('should replace a character by another of its class: a digit, a letter in the same case, - and _', () => {
    expect(
      ['sbx_Ab3x9', 'sbx_Ab3xz', 'sbx_Ab3x-', 'sbx_Ab3x_', 'sbx_Ab3x='].map((key) =>
        keyInCase(key, 'last-replaced'),
      ),
    ).toEqual(['sbx_Ab3x0', 'sbx_Ab3xa', 'sbx_Ab3x_', 'sbx_Ab3x-', 'sbx_Ab3x0']);
    expect(keyInCase('sbx_Ab3x9', 'appended')).toBe('sbx_Ab3x90');
  });
});

describe('encoding-means-nothing, parameter-order-means-nothing and undefined-parameter-ignored', () => {
  const page = (ids: string[], status = 200) => ({
    status,
    records: ids.map((id) => ({ id })),
    hasMore: status === 200 ? false : undefined,
  });
  const same = (served: SameMeaning['served'], plain: SameMeaning['plain'], quiescent = true) => ({
    request: 'menuItems?limit=2',
    variant: 'a variant',
    served,
    plain,
    quiescent,
  });

  it('should fail an encoded request answered otherwise than the plain one (status or page)', () => {
    expect(encodingMeansNothing.run(same(page(['a']), page([], 400)))?.message).toMatch(
      /answered 200 where the plain request answers 400/,
    );
    expect(encodingMeansNothing.run(same(page(['a']), page(['a', 'b'])))?.code).toBe(
      'ENCODING_CHANGED_ANSWER',
    );
    expect(encodingMeansNothing.run(same(page(['a']), page(['a', 'b']), false))).toBeNull();
    expect(encodingMeansNothing.run(same(page([], 400), page([], 400)))).toBeNull();
    expect(encodingMeansNothing.run(same(page(['b', 'a']), page(['a', 'b'])))).toBeNull();
  });

  it('should fail a reordered request answered otherwise than the plain one, citing the spec by parameter', () => {
    const refused = parameterOrderMeansNothing.run(same(page([], 400), page(['a'])));
    expect(refused?.code).toBe('PARAMETER_ORDER_CHANGED_ANSWER');
    expect(refused?.message).toMatch(
      /answered 400 where the plain request answers 200 \(spec §4\.1, §4\.2 .*§4\.3 rule 2/,
    );
    expect(parameterOrderMeansNothing.run(same(page(['b']), page(['a'])))?.received).toMatch(/other ones/);
    expect(parameterOrderMeansNothing.run(same(page(['a'], 400), page(['a'], 400)))).toBeNull();
    expect(parameterOrderMeansNothing.run(same(page(['b', 'a']), page(['a', 'b'])))).toBeNull();
    // Changing data: only the status is judged; a 429 on either side says nothing of the order.
    expect(parameterOrderMeansNothing.run(same(page(['b']), page(['a']), false))).toBeNull();
    expect(parameterOrderMeansNothing.run(same(page([], 429), page(['a'])))).toBeNull();
    expect(parameterOrderMeansNothing.run(same(page(['a']), page([], 429)))).toBeNull();
  });

  it('should pass an undefined parameter refused or ignored, and fail one that moved the page', () => {
    expect(undefinedParameterIgnored.run(same(page([], 400), page(['a'])))).toBeNull();
    expect(undefinedParameterIgnored.run(same(page(['a']), page(['a'])))).toBeNull();
    expect(undefinedParameterIgnored.run(same(page(['b']), page(['a'])))?.code).toBe(
      'UNDEFINED_PARAMETER_HONOURED',
    );
    expect(undefinedParameterIgnored.run(same(page([], 404), page(['a'])))?.message).toMatch(/answered 404/);
  });
});
