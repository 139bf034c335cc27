/**
 * The checks of HTTP semantics judge what RFC 9110 fixes and let pass what it allows: a 304
 * to a key's own current validator, a server that ignores conditions, a 406 or JSON to an Accept
 * that excludes JSON, no content coding. (That each fires on its sandbox fault is the mutation matrix's proof.)
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptJsonServed, type Negotiated } from '../../lib/checks/accept-json-served.ts';
import { contentCodingDecoded } from '../../lib/checks/content-coding-decoded.ts';
import { headFieldsLikeGet } from '../../lib/checks/head-fields-like-get.ts';
import { headLikeGet } from '../../lib/checks/head-like-get.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { notModifiedJustified } from '../../lib/checks/not-modified-justified.ts';
import { pageAnswerOf } from '../../lib/checks/repeat-gives-same-page.ts';

const own = { header: 'if-none-match' as const, value: '"abc"', from: 'its own page' };

describe('not-modified-justified', () => {
  it('should allow a 304 to a key’s own validator on unchanged data, and any 200', () => {
    expect(notModifiedJustified.run({ request: 'r', status: 304, condition: own, stale: null })).toBeNull();
    expect(
      notModifiedJustified.run({ request: 'r', status: 200, condition: own, stale: 'changed' }),
    ).toBeNull();
    expect(notModifiedJustified.run({ request: 'r', status: 200, condition: null, stale: null })).toBeNull();
  });

  it('should fail a 304 to an unconditional request or to a stale or foreign validator', () => {
    expect(notModifiedJustified.run({ request: 'r', status: 304, condition: null, stale: null })?.code).toBe(
      'NOT_MODIFIED_UNASKED',
    );
    expect(
      notModifiedJustified.run({ request: 'r', status: 304, condition: own, stale: 'changed' })?.code,
    ).toBe('NOT_MODIFIED_STALE');
  });
});

const page = (status: number, contentType: string, ids: string[] = ['1', '2']): Negotiated => ({
  status,
  contentType,
  ids: new Set(ids),
  records: new Map(ids.map((id) => [id, `{"id":"${id}"}`])),
  hasMore: status === 200 ? false : undefined,
});
const JSON_TYPE = 'application/json; charset=utf-8';
const plain = page(200, JSON_TYPE);
const accept = (text: string, acceptsJson: boolean, answer: Negotiated) =>
  acceptJsonServed.run({ request: 'r', accept: text, acceptsJson, plain, answer, quiescent: true });

describe('accept-json-served', () => {
  it('should require the page sent without Accept for an Accept that accepts JSON', () => {
    expect(accept('application/json;q=0.9', true, page(200, JSON_TYPE))).toBeNull();
    expect(accept('application/json;q=0.9', true, page(406, JSON_TYPE))?.code).toBe('ACCEPT_REFUSED');
    expect(accept('*/*', true, page(200, 'text/html'))?.code).toBe('ACCEPT_NOT_JSON');
    expect(accept('*/*', true, page(200, JSON_TYPE, ['1']))?.code).toBe('ACCEPT_OTHER_PAGE');
  });

  it('should leave an Accept that excludes JSON open: 406 or JSON, an advisory otherwise, never a 5xx', () => {
    expect(accept('text/html', false, page(406, JSON_TYPE))).toBeNull();
    expect(accept('text/html', false, page(200, JSON_TYPE))).toBeNull();
    expect(accept('text/html', false, page(200, 'text/html'))?.severity).toBe('advisory');
    expect(accept('text/html', false, page(500, JSON_TYPE))?.code).toBe('SERVER_ERROR');
  });
});

describe('head-like-get', () => {
  const head = (status: number, get: number, spec: number[], bodyText = '') =>
    headLikeGet.run({ request: 'r', get, head: { status, bodyText }, spec });

  it("should pass a HEAD with GET's status, the spec's, and no content", () => {
    expect(head(401, 401, [401])).toBeNull();
    expect(head(200, 200, [200])).toBeNull();
  });

  it('should fail a HEAD served where GET is refused, a status the spec does not give, and content', () => {
    expect(head(200, 401, [401])?.code).toBe('HEAD_DIFFERS');
    expect(head(200, 200, [401])?.code).toBe('HEAD_WRONG_STATUS');
    expect(head(200, 200, [200], '{}')?.code).toBe('HEAD_HAS_CONTENT');
  });
});

describe('head-fields-like-get', () => {
  const TEXT = '{"data":[{"id":"é1"}],"pagination":{"nextPageToken":null,"hasMore":false}}';
  const OCTETS = Buffer.byteLength(TEXT);
  const answer = (status: number, headers: Record<string, string>, text = '') =>
    toApiResponse(status, headers, text, 1);
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const get = answer(200, { ...json, 'content-length': String(OCTETS) }, TEXT);
  const chunked = answer(200, { ...json, 'transfer-encoding': 'chunked' }, TEXT);
  const judge = (head: Record<string, string>, gets = [get, get] as const, status = 200) =>
    headFieldsLikeGet.run({ request: 'r', gets, head: answer(status, head) });

  it("should pass a HEAD whose fields say GET's octets and media type, or that leaves them out", () => {
    expect(judge({ ...json, 'content-length': String(OCTETS) })).toBeNull();
    expect(
      judge({ 'content-type': 'Application/JSON', 'content-length': `${OCTETS}, ${OCTETS}` }),
    ).toBeNull();
    // Left out: Content-Length may be, a Content-Type left out is advisory (RFC 9110 §9.3.2: SHOULD).
    expect(judge({ ...json })).toBeNull();
    expect(judge({})?.severity).toBe('advisory');
    // GET chunked: its octets received count, the framing does not.
    expect(judge({ ...json, 'content-length': String(OCTETS) }, [chunked, chunked])).toBeNull();
    // A coded GET: its coded octets, not the decoded text's.
    const bytes = gzipSync(TEXT);
    const coded = {
      ...answer(200, { ...json, 'content-encoding': 'gzip' }, bytes.toString()),
      bodyBytes: bytes,
    };
    const codedHead = { ...json, 'content-encoding': 'gzip', 'content-length': String(bytes.length) };
    expect(judge(codedHead, [coded, coded])).toBeNull();
    expect(judge({ 'content-length': String(OCTETS) }, [coded, coded])?.code).toBe('HEAD_CONTENT_LENGTH');
  });

  it("should fail a HEAD's Content-Length other than GET's octets, and another media type", () => {
    expect(judge({ ...json, 'content-length': '0' })).toMatchObject({
      code: 'HEAD_CONTENT_LENGTH',
      received: `Content-Length: 0 on HEAD; GET's body ${OCTETS} octets`,
    });
    // The characters are not the octets: é is two.
    expect(judge({ 'content-length': String(TEXT.length) }, [chunked, chunked])?.code).toBe(
      'HEAD_CONTENT_LENGTH',
    );
    expect(judge({ 'content-length': `${OCTETS}, 0` })?.code).toBe('HEAD_CONTENT_LENGTH');
    expect(judge({ 'content-type': 'text/plain' })?.code).toBe('HEAD_CONTENT_TYPE');
  });

  const tagged = { ...json, etag: '"abc"', 'cache-control': 'private, max-age=0', vary: 'Authorization' };
  const taggedGet = answer(200, tagged, TEXT);
  const judgeFields = (head: Record<string, string>, gets = [taggedGet, taggedGet] as const) =>
    headFieldsLikeGet.run({ request: 'r', gets, head: answer(200, head) });

  it("should pass a HEAD whose validators and caching fields say GET's, in any order, case or weakness", () => {
    expect(judgeFields(tagged)).toBeNull();
    expect(
      judgeFields({ ...json, etag: 'W/"abc"', 'cache-control': 'MAX-AGE=0,private', vary: 'authorization' }),
    ).toBeNull();
    // Vary and Content-Length may be left out (RFC 9110 §9.3.2's own examples).
    expect(judgeFields({ ...json, etag: '"abc"', 'cache-control': 'private, max-age=0' })).toBeNull();
    // One HTTP date in another format.
    const dated = answer(200, { ...json, 'last-modified': 'Fri, 27 Nov 2026 12:00:00 GMT' }, TEXT);
    const head = answer(200, { ...json, 'last-modified': 'Friday, 27-Nov-26 12:00:00 GMT' });
    expect(headFieldsLikeGet.run({ request: 'r', gets: [dated, dated], head })).toBeNull();
  });

  it('should fail another ETag, Last-Modified, Cache-Control or Content-Encoding on HEAD', () => {
    expect(judgeFields({ ...tagged, etag: '"e3b0c4"' })).toMatchObject({
      code: 'HEAD_FIELD_DIFFERS',
      severity: 'error',
      received: 'etag: "e3b0c4" on HEAD; etag: "abc" on GET',
    });
    expect(judgeFields({ ...tagged, 'cache-control': 'public, max-age=300' })?.code).toBe(
      'HEAD_FIELD_DIFFERS',
    );
    expect(judgeFields({ ...tagged, 'content-encoding': 'gzip' })).toBeNull();
    const coded = answer(200, { ...tagged, 'content-encoding': 'gzip' }, TEXT);
    expect(
      headFieldsLikeGet.run({
        request: 'r',
        gets: [coded, coded],
        head: answer(200, { ...tagged, 'content-encoding': 'br' }),
      })?.code,
    ).toBe('HEAD_FIELD_DIFFERS');
  });

  it('should report a field GET sent twice alike and HEAD left out as advisory only', () => {
    expect(judgeFields({ ...json, 'cache-control': 'private, max-age=0' })).toMatchObject({
      code: 'HEAD_FIELD_OMITTED',
      severity: 'advisory',
    });
    // An error goes first.
    expect(judgeFields({ 'content-type': 'text/plain' })?.code).toBe('HEAD_CONTENT_TYPE');
  });

  it('should judge a field only where the two GETs sent it alike (a Date or a request id never)', () => {
    const other = answer(200, { ...tagged, etag: '"abd"', date: 'Fri, 27 Nov 2026 12:00:01 GMT' }, TEXT);
    const first = answer(
      200,
      { ...tagged, date: 'Fri, 27 Nov 2026 12:00:00 GMT', 'x-request-id': '1' },
      TEXT,
    );
    expect(judgeFields({ ...tagged, etag: '"zzz"' }, [first, other])).toBeNull();
    expect(
      judgeFields({ ...tagged, date: 'Fri, 27 Nov 2026 12:00:02 GMT', 'x-request-id': '2' }, [first, first]),
    ).toBeNull();
    // The body changed, the tag did not: the tag is judged still.
    const moved = answer(200, tagged, TEXT.replace('é1', 'é2'));
    expect(judgeFields({ ...tagged, etag: '"zzz"' }, [taggedGet, moved])?.code).toBe('HEAD_FIELD_DIFFERS');
  });

  it('should judge nothing where the two GETs differ, or where HEAD got another status', () => {
    const other = answer(200, json, TEXT.replace('é1', 'é2'));
    expect(judge({ 'content-length': '0' }, [get, other])).toBeNull();
    expect(judge({ 'content-length': '0' }, [get, answer(401, json, TEXT)])).toBeNull();
    expect(judge({ 'content-length': '0' }, [get, get], 401)).toBeNull();
  });
});

const PAGE_TEXT = '{"data":[{"id":"1"},{"id":"2"}],"pagination":{"nextPageToken":null,"hasMore":false}}';
const ERROR_TEXT = '{"statusCode":400,"error":"Bad Request","message":"limit"}';
const plainOf = (text: string, status: number) => ({
  ...pageAnswerOf(status, JSON.parse(text)),
  body: JSON.parse(text) as unknown,
});
const decodedBy = (
  acceptEncoding: string,
  contentEncoding: string,
  bytes: Uint8Array,
  { text = PAGE_TEXT, status = 200 } = {},
) =>
  contentCodingDecoded.run({
    request: 'r',
    acceptEncoding,
    plain: plainOf(text, status),
    answer: { status, contentEncoding, bytes },
    quiescent: true,
  });

describe('content-coding-decoded', () => {
  const raw = Buffer.from(PAGE_TEXT);

  it('should read a body by every coding its Content-Encoding lists, and no coding at all', () => {
    expect(decodedBy('gzip', 'gzip', gzipSync(raw))).toBeNull();
    expect(decodedBy('br', 'br', brotliCompressSync(raw))).toBeNull();
    expect(decodedBy('deflate', 'deflate', deflateSync(raw))).toBeNull();
    expect(decodedBy('gzip, deflate, br', 'deflate, gzip', gzipSync(deflateSync(raw)))).toBeNull();
    expect(decodedBy('identity', '', raw)).toBeNull();
    expect(decodedBy('gzip', 'identity', raw)).toBeNull();
    const error = Buffer.from(ERROR_TEXT);
    expect(decodedBy('br', 'br', brotliCompressSync(error), { text: ERROR_TEXT, status: 400 })).toBeNull();
  });

  it('should fail a coding applied twice under one name, one not accepted, another page or Error', () => {
    expect(decodedBy('gzip', 'gzip', gzipSync(gzipSync(raw)))?.code).toBe('CODING_NOT_JSON');
    expect(decodedBy('identity', 'gzip', gzipSync(raw))?.code).toBe('CODING_NOT_ACCEPTED');
    expect(decodedBy('gzip;q=0, br', 'gzip', gzipSync(raw))?.code).toBe('CODING_NOT_ACCEPTED');
    expect(decodedBy('br', 'br', gzipSync(raw))?.code).toBe('CODING_UNDECODABLE');
    const other = Buffer.from(PAGE_TEXT.replace('"2"', '"3"'));
    expect(decodedBy('gzip', 'gzip', gzipSync(other))?.code).toBe('CODING_OTHER_PAGE');
    const changed = Buffer.from(ERROR_TEXT.replace('400', '401'));
    expect(decodedBy('gzip', '', changed, { text: ERROR_TEXT, status: 400 })?.code).toBe(
      'CODING_OTHER_ERROR',
    );
  });
});
