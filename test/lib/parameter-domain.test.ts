import { describe, expect, it } from 'vitest';
import { invalidParameterRejected } from '../../lib/checks/invalid-parameter-rejected.ts';
import { readParameters, type Reading } from '../../lib/checks/parameter-domain.ts';
import type { Endpoint } from '../../lib/contract/endpoints.ts';
import { callPath, type ApiCall } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';

const credential = { tenant: 't', role: 'full', scheme: 'bearer' } as const;

/** A call sending `name` with the already-encoded values, as the outside probes do. */
const rawCall = (endpoint: Endpoint, name: string, ...encoded: string[]): ApiCall => ({
  endpoint,
  query: {},
  credential,
  raw: encoded.map((value) => ({ name, encoded: value })),
});

const readingOf = (endpoint: Endpoint, name: string, ...encoded: string[]): Reading | undefined =>
  readParameters(rawCall(endpoint, name, ...encoded))[0]?.reading;

describe('readParameters', () => {
  it.each([
    ['orders', 'status', 'OPEN', 'valid'],
    ['orders', 'status', 'open', 'invalid'],
    ['orders', 'status', 'Open', 'invalid'],
    ['orders', 'status', 'ACTIVE', 'invalid'],
    ['menuItems', 'status', 'ACTIVE', 'valid'],
    ['orders', 'status', '%20OPEN', 'invalid'],
    ['orders', 'status', 'OPEN%2CPAID', 'invalid'],
    ['orders', 'status', '%FF', 'invalid'],
    ['orders', 'status', '', 'invalid'],
    ['menuItems', 'status', '', 'invalid'],
    ['orders', 'status', '%20%20', 'invalid'],
    ['orders', 'activeOnly', 'true', 'valid'],
    ['orders', 'activeOnly', 'false', 'valid'],
    ['orders', 'activeOnly', 'TRUE', 'open'],
    ['orders', 'activeOnly', 'yes', 'open'],
    ['orders', 'activeOnly', '1', 'open'],
    ['orders', 'activeOnly', 'maybe', 'invalid'],
    ['orders', 'activeOnly', 'true%00', 'invalid'],
    ['orders', 'activeOnly', '', 'invalid'],
    ['orders', 'activeOnly', '%20', 'invalid'],
    ['menuItems', 'activeOnly', 'maybe', 'refusable'],
    ['orders', 'limit', '1', 'valid'],
    ['orders', 'limit', '100', 'valid'],
    ['orders', 'limit', '0', 'invalid'],
    ['orders', 'limit', '101', 'invalid'],
    ['orders', 'limit', '-1', 'invalid'],
    ['orders', 'limit', '2.5', 'invalid'],
    ['orders', 'limit', 'ten', 'invalid'],
    ['orders', 'limit', '123456789012345678901234', 'invalid'],
    ['orders', 'limit', '1e3', 'invalid'],
    ['orders', 'limit', '%FF', 'invalid'],
    ['orders', 'limit', '050', 'open'],
    ['orders', 'limit', '010', 'open'],
    ['menuItems', 'limit', '0100', 'open'],
    ['orders', 'limit', '%2B5', 'open'],
    ['orders', 'limit', '0x10', 'invalid'],
    ['orders', 'limit', '0o10', 'invalid'],
    ['orders', 'limit', '0b101', 'invalid'],
    ['orders', 'limit', '1e1', 'invalid'],
    ['orders', 'limit', '10.0', 'invalid'],
    ['orders', 'limit', '5.', 'invalid'],
    ['orders', 'limit', '%207', 'invalid'],
    ['orders', 'limit', '1_0', 'invalid'],
    ['orders', 'limit', '%D9%A3', 'invalid'],
    ['orders', 'limit', '%EF%BC%95', 'invalid'],
    ['orders', 'limit', '00000', 'invalid'],
    ['orders', 'limit', '', 'invalid'],
    ['menuItems', 'limit', '%20', 'invalid'],
    ['menuItems', 'q', '%FF', 'refusable'],
    ['menuItems', 'q', '', 'refusable'],
    ['menuItems', 'locationId', 'zz-no-such', 'refusable'],
    ['menuItems', 'locationId', '%C3%28', 'refusable'],
    ['menuItems', 'categoryId', '', 'no-place'],
    ['orders', 'locationId', '', 'no-place'],
    ['orders', 'locationId', '%20%20', 'no-place'],
    ['menuItems', 'salesChannel', '', 'open'],
    ['orders', 'cursor', '%', 'refusable'],
    ['orders', 'cursor', '', 'open'],
  ] as const)('should read %s %s=%s as %s', (endpoint, name, encoded, reading) => {
    expect(readingOf(endpoint, name, encoded)).toBe(reading);
  });

  it('should read a parameter given twice as refusable with one value and open with two', () => {
    expect(readingOf('orders', 'status', 'OPEN', 'OPEN')).toBe('refusable');
    expect(readingOf('orders', 'status', 'OPEN', 'PAID')).toBe('open');
  });

  it('should read a typed parameter given twice as invalid when one value is invalid on its own', () => {
    expect(readingOf('orders', 'limit', '5', '500')).toBe('invalid');
    expect(readingOf('menuItems', 'limit', 'abc', '5')).toBe('invalid');
    expect(readingOf('orders', 'status', 'OPEN', 'BOGUS')).toBe('invalid');
    expect(readingOf('orders', 'activeOnly', 'maybe', 'true')).toBe('invalid');
    expect(readingOf('orders', 'status', 'OPEN', '')).toBe('invalid');
    expect(readingOf('menuItems', 'limit', '', '5')).toBe('invalid');
    // Strings the spec does not type stay open with two values, whatever they hold.
    expect(readingOf('menuItems', 'q', 'a', 'b')).toBe('open');
    expect(readingOf('menuItems', 'activeOnly', 'maybe', 'true')).toBe('open');
  });

  it('should read a place id given twice, one empty, as no place', () => {
    expect(readingOf('orders', 'locationId', 'loc_1', '')).toBe('no-place');
    expect(readingOf('menuItems', 'categoryId', '%20', 'cat_1')).toBe('no-place');
  });

  it('should count a query value and a raw value of one name as the parameter given twice', () => {
    const call = { ...rawCall('orders', 'limit', '7'), query: { limit: '5' } };
    expect(readParameters(call)).toEqual([expect.objectContaining({ name: 'limit', reading: 'open' })]);
  });
});

describe('callPath with raw parameters', () => {
  it('should append them as written, after the encoded query', () => {
    const call = { ...rawCall('orders', 'status', '%FF', 'PAID'), query: { limit: '5' } };
    expect(callPath(call)).toBe('/public/orders?limit=5&status=%FF&status=PAID');
    expect(callPath(rawCall('orders', 'q', '%C3%28'))).toBe('/public/orders?q=%C3%28');
  });
});

describe('invalid-parameter-rejected', () => {
  const judge = (call: ApiCall, status: number) =>
    invalidParameterRejected.run({
      call,
      response: toApiResponse(status, {}, '{}', 1),
      probe: callPath(call),
    });

  it('should want a 400 for a value the spec rules out, and fail a page or a 5xx', () => {
    const call = rawCall('orders', 'status', 'open');
    expect(judge(call, 400)).toBeNull();
    expect(judge(call, 200)).toMatchObject({ code: 'ACCEPTED' });
    expect(judge(call, 404)).toMatchObject({ code: 'WRONG_STATUS' });
    expect(judge(call, 500)).toMatchObject({ code: 'SERVER_ERROR' });
  });

  it('should take a refusal or a page for an open value, a page only as an advisory', () => {
    const call = rawCall('orders', 'activeOnly', 'yes');
    expect(judge(call, 400)).toBeNull();
    expect(judge(call, 200)).toMatchObject({ code: 'OPEN_VALUE_SERVED', severity: 'advisory' });
    expect(judge(call, 503)).toMatchObject({ code: 'SERVER_ERROR' });
    expect(judge(call, 503)?.severity).toBeUndefined();
  });

  it('should want a 404 or a 400 for a place no place can have, never a page', () => {
    const call = rawCall('orders', 'locationId', '');
    expect(judge(call, 404)).toBeNull();
    expect(judge(call, 400)).toBeNull();
    expect(judge(call, 200)).toMatchObject({ code: 'ACCEPTED' });
    expect(judge(call, 500)).toMatchObject({ code: 'SERVER_ERROR' });
  });

  it('should take any answer but a 5xx for a value a server may refuse', () => {
    const call = rawCall('menuItems', 'q', '%FF');
    expect(judge(call, 200)).toBeNull();
    expect(judge(call, 414)).toBeNull();
    expect(judge(call, 500)).toMatchObject({ code: 'SERVER_ERROR' });
  });
});
