/**
 * The checks of every answer's framing, and of another method's answer, judge what RFC 9110 and
 * RFC 8259 §8.1 fix and let pass what they allow. (That each fires on its sandbox fault is the showcases' and the matrix's.)
 */
import { describe, expect, it } from 'vitest';
import { isImfFixdate } from '../../lib/checks/date-header-sent.ts';
import { otherMethodRefused } from '../../lib/checks/other-method-refused.ts';
import { otherRouteRefused } from '../../lib/checks/other-route-refused.ts';
import { UNKNOWN_METHOD, type ApiCall } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { everyAnswerFailures } from '../../lib/paging/answer-checks.ts';
import { walkList, type Sender } from '../../lib/paging/walk-list.ts';
import { fakeOrders } from './fake-list.ts';
import { spec } from './walk-helpers.ts';

const call: ApiCall = {
  endpoint: 'orders',
  query: { limit: '500' },
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
};
const DATE = 'Fri, 27 Nov 2026 12:00:00 GMT';
const ERROR = '{"statusCode":400,"error":"Bad Request","message":"limit"}';
const answer = (status: number, headers: Record<string, string>, body = ERROR) =>
  toApiResponse(status, { 'content-type': 'application/json', ...headers }, body, 1);
const checksOf = (status: number, headers: Record<string, string>, body?: string) =>
  everyAnswerFailures(call, answer(status, headers, body)).map((failure) => failure.code);

describe('isImfFixdate', () => {
  it('should accept an IMF-fixdate', () => {
    for (const date of [DATE, 'Sun, 06 Nov 1994 08:49:37 GMT', 'Wed, 31 Dec 2025 23:59:60 GMT'])
      expect(isImfFixdate(date), date).toBe(true);
  });

  it('should refuse the obsolete forms, which a recipient reads but no sender may send, and what no grammar reads', () => {
    for (const date of [
      'Sunday, 06-Nov-94 08:49:37 GMT',
      'Sun Nov  6 08:49:37 1994',
      'Sun Nov 16 08:49:37 1994',
      '',
      'now',
      '2026-11-27T12:00:00Z',
      'Fri, 27 Nov 2026 12:00:00 UTC',
      'fri, 27 nov 2026 12:00:00 GMT',
      'Fri, 27 Nov 2026 25:00:00 GMT',
      '1764244800',
    ])
      expect(isImfFixdate(date), date).toBe(false);
  });
});

describe('everyAnswerFailures', () => {
  it('should pass a Retry-After that is delay-seconds or an IMF-fixdate, on any answer, and none', () => {
    for (const value of ['0', '1', '60', '3600', ' 2 ', '86400000', DATE])
      for (const status of [429, 503, 301])
        expect(checksOf(status, { date: DATE, 'retry-after': value }), value).toEqual([]);
    expect(checksOf(429, { date: DATE })).toEqual([]);
  });

  it('should fail a Retry-After outside RFC 9110 §10.2.3: a fraction, a unit, a sign, an ISO time, an obsolete date, empty', () => {
    for (const value of [
      '1.5',
      '1.946',
      '2.000',
      '2s',
      '-1',
      '+5',
      '1e3',
      '',
      'soon',
      '2026-11-27T12:00:00Z',
      'Sun Nov  6 08:49:37 1994',
      'Fri, 27 Nov 2026 12:00:00 UTC',
    ])
      expect(checksOf(429, { date: DATE, 'retry-after': value }), value).toEqual(['RETRY_AFTER_INVALID']);
  });

  it('should pass a 429 no cache may store, and any Cache-Control on an answer that is not a 429', () => {
    const later = 'Fri, 27 Nov 2026 12:05:00 GMT';
    const earlier = 'Fri, 27 Nov 2026 11:00:00 GMT';
    for (const control of [
      undefined,
      'no-store',
      'no-cache',
      'private, max-age=0',
      'max-age=0',
      'max-age=0, must-revalidate',
      'public, max-age=60, no-store',
      'no-store, s-maxage=60',
    ])
      expect(checksOf(429, { date: DATE, ...(control && { 'cache-control': control }) }), control).toEqual(
        [],
      );
    expect(checksOf(429, { date: DATE, expires: earlier })).toEqual([]);
    // RFC 9111 §5.3: an Expires that is no HTTP-date is already expired.
    for (const expires of ['0', '-1', '9999', 'never'])
      expect(checksOf(429, { date: DATE, expires })).toEqual([]);
    expect(checksOf(429, { date: DATE, 'cache-control': 'max-age=0', expires: later })).toEqual([]);
    expect(checksOf(200, { date: DATE, 'cache-control': 'private, max-age=60' })).toEqual([]);
    expect(checksOf(503, { date: DATE, 'cache-control': 'max-age=5', 'retry-after': '5' })).toEqual([]);
  });

  it('should fail a 429 a cache may store or serve fresh (RFC 6585 §4): public, s-maxage, max-age above 0, a later Expires', () => {
    const later = 'Fri, 27 Nov 2026 12:05:00 GMT';
    for (const control of [
      'public, max-age=2',
      'public',
      'Public',
      's-maxage=0',
      'max-age=2',
      'private, max-age=60',
      'no-cache, max-age=5',
      'max-age="30"',
    ])
      expect(checksOf(429, { date: DATE, 'cache-control': control, 'retry-after': '2' }), control).toEqual([
        'THROTTLE_STORABLE',
      ]);
    expect(checksOf(429, { date: DATE, expires: later })).toEqual(['THROTTLE_STORABLE']);
    expect(checksOf(429, { date: DATE, 'cache-control': 'private', expires: later })).toEqual([
      'THROTTLE_STORABLE',
    ]);
  });

  it('should pass an answer with a Date and JSON first, and a 5xx or no answer without Date', () => {
    expect(checksOf(200, { date: DATE })).toEqual([]);
    expect(checksOf(500, {})).toEqual([]);
    expect(checksOf(0, {}, '')).toEqual([]);
  });

  it('should fail a 2xx, 3xx or 4xx without a Date, or with one that is no HTTP-date', () => {
    for (const status of [200, 304, 400, 401, 403, 404, 429])
      expect(checksOf(status, {})).toEqual(['DATE_MISSING']);
    expect(checksOf(400, { date: '2026-11-27' })).toEqual(['DATE_INVALID']);
  });

  it('should name an obsolete HTTP-date form as such: RFC 9110 §5.6.7 lets no sender generate it', () => {
    const [failure] = everyAnswerFailures(call, answer(200, { date: 'Sunday, 06-Nov-94 08:49:37 GMT' }));
    expect(failure?.code).toBe('DATE_INVALID');
    expect(failure?.message).toContain('an obsolete HTTP-date form');
    const [other] = everyAnswerFailures(call, answer(200, { date: '2026-11-27' }));
    expect(other?.message).toContain('no HTTP-date');
  });

  it("should not judge the answer to a method no server knows: the HTTP parser's, not the API's", () => {
    // Node's parser answers an unknown method 400 with no Date before any code of the server runs.
    const unknown: ApiCall = { ...call, method: UNKNOWN_METHOD };
    expect(everyAnswerFailures(unknown, answer(400, {}, ''))).toEqual([]);
    expect(
      everyAnswerFailures({ ...call, method: 'POST' as const }, answer(405, {})).map((f) => f.code),
    ).toEqual(['DATE_MISSING']);
  });

  it('should fail a body whose first bytes are a byte order mark, and parse it past the mark', () => {
    const response = answer(400, { date: DATE }, `\uFEFF${ERROR}`);
    expect(response.body).toMatchObject({ statusCode: 400 });
    expect(everyAnswerFailures(call, response).map((failure) => failure.check)).toEqual([
      'no-byte-order-mark',
    ]);
    expect(checksOf(200, { date: DATE }, `{"a":"\uFEFF"}`)).toEqual([]);
  });
});

describe('other-method-refused', () => {
  const code = (status: number, allow?: string, method = 'POST') =>
    otherMethodRefused.run({ request: method, method, status, allow })?.code ?? null;

  it('should pass a refusal, a 501, a served OPTIONS and a 405 whose Allow lists GET', () => {
    for (const status of [400, 401, 403, 404, 501]) expect(code(status), String(status)).toBeNull();
    for (const status of [200, 204])
      expect(code(status, 'GET, OPTIONS', 'OPTIONS'), String(status)).toBeNull();
    expect(code(405, 'GET, HEAD')).toBeNull();
    expect(code(405, 'HEAD,GET')).toBeNull();
  });

  it('should fail another 5xx, and a 405 without Allow or whose Allow does not list GET', () => {
    expect(code(500)).toBe('METHOD_SERVER_ERROR');
    expect(code(503, 'GET')).toBe('METHOD_SERVER_ERROR');
    expect(code(405)).toBe('METHOD_405_WITHOUT_ALLOW');
    expect(code(405, 'HEAD')).toBe('METHOD_405_WITHOUT_ALLOW');
    // Method names are case-sensitive (RFC 9110 §9.1).
    expect(code(405, 'get, head')).toBe('METHOD_405_WITHOUT_ALLOW');
  });

  it('should fail a write method answered 2xx or 3xx (spec §1: read-only)', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      for (const status of [200, 201, 202, 204, 303])
        expect(code(status, undefined, method), `${method} ${status}`).toBe('METHOD_WRITE_ACCEPTED');
  });
});

describe('other-route-refused', () => {
  const own = { id: 'ord_1', owner: 'tenant-a' };
  const theirs = { id: 'ord_2', owner: 'tenant-b' };
  const code = (
    status: number,
    carried: typeof own | null,
    foreign: typeof own | null,
    listWithSlash = false,
  ) =>
    otherRouteRefused.run({
      request: 'GET orders/x',
      status,
      tenant: 'tenant-a',
      carried,
      foreign,
      listWithSlash,
    })?.code ?? null;

  it('should pass a refusal, a 2xx with no record, and the list served at its path with a slash', () => {
    for (const status of [301, 308, 400, 401, 403, 404, 405])
      expect(code(status, own, null), String(status)).toBeNull();
    expect(code(200, null, null)).toBeNull();
    expect(code(200, own, null, true)).toBeNull();
  });

  it("should fail a 2xx carrying a record on a path the spec does not list, and another tenant's anywhere", () => {
    expect(code(200, own, null)).toBe('OTHER_ROUTE_SERVES_RECORD');
    expect(code(203, own, null)).toBe('OTHER_ROUTE_SERVES_RECORD');
    expect(code(200, theirs, theirs)).toBe('OTHER_ROUTE_CROSSES_TENANT');
    expect(code(200, theirs, theirs, true)).toBe('OTHER_ROUTE_CROSSES_TENANT');
  });
});

describe('a walk and its answers’ framing', () => {
  const undated: Sender = {
    send: (sent) => {
      const response = fakeOrders(sent);
      delete response.headers.date;
      return Promise.resolve(response);
    },
  };
  const walkOf = (framing?: boolean) =>
    walkList(undated, spec({ limit: '10' }), {
      deadlineMs: Date.now() + 10_000,
      ...(framing === undefined ? {} : { framing }),
    });

  it('should fail a walk on its first answer without a Date', async () => {
    const walk = await walkOf();
    expect(walk.end).toBe('failed');
    expect(walk.failures.map((failure) => failure.check)).toEqual(['date-header-sent']);
  });

  it('should read the whole list when the framing is not judged (the survey)', async () => {
    const walk = await walkOf(false);
    expect(walk.end).toBe('complete');
    expect(walk.failures).toEqual([]);
  });
});
