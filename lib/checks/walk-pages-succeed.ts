import type { ApiResponse } from '../http/response.ts';
import type { PageCheck } from './types.ts';

/** Characters of a body quoted in a message: enough to recognise it (an HTML page, a stack trace). */
const EXCERPT = 80;

/** Characters a key may be made of: a cut never splits a run of them. */
const TOKEN_TAIL = /[\w.~+/=-]+$/;
const TOKEN_PAIR = /^[\w.~+/=-]{2}$/;

/**
 * The first `length` characters of `text`, never ending inside a token: a key cut in two would
 * escape the redaction that removes whole keys from every failure written.
 */
function clipAtToken(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const split = TOKEN_PAIR.test(text.slice(length - 1, length + 1));
  return `${split ? cut.replace(TOKEN_TAIL, '') : cut}…`;
}

/** The body's first characters as a JSON string (control characters escaped), whitespace runs made one. */
const excerpt = (text: string): string =>
  JSON.stringify(clipAtToken(text.replace(/\s+/g, ' ').trim(), EXCERPT));

const kindOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
};

/** What keeps a 200's body from being a page (spec §4.1, §4.2: an object with data and pagination). */
function whatIsWrong(response: ApiResponse): string {
  const type = response.headers['content-type'] ?? 'no Content-Type';
  if (response.bodyText.trim() === '') return `an empty body (${type})`;
  if (response.body === undefined) return `a body that is not JSON (${type}): ${excerpt(response.bodyText)}`;
  const body = response.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return `JSON that is ${kindOf(body)}, not a page object: ${excerpt(response.bodyText)}`;
  const { data, pagination } = body as Record<string, unknown>;
  const wrong = [
    ...(Array.isArray(data)
      ? []
      : [`data is ${data === undefined ? 'missing' : kindOf(data)}, not an array`]),
    ...(typeof pagination === 'object' && pagination !== null && !Array.isArray(pagination)
      ? []
      : [`pagination is ${pagination === undefined ? 'missing' : kindOf(pagination)}, not an object`]),
  ];
  return `JSON that is not a page (${wrong.join('; ')}): ${excerpt(response.bodyText)}`;
}

/**
 * Every page of a walk with a valid key and valid filters answers 200 (a 429 is retried, not
 * judged); so does a first page asked alone, a burst's or a flood's (or it is a 429).
 */
export const walkPagesSucceed: PageCheck = {
  name: 'walk-pages-succeed',
  description: 'Every page of a valid walk answers 200 with a page body; never a 5xx or an error mid-walk.',
  catches: [
    'overload-5xx',
    'cursor-500',
    'status-filter-500',
    'location-filter-400',
    'cursor-expiry-500',
    'flood-blocked-403',
  ],
  run({ response, page, walk }) {
    // No answer at all is every-request-answered's (a load's status 0 that says why), named once.
    if (page !== null || response.noAnswer !== undefined) return null;
    const where = `page ${walk.pageCount + 1} of the walk`;
    // A 200 that is no page says what it is instead (the key is redacted where failures are written).
    if (response.status === 200)
      return {
        code: 'PAGE_NOT_OK',
        message: `${where} answered 200 with ${whatIsWrong(response)}`,
        expected: '200 with { data: [...], pagination: {...} } as JSON',
        received: `200: ${clipAtToken(response.bodyText, 200)}`,
      };
    return {
      code: response.status >= 500 ? 'SERVER_ERROR' : 'PAGE_NOT_OK',
      message: `${where} answered ${response.status}`,
      expected: '200 with { data, pagination }',
      received: `${response.status}: ${clipAtToken(response.bodyText, 200)}`,
    };
  },
};
