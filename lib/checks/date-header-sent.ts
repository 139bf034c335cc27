import type { ApiResponse } from '../http/response.ts';
import type { ProbeCheck } from './types.ts';

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:(?:[0-5]\\d|60)';

/**
 * RFC 9110 §5.6.7: an HTTP-date is an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`); a recipient
 * must also accept the obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
 * (`Sun Nov  6 08:49:37 1994`) forms, but a sender MUST generate IMF-fixdate. Case-sensitive, as
 * the grammar is.
 */
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d\\d ${MONTH} \\d{4} ${TIME} GMT$`);
const OBSOLETE_DATE = new RegExp(
  `^(?:${LONG_DAY}, \\d\\d-${MONTH}-\\d\\d ${TIME} GMT|${DAY} ${MONTH} (?:\\d\\d| \\d) ${TIME} \\d{4})$`,
);

/** A server sends one Date a second: the last one that parsed is not parsed again (every answer under load). */
let lastValid = '';

/** Whether `value` is an IMF-fixdate, the one HTTP-date form a sender may generate (RFC 9110 §5.6.7). */
export function isImfFixdate(value: string): boolean {
  if (value === lastValid) return true;
  if (!IMF_FIXDATE.test(value)) return false;
  lastValid = value;
  return true;
}

/** Whether `value` is one of the obsolete HTTP-date forms a recipient reads but no sender may send. */
const isObsoleteHttpDate = (value: string): boolean => OBSOLETE_DATE.test(value);

/** Why a Date value fails, for the finding's message. */
const whyInvalid = (date: string): string =>
  isObsoleteHttpDate(date)
    ? 'an obsolete HTTP-date form (a sender MUST generate IMF-fixdate, RFC 9110 §5.6.7)'
    : 'no HTTP-date';

/** RFC 9110 §6.6.1 binds 2xx, 3xx and 4xx; a 5xx may leave Date out, and status 0 is no answer. */
const needsDate = (response: ApiResponse): boolean => response.status >= 200 && response.status < 500;

/**
 * RFC 9110 §6.6.1: an origin server with a clock MUST generate a Date header field in all 2xx, 3xx
 * and 4xx responses. Run on every answer any job receives (lib/paging/answer-checks.ts).
 */
export const dateHeaderSent: ProbeCheck = {
  name: 'date-header-sent',
  description:
    'Every 2xx, 3xx and 4xx answer (pages, errors, 429s, HEAD) carries a Date header that is an IMF-fixdate (RFC 9110 §6.6.1, RFC 9110 §5.6.7).',
  catches: ['error-no-date'],
  run({ response, probe }) {
    if (!needsDate(response)) return null;
    const date = response.headers.date;
    if (date !== undefined && isImfFixdate(date)) return null;
    return {
      code: date === undefined ? 'DATE_MISSING' : 'DATE_INVALID',
      message:
        date === undefined
          ? `${probe}: HTTP ${response.status} answered without a Date header`
          : `${probe}: HTTP ${response.status} answered with a Date that is ${whyInvalid(date)}`,
      expected: 'Date: an IMF-fixdate such as Sun, 06 Nov 1994 08:49:37 GMT (RFC 9110 §6.6.1)',
      received: date === undefined ? '(no Date header)' : `Date: ${date.slice(0, 100)}`,
    };
  },
};
