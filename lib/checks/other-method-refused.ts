import { WRITE_METHODS } from '../http/call.ts';
import type { WalkSetCheck } from './types.ts';

/** A method the lists do not serve, sent to one of them, and what came back. */
export interface OtherMethodAnswer {
  /** The request in words: the method, the key, the body, the list, the page. */
  request: string;
  method: string;
  status: number;
  /** The Allow header, when the answer has one. */
  allow: string | undefined;
}

/** The methods an Allow header lists: tokens, case-sensitive (RFC 9110 §9.1, RFC 9110 §10.2.1). */
const allowed = (allow: string): string[] => allow.split(',').map((method) => method.trim());

/**
 * Spec §4: both endpoints use GET, and spec §1: the API is read-only, write operations are not
 * open publicly. Another method may be refused (404, 401, 405, 400) or, for OPTIONS, answered
 * (RFC 9110 §9.3.7), but a write method never succeeds (no 2xx, no 3xx: a 201 or a 303 to what it
 * made is a write the API does not have), and never a server error other than 501
 * (RFC 9110 §15.6.2: the method not supported for any resource); a 405 MUST list what the resource serves in
 * Allow (RFC 9110 §15.5.6), and here that is GET. An error answer's shape is error-body-shape's,
 * and whether the data changed is repeat-gives-same-page's.
 */
export const otherMethodRefused: WalkSetCheck<OtherMethodAnswer> = {
  name: 'other-method-refused',
  description:
    'POST, PUT, PATCH, DELETE, OPTIONS and an unknown method on either list are never a 5xx but 501 (RFC 9110 §15.6.2), a write method is never a 2xx or 3xx (spec §1: read-only), and a 405 carries an Allow header listing GET (RFC 9110 §15.5.6).',
  catches: ['method-405-no-allow', 'post-creates-order'],
  run({ request, method, status, allow }) {
    const received = `HTTP ${status}${allow === undefined ? ', no Allow' : `, Allow: ${allow.slice(0, 100)}`}`;
    if (WRITE_METHODS.has(method) && status >= 200 && status < 400)
      return {
        code: 'METHOD_WRITE_ACCEPTED',
        message: `${request} answered ${status}: the public API is read-only (spec §1), yet the write was taken`,
        expected: 'a refusal (405 with Allow, 404, 401, 403, 400) or 501: no write is open publicly',
        received,
      };
    if (status >= 500 && status !== 501)
      return {
        code: 'METHOD_SERVER_ERROR',
        message: `${request} answered ${status}`,
        expected:
          'a refusal (405 with Allow, 404, 401, 400, or 501 for a method not supported), or OPTIONS served',
        received,
      };
    if (status === 405 && (allow === undefined || !allowed(allow).includes('GET')))
      return {
        code: 'METHOD_405_WITHOUT_ALLOW',
        message: `${request} answered 405 ${allow === undefined ? 'without an Allow header' : 'with an Allow that does not list GET'}`,
        expected: 'Allow: GET (and HEAD), as a 405 must say what the resource serves (RFC 9110 §15.5.6)',
        received,
      };
    return null;
  },
};
