/**
 * Single-valued fields come once and Content-Type is one media type (RFC 9110 §5.3, RFC 9110 §8.3.1): the
 * strict reading passes what the RFC allows (a parameter's value a token or a quoted string), and
 * the check fires on the catalogue faults through the harness's own client, on the answers they
 * spoil only: a 404's second line, a page's unquoted URL parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient, type NodeClient } from '../../lib/adapters/node-http.ts';
import { singleValuedFields } from '../../lib/checks/single-valued-fields.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { parseMediaType } from '../../lib/http/media-type.ts';
import { isJsonMediaType, toApiResponse } from '../../lib/http/response.ts';
import { everyAnswerFailures } from '../../lib/paging/answer-checks.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';

const DATE = 'Fri, 27 Nov 2026 12:00:00 GMT';
const CALL: ApiCall = {
  endpoint: 'orders',
  query: { locationId: 'loc_none' },
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
};

describe('parseMediaType and isJsonMediaType', () => {
  it('should read application/json in any case, with parameters in any case and order, quoted or not', () => {
    for (const value of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json ; charset="utf-8"',
      'application/json;\tCharset=utf-8; version=1',
      'application/json; q="a, b; c"',
      'application/json; x="a \\" b"',
      'application/json;',
    ])
      expect(isJsonMediaType(value), value).toBe(true);
    expect(parseMediaType('Text/HTML; charset=utf-8')).toEqual({ type: 'text', subtype: 'html' });
  });

  it('should refuse a list of types, another type, a bare word and a malformed parameter', () => {
    for (const value of [
      'application/json; charset=utf-8, text/html; charset=utf-8',
      'application/json, application/json',
      'application/json,text/html',
      'text/html, application/json',
      'application/problem+json',
      'text/plain',
      'application/json/x',
      'json',
      '',
      'application/json; charset',
      'application/json; charset=',
      'application/json; charset=utf 8',
      'application/json; x="open',
      'application /json',
    ])
      expect(isJsonMediaType(value), value).toBe(false);
  });
});

describe('parseMediaType on parameter values (RFC 9110 §5.6.6: a token or a quoted string)', () => {
  it('should accept any character in a quoted value, blanks around ";", and any case', () => {
    for (const value of [
      'application/json; profile="https://api.example.test/schemas/page"',
      'application/json; x="a/b"; y="a:b"; z="user@host"; w="a=b"; v="(a)"; u="a b"; t="é"',
      'APPLICATION/JSON ; CHARSET=UTF-8 ;Q=1',
      'application/json\t;\tcharset=utf-8 ;',
      "application/json; x=!#$%&'*+.^_`|~-09AZaz",
    ])
      expect(parseMediaType(value), value).toEqual({ type: 'application', subtype: 'json' });
  });

  it('should refuse a value holding a character no token holds unless it is quoted', () => {
    for (const value of [
      'application/json; profile=https://api.example.test/schemas/page',
      'application/json; x=a/b',
      'application/json; x=a:b',
      'application/json; x=user@host',
      'application/json; x=a=b',
      'application/json; x=(a)',
      'application/json; x=[a]',
      'application/json; x={a}',
      'application/json; x=a?b',
      'application/json; x=a\\b',
      'application/json; x=é',
      'application/json; x="a"b',
      'application/json; charset =utf-8',
      'application/json; charset= utf-8',
      'application/json; x/y=1',
    ])
      expect(parseMediaType(value), value).toBeUndefined();
  });
});

describe('single-valued-fields on one answer', () => {
  const answer = (headers: Record<string, string>, repeatedFields?: string[]) => {
    const response = toApiResponse(404, { date: DATE, ...headers }, '{}', 1);
    if (repeatedFields) response.repeatedFields = repeatedFields;
    return response;
  };
  const code = (headers: Record<string, string>, repeated?: string[]) =>
    singleValuedFields.run({ call: CALL, response: answer(headers, repeated), probe: 'GET /x' })?.code ??
    null;

  it('should pass one field line each, a list field repeated, no Content-Type and any one media type', () => {
    expect(code({ 'content-type': 'application/json; charset=utf-8' })).toBeNull();
    expect(
      code({ vary: 'Accept-Encoding, Authorization' }, ['vary', 'cache-control', 'set-cookie']),
    ).toBeNull();
    expect(code({})).toBeNull();
    // Whether a type other than application/json is allowed is the page's and the error's checks'.
    expect(code({ 'content-type': 'text/html' })).toBeNull();
  });

  it('should fail each single-valued field on two lines, and a Content-Type that is a list', () => {
    for (const name of ['content-type', 'content-length', 'date', 'retry-after', 'location', 'etag'])
      expect(code({ [name]: 'a, b' }, [name]), name).toBe('FIELD_REPEATED');
    // Two equal lines are two lines still.
    expect(code({ 'content-type': 'application/json, application/json' }, ['content-type'])).toBe(
      'FIELD_REPEATED',
    );
    // One line holding two types (a proxy that joined them): no field repeated, no media type.
    expect(code({ 'content-type': 'application/json, text/html' })).toBe('CONTENT_TYPE_NOT_ONE_MEDIA_TYPE');
  });

  it('should name the rule and what came in its finding', () => {
    const failure = singleValuedFields.run({
      call: CALL,
      response: answer({ 'content-type': 'application/json, text/html' }, ['content-type']),
      probe: 'GET /public/orders',
    });
    expect(failure?.message).toContain('RFC 9110 §5.3');
    expect(failure?.received).toBe('content-type: application/json, text/html');
  });
});

describe('single-valued-fields against error-two-content-types and content-type-unquoted-parameter', () => {
  const sandboxes: RunningSandbox[] = [];
  const clients: Record<string, { client: NodeClient; tenant: string }> = {};
  /** What the answer checks say of the orders with `query`, on the sandbox with `fault`. */
  const framing = async (fault: string, query: Record<string, string>) => {
    const { client, tenant } = clients[fault] as { client: NodeClient; tenant: string };
    const call: ApiCall = {
      endpoint: 'orders',
      query,
      credential: { tenant, role: 'full', scheme: 'bearer' },
    };
    const response = await client.send(call);
    const failures = everyAnswerFailures(call, response);
    return { status: response.status, checks: failures.map((f) => `${f.check} ${f.code}`) };
  };

  beforeAll(async () => {
    for (const fault of ['error-two-content-types', 'content-type-unquoted-parameter'] as const) {
      const sandbox = await startSandbox({
        port: 0,
        seed: 1,
        orders: 200,
        menuItemsPerTenant: 20,
        faults: [fault],
      });
      sandboxes.push(sandbox);
      const target = resolveInlineTarget(sandbox.target);
      clients[fault] = { client: createNodeClient(target), tenant: target.tenants[0]?.name ?? '' };
    }
  });

  afterAll(async () => {
    await Promise.all(Object.values(clients).map(({ client }) => client.close()));
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
  });

  it('should fail the 404 with two lines, and pass the 400 and the page the fault leaves alone', async () => {
    const fault = 'error-two-content-types';
    expect(await framing(fault, { locationId: 'loc_none' })).toEqual({
      status: 404,
      checks: ['single-valued-fields FIELD_REPEATED'],
    });
    expect(await framing(fault, { limit: '500' })).toEqual({ status: 400, checks: [] });
    expect(await framing(fault, { limit: '5' })).toEqual({ status: 200, checks: [] });
  });

  it('should fail the page whose profile URL is unquoted, and pass the 400 the fault leaves alone', async () => {
    const fault = 'content-type-unquoted-parameter';
    expect(await framing(fault, { limit: '5' })).toEqual({
      status: 200,
      checks: ['single-valued-fields CONTENT_TYPE_NOT_ONE_MEDIA_TYPE'],
    });
    expect(await framing(fault, { limit: '500' })).toEqual({ status: 400, checks: [] });
  });
});
