import type { FailureFields } from '../failure.ts';
import { isJsonMediaType } from '../http/response.ts';
import type { PageAnswer } from './repeat-gives-same-page.ts';
import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

/** One answer to a request, as the Accept check reads it. */
export interface Negotiated extends PageAnswer {
  contentType: string;
}

export interface AcceptAnswer {
  /** The request in words. */
  request: string;
  /** The Accept header sent. */
  accept: string;
  /** Whether `accept` accepts application/json (RFC 9110 §12.5.1: parameters, weights, lists). */
  acceptsJson: boolean;
  /** The same request without an Accept header. */
  plain: Negotiated;
  answer: Negotiated;
  /** The data holds still: the answer's records must be the plain answer's. */
  quiescent: boolean;
}

const shown = (answer: Negotiated): string => `${answer.status} ${answer.contentType || '(no content type)'}`;

/** An Accept that excludes JSON: refused 406 or served JSON anyway are both allowed; never a 5xx. */
function notJudged({ request, accept, answer }: AcceptAnswer): FailureFields | null {
  if (answer.status >= 500)
    return {
      code: 'SERVER_ERROR',
      message: `${request} with Accept: ${accept} answered ${answer.status}`,
      expected: '406, or the 200 JSON page (spec §7: never a 5xx)',
      received: shown(answer),
    };
  if (answer.status === 406 || (answer.status === 200 && isJsonMediaType(answer.contentType))) return null;
  return {
    code: 'ACCEPT_OTHER',
    severity: 'advisory',
    message: `${request} with Accept: ${accept} answered ${shown(answer)}; the spec names only application/json`,
    expected: '406, or the 200 JSON page',
    received: shown(answer),
  };
}

/**
 * RFC 9110 §12.5.1: an Accept header lists media ranges with parameters and weights, in any case
 * (RFC 9110 §8.3.1); `application/json;q=0.9`, `application/json; charset=utf-8`, `text/html,
 * application/json;q=0.8`, `application/*`, `*\/*` all accept JSON, the only type the endpoints
 * return (spec §4). With any of them the answer is the page the request gets without Accept: its
 * status, JSON, and on quiescent data its records and hasMore. An Accept that excludes JSON may be
 * refused 406 or served JSON (open), never a 5xx.
 */
export const acceptJsonServed: WalkSetCheck<AcceptAnswer> = {
  name: 'accept-json-served',
  description:
    'An Accept that accepts JSON (parameters, weights, lists, wildcards) gets the page the request gets without Accept; one that excludes JSON is 406 or JSON.',
  catches: ['accept-params-406'],
  run(input) {
    if (!input.acceptsJson) return notJudged(input);
    const { request, accept, plain, answer } = input;
    const fail = (code: string, message: string, expected: string) => ({
      code,
      message: `${request} with Accept: ${accept} ${message}`,
      expected,
      received: shown(answer),
    });
    if (answer.status !== plain.status)
      return fail(
        'ACCEPT_REFUSED',
        `answered ${answer.status}; without Accept ${plain.status}`,
        shown(plain),
      );
    if (answer.status !== 200) return null;
    if (!isJsonMediaType(answer.contentType))
      return fail('ACCEPT_NOT_JSON', `answered ${shown(answer)}`, '200 application/json');
    if (!input.quiescent) return null;
    const difference = firstDifference([plain, answer]);
    if (difference !== null || plain.hasMore !== answer.hasMore)
      return fail(
        'ACCEPT_OTHER_PAGE',
        `answered another page than without Accept (${answer.ids.size} records, hasMore ${String(answer.hasMore)})`,
        `the same ${plain.ids.size} records, hasMore ${String(plain.hasMore)}`,
      );
    return null;
  },
};
