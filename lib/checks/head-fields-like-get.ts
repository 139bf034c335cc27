import type { FailureFields } from '../failure.ts';
import { parseMediaType } from '../http/media-type.ts';
import type { ApiResponse } from '../http/response.ts';
import type { WalkSetCheck } from './types.ts';

/** A request sent as GET, then as HEAD, then as GET again, with what each got. */
export interface HeadFieldsAndGets {
  /** The request in words: the key, the list, the page. */
  request: string;
  /** GET's answer before the HEAD and GET's answer after it: what they agree on is judged, nothing else. */
  gets: readonly [ApiResponse, ApiResponse];
  head: ApiResponse;
}

/** Where HEAD's header fields disagree with GET's, the rule they break, and how much it weighs. */
type FieldMismatch = Required<Omit<FailureFields, 'message'>> & {
  /** What HEAD did, in words: `Content-Length: 0`, `no etag`. */
  field: string;
  /** The rule it breaks, in words. */
  rule: string;
};

/** The octets of a body as sent: its bytes when coded, else its UTF-8 text (null when that was not UTF-8). */
function octetsOf(response: ApiResponse): number | null {
  if (response.bodyBytes !== undefined) return response.bodyBytes.length;
  // A byte that was not UTF-8 was read as U+FFFD: the text no longer counts the octets sent.
  if (response.bodyText.includes('\uFFFD')) return null;
  return Buffer.byteLength(response.bodyText, 'utf8');
}

/** A Content-Type's media type (lib/http/media-type.ts), or the value itself when it is not one. */
function mediaTypeOf(value: string): string {
  const media = parseMediaType(value);
  return media === undefined ? value.trim().toLowerCase() : `${media.type}/${media.subtype}`;
}

/** A list field's members, trimmed and in lower case (their tokens are case-insensitive). */
const members = (value: string): string[] =>
  value
    .split(',')
    .map((member) => member.trim().toLowerCase())
    .filter((member) => member !== '');

/** The same members in any order: directives and field names are a set (RFC 9111 §5.2, RFC 9110 §12.5.5). */
const asSet = (value: string): string => [...new Set(members(value))].sort().join(', ');

/** An HTTP date as its instant (RFC 9110 §5.6.7: three formats of one time), else as written. */
const asDate = (value: string): string => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value.trim() : String(time);
};

/** An entity tag compared weakly (RFC 9110 §8.8.3.2): a HEAD may say W/ of GET's strong tag. */
const asTag = (value: string): string => value.trim().replace(/^W\//, '');

/**
 * The representation and caching fields a HEAD is held to besides Content-Length and Content-Type,
 * each with its reading: RFC 9111 §4.3.5 freshens a cache's stored GET response with a HEAD's
 * fields, so a HEAD's other ETag or Last-Modified makes the stored page stale, and its other
 * Cache-Control, Vary or Content-Encoding is written into the stored page (RFC 9111 §3.2).
 */
const FIELDS: Readonly<Record<string, (value: string) => string>> = {
  etag: asTag,
  'last-modified': asDate,
  'cache-control': asSet,
  vary: asSet,
  'content-encoding': (value) => members(value).join(', '),
  'content-language': asSet,
  'content-location': (value) => value.trim(),
  expires: asDate,
};

/**
 * Fields RFC 9110 §9.3.2 names as ones a HEAD may leave out (their value determined only while
 * generating the content): their absence on HEAD is not reported.
 */
const OMITTABLE: ReadonlySet<string> = new Set(['content-length', 'vary']);

/** The one value every answer of `gets` gives `field`, read by `reading`; undefined when they disagree or one lacks it. */
function agreed(gets: readonly ApiResponse[], field: string, reading: (value: string) => string) {
  const values = gets.map((get) => get.headers[field]);
  const read = values.map((value) => (value === undefined ? undefined : reading(value)));
  return read.every((value) => value !== undefined && value === read[0]) ? values[0] : undefined;
}

/** Whether the answers carried the same body bytes (the coded ones when coded). */
const sameBody = (gets: readonly ApiResponse[]): boolean =>
  gets.every((get) => {
    const first = gets[0] as ApiResponse;
    return get.bodyBytes !== undefined && first.bodyBytes !== undefined
      ? Buffer.from(get.bodyBytes).equals(first.bodyBytes)
      : get.bodyBytes === first.bodyBytes && get.bodyText === first.bodyText;
  });

/** HEAD's Content-Length against the octets of GET's content (RFC 9110 §8.6). */
function lengthMismatch(get: ApiResponse, head: ApiResponse): FieldMismatch | null {
  const length = head.headers['content-length'];
  const octets = octetsOf(get);
  if (length === undefined || octets === null) return null;
  const values = length.split(',').map((value) => value.trim());
  if (values.every((value) => /^\d+$/.test(value) && Number(value) === octets)) return null;
  return {
    code: 'HEAD_CONTENT_LENGTH',
    severity: 'error',
    field: `Content-Length: ${length}`,
    rule: 'RFC 9110 §8.6: a Content-Length on HEAD counts the octets GET would send',
    expected: `Content-Length: ${octets}, the octets of GET's body (RFC 9110 §8.6)`,
    received: `Content-Length: ${length} on HEAD; GET's body ${octets} octets`,
  };
}

/** A field of FIELDS (or Content-Type) GET sent alike each time, said otherwise or left out on HEAD. */
function fieldMismatch(
  gets: readonly ApiResponse[],
  head: ApiResponse,
  field: string,
  reading: (value: string) => string,
): FieldMismatch | null {
  const value = agreed(gets, field, reading);
  if (value === undefined) return null;
  const sent = head.headers[field];
  if (sent === undefined)
    return OMITTABLE.has(field)
      ? null
      : {
          code: 'HEAD_FIELD_OMITTED',
          severity: 'advisory',
          field: `no ${field}`,
          rule: 'RFC 9110 §9.3.2: HEAD SHOULD send the header fields GET would, and MAY leave out those computed while generating the content',
          expected: `${field}: ${value}, as GET sent it (RFC 9110 §9.3.2)`,
          received: `no ${field} on HEAD; ${field}: ${value} on GET`,
        };
  if (reading(sent) === reading(value)) return null;
  const contentType = field === 'content-type';
  return {
    code: contentType ? 'HEAD_CONTENT_TYPE' : 'HEAD_FIELD_DIFFERS',
    severity: 'error',
    field: `${field}: ${sent}`,
    rule: contentType
      ? 'RFC 9110 §9.3.2: HEAD sends the header fields GET would'
      : "RFC 9110 §9.3.2: HEAD sends the header fields GET would; RFC 9111 §4.3.5: a cache freshens its stored GET answer with a HEAD's fields",
    expected: contentType
      ? `the media type of GET's Content-Type: ${value} (RFC 9110 §9.3.2)`
      : `${field}: ${value}, as GET sent it (RFC 9110 §9.3.2, RFC 9111 §4.3.5)`,
    received: contentType
      ? `Content-Type: ${sent} on HEAD; ${value} on GET`
      : `${field}: ${sent} on HEAD; ${field}: ${value} on GET`,
  };
}

/**
 * Where HEAD's header fields disagree with the answers `gets` (GETs of the same request, one or
 * more), errors first: a Content-Length other than GET's octets (RFC 9110 §8.6), a Content-Type of
 * another media type, or another value of a field of FIELDS (RFC 9110 §9.3.2); then, advisory, a
 * field GET sent and HEAD left out (RFC 9110 §9.3.2 says SHOULD, and MAY leave out a value computed
 * while generating the content; no MUST). Content-Length and Content-Type are judged only where
 * every GET got the same bytes, each other field only where every GET sent it alike (a Date or a
 * request id that changes is never judged); nothing where a GET got another status than HEAD. A
 * Content-Length repeated as a list (`12, 12`) is its one value (RFC 9110 §8.6).
 */
export function headFieldMismatch(gets: readonly ApiResponse[], head: ApiResponse): FieldMismatch | null {
  const [get] = gets;
  if (get === undefined || gets.some((other) => other.status !== head.status)) return null;
  const content = sameBody(gets);
  const found = [
    content ? lengthMismatch(get, head) : null,
    content ? fieldMismatch(gets, head, 'content-type', mediaTypeOf) : null,
    ...Object.entries(FIELDS).map(([field, reading]) => fieldMismatch(gets, head, field, reading)),
  ].filter((mismatch) => mismatch !== null);
  return found.find((mismatch) => mismatch.severity === 'error') ?? found[0] ?? null;
}

/**
 * RFC 9110 §9.3.2: HEAD answers with the header fields GET would send; RFC 9110 §8.6: a HEAD's
 * Content-Length, when sent, is the octet count GET's content would have had. Judged against two
 * GETs of the same request, one before the HEAD and one after: their body where they got the same
 * bytes, each other field where they sent it alike (data that moves, an id or a Date per answer is
 * no basis). How GET's answer was framed (Content-Length or chunked) does not matter: its octets
 * received do.
 */
export const headFieldsLikeGet: WalkSetCheck<HeadFieldsAndGets> = {
  name: 'head-fields-like-get',
  description:
    "A HEAD's Content-Length, when sent, is the octet count of GET's body for the same request (RFC 9110 §8.6), its Content-Type names GET's media type, and its ETag (compared weakly), Last-Modified, Cache-Control, Vary, Content-Encoding, Content-Language, Content-Location and Expires, when sent, say what GET's do (RFC 9110 §9.3.2, RFC 9111 §4.3.5); judged where two GETs around the HEAD agree (the same bytes, the same field). One GET sent and HEAD left out is advisory (RFC 9110 §9.3.2: SHOULD).",
  catches: ['head-content-length-zero', 'head-etag-of-empty-body'],
  run({ request, gets, head }) {
    const mismatch = headFieldMismatch(gets, head);
    if (mismatch === null) return null;
    const { field, rule, ...fields } = mismatch;
    return {
      ...fields,
      message: `${request}: HEAD (${field}) disagrees with GET's ${gets[0].status} (twice alike) to the same request (${rule}): ${mismatch.received}`,
    };
  },
};
