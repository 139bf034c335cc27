import { parseMediaType } from '../http/media-type.ts';
import type { ApiResponse } from '../http/response.ts';
import type { ProbeCheck } from './types.ts';

/**
 * Fields whose definitions take one value, not a comma-separated list: RFC 9110 §5.3 forbids a
 * sender to send them on more than one field line. List fields (Cache-Control, Vary,
 * Content-Encoding, Set-Cookie's own exception) may repeat and are not judged.
 */
export const SINGLE_VALUED_FIELDS = [
  'content-type',
  'content-length',
  'content-location',
  'date',
  'retry-after',
  'location',
  'etag',
  'last-modified',
  'age',
  'expires',
] as const;

const SINGLETONS: ReadonlySet<string> = new Set(SINGLE_VALUED_FIELDS);

const repeatedSingletons = (response: ApiResponse): string[] =>
  (response.repeatedFields ?? []).filter((name) => SINGLETONS.has(name));

/** A field as received, cut short for a finding's text. */
const shown = (response: ApiResponse, name: string): string =>
  `${name}: ${(response.headers[name] ?? '').slice(0, 160)}`;

/**
 * RFC 9110 §5.3: a sender MUST NOT generate multiple field lines with the same name unless the
 * field is a list; RFC 9110 §8.3: Content-Type is one media type. Joined, two Content-Type lines read
 * `application/json, text/html`, which a Fetch client reads as text/html. Run on every answer any
 * job receives (lib/paging/answer-checks.ts); whether the type is application/json is the page's
 * and the error's checks'.
 */
export const singleValuedFields: ProbeCheck = {
  name: 'single-valued-fields',
  description:
    'Every answer (pages, errors, 429s, HEAD, 304) sends each single-valued field (Content-Type, Content-Length, Date, Retry-After, Location, ETag, Last-Modified, Content-Location, Age, Expires) on one line, and its Content-Type is one media type (RFC 9110 §5.3, RFC 9110 §8.3.1).',
  catches: ['error-two-content-types', 'content-type-unquoted-parameter'],
  run({ response, probe }) {
    const contentType = response.headers['content-type'];
    const oneType = contentType === undefined || parseMediaType(contentType) !== undefined;
    if (response.repeatedFields === undefined && oneType) return null;
    const repeated = repeatedSingletons(response);
    if (repeated.length > 0)
      return {
        code: 'FIELD_REPEATED',
        message: `${probe}: HTTP ${response.status} sent ${repeated.join(', ')} on more than one field line (RFC 9110 §5.3: not a list field)`,
        expected: 'each single-valued field on one field line (RFC 9110 §5.3)',
        received: repeated.map((name) => shown(response, name)).join('; '),
      };
    if (oneType) return null;
    return {
      code: 'CONTENT_TYPE_NOT_ONE_MEDIA_TYPE',
      message: `${probe}: HTTP ${response.status} sent a Content-Type that is not one media type (RFC 9110 §8.3.1; a parameter's value is a token or a quoted string, RFC 9110 §5.6.6)`,
      expected:
        'Content-Type: one media type, type/subtype with parameters (RFC 9110 §8.3.1, RFC 9110 §5.6.6)',
      received: shown(response, 'content-type'),
    };
  },
};
