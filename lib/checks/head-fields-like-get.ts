import type { ApiResponse } from '../http/response.ts';
import type { WalkSetCheck } from './types.ts';

/** A request sent as GET, then as HEAD, then as GET again, with what each got. */
export interface HeadFieldsAndGets {
  /** The request in words: the key, the list, the page. */
  request: string;
  /** GET's answer before the HEAD and GET's answer after it: the same bytes, or nothing is judged. */
  gets: readonly [ApiResponse, ApiResponse];
  head: ApiResponse;
}

/** What HEAD's header fields say of GET's content, where they disagree with it. */
interface FieldMismatch {
  code: 'HEAD_CONTENT_LENGTH' | 'HEAD_CONTENT_TYPE';
  field: string;
  /** The rule it breaks, in words. */
  rule: string;
  /** What the HEAD's field should say: GET's octet count, or GET's media type. */
  expected: string;
  received: string;
}

/** The octets of a body as sent: its bytes when coded, else its UTF-8 text (null when that was not UTF-8). */
function octetsOf(response: ApiResponse): number | null {
  if (response.bodyBytes !== undefined) return response.bodyBytes.length;
  // A byte that was not UTF-8 was read as U+FFFD: the text no longer counts the octets sent.
  if (response.bodyText.includes('\uFFFD')) return null;
  return Buffer.byteLength(response.bodyText, 'utf8');
}

/** The media type of a Content-Type, parameters left out, in lower case (RFC 9110 §8.3.1). */
const mediaType = (value: string): string => (value.split(';')[0] ?? '').trim().toLowerCase();

/**
 * Where HEAD's Content-Length or Content-Type disagrees with the content of GET's answer `get` to
 * the same request; null when they agree, or when HEAD leaves them out (RFC 9110 §9.3.2 allows
 * it). A Content-Length repeated as a list (`12, 12`) is its one value (RFC 9110 §8.6), read as a
 * decimal number.
 */
export function headFieldMismatch(get: ApiResponse, head: ApiResponse): FieldMismatch | null {
  if (head.status !== get.status) return null;
  const length = head.headers['content-length'];
  const octets = octetsOf(get);
  if (length !== undefined && octets !== null) {
    const values = length.split(',').map((value) => value.trim());
    if (!values.every((value) => /^\d+$/.test(value) && Number(value) === octets))
      return {
        code: 'HEAD_CONTENT_LENGTH',
        field: `Content-Length: ${length}`,
        rule: 'RFC 9110 §8.6: a Content-Length on HEAD counts the octets GET would send',
        expected: `Content-Length: ${octets}, the octets of GET's body (RFC 9110 §8.6)`,
        received: `Content-Length: ${length} on HEAD; GET's body ${octets} octets`,
      };
  }
  const headType = head.headers['content-type'];
  const getType = get.headers['content-type'];
  if (headType !== undefined && getType !== undefined && mediaType(headType) !== mediaType(getType))
    return {
      code: 'HEAD_CONTENT_TYPE',
      field: `Content-Type: ${headType}`,
      rule: 'RFC 9110 §9.3.2: HEAD sends the header fields GET would',
      expected: `the media type of GET's Content-Type: ${getType} (RFC 9110 §9.3.2)`,
      received: `Content-Type: ${headType} on HEAD; ${getType} on GET`,
    };
  return null;
}

/** Whether two answers carried the same body bytes (the coded ones when coded). */
const sameBody = (a: ApiResponse, b: ApiResponse): boolean =>
  a.bodyBytes !== undefined && b.bodyBytes !== undefined
    ? Buffer.from(a.bodyBytes).equals(b.bodyBytes)
    : a.bodyBytes === b.bodyBytes && a.bodyText === b.bodyText;

/**
 * RFC 9110 §9.3.2: HEAD answers with the header fields GET would send; RFC 9110 §8.6: a HEAD's
 * Content-Length, when sent, is the octet count GET's content would have had. Judged against two
 * GETs of the same request, one before the HEAD and one after, that got the same bytes: a body that
 * changes between requests (data that moves, an id per answer) is no basis, and nothing is judged.
 * How GET's answer was framed (Content-Length or chunked) does not matter: its octets received do.
 */
export const headFieldsLikeGet: WalkSetCheck<HeadFieldsAndGets> = {
  name: 'head-fields-like-get',
  description:
    "A HEAD's Content-Length, when sent, is the octet count of GET's body for the same request (RFC 9110 §8.6), and its Content-Type, when sent, names GET's media type (RFC 9110 §9.3.2); judged where two GETs around the HEAD got the same bytes.",
  catches: ['head-content-length-zero'],
  run({ request, gets: [before, after], head }) {
    if (before.status !== after.status || !sameBody(before, after)) return null;
    const mismatch = headFieldMismatch(before, head);
    if (mismatch === null) return null;
    return {
      code: mismatch.code,
      message: `${request}: HEAD's ${mismatch.field} disagrees with GET's ${before.status} (the same bytes twice) to the same request (${mismatch.rule}): ${mismatch.received}`,
      expected: mismatch.expected,
      received: mismatch.received,
    };
  },
};
