/** error-body-shape (spec §7) judges the content of every error answer, and a HEAD answer has none. */
import { describe, expect, it } from 'vitest';
import { errorBodyShape } from '../../lib/checks/error-body-shape.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { toApiResponse, type ApiResponse } from '../../lib/http/response.ts';
import { gzipSync } from 'node:zlib';

const call: ApiCall = {
  endpoint: 'orders',
  query: { limit: '0' },
  credential: { tenant: 'tenant-a', role: 'full', scheme: 'bearer' },
};
const probe = 'limit=0';
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('error-body-shape', () => {
  it('should fail an error answer to GET without the Error shape, and pass one with it', () => {
    const empty = toApiResponse(429, json, '', 1);
    expect(errorBodyShape.run({ call, response: empty, probe })?.code).toBe('ERROR_SHAPE');
    const error = JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' });
    expect(errorBodyShape.run({ call, response: toApiResponse(429, json, error, 1), probe })).toBeNull();
  });

  it('should judge a coded error by its decoded content, and leave an undecodable one to content-coding-decoded', () => {
    const coded = (content: string, bytes = gzipSync(content)): ApiResponse => ({
      ...toApiResponse(429, { ...json, 'content-encoding': 'gzip' }, bytes.toString('utf8'), 1),
      bodyBytes: bytes,
    });
    const error = JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' });
    expect(errorBodyShape.run({ call, response: coded(error), probe })).toBeNull();
    expect(errorBodyShape.run({ call, response: coded('"slow down"'), probe })?.code).toBe('ERROR_SHAPE');
    const notGzip = coded(error, Buffer.from(error));
    expect(errorBodyShape.run({ call, response: notGzip, probe })).toBeNull();
  });

  it('should not judge the content of an answer to HEAD, which has none (RFC 9110 §9.3.2)', () => {
    const head: ApiCall = { ...call, method: 'HEAD' };
    expect(errorBodyShape.run({ call: head, response: toApiResponse(429, json, '', 1), probe })).toBeNull();
    expect(errorBodyShape.run({ call: head, response: toApiResponse(401, json, '', 1), probe })).toBeNull();
  });

  it.each([
    ['application/json', null],
    ['Application/JSON; Charset=UTF-8', null],
    ['application/json;charset=utf-8', null],
    ['application/problem+json; charset=utf-8', 'ERROR_NOT_JSON'],
    ['application/vnd.api+json', 'ERROR_NOT_JSON'],
    ['application/jsonp', 'ERROR_NOT_JSON'],
    ['text/json', 'ERROR_NOT_JSON'],
  ])('should judge the media type %s as %s (spec §4: application/json)', (type, code) => {
    const error = JSON.stringify({ statusCode: 403, error: 'Forbidden', message: 'missing scope' });
    const response = toApiResponse(403, { 'content-type': type }, error, 1);
    expect(errorBodyShape.run({ call, response, probe })?.code ?? null).toBe(code);
  });
});
