import { isImfFixdate } from './date-header-sent.ts';
import type { ProbeCheck } from './types.ts';

/** delay-seconds (RFC 9110 §10.2.3): `1*DIGIT`, a whole number of seconds, no sign, point or unit. */
const DELAY_SECONDS = /^\d+$/;

/**
 * Whether a Retry-After value is one RFC 9110 §10.2.3 defines: delay-seconds, or an HTTP-date in
 * the IMF-fixdate form a sender must generate (RFC 9110 §5.6.7). Surrounding whitespace is the
 * field line's, not the value's.
 */
const isRetryAfterValue = (value: string): boolean => {
  const trimmed = value.trim();
  return DELAY_SECONDS.test(trimmed) || isImfFixdate(trimmed);
};

/**
 * RFC 9110 §10.2.3: `Retry-After = HTTP-date / delay-seconds`. The spec names no rate-limit header
 * (§8), so none is required; one that is sent is read by clients by that grammar, and a value
 * outside it (`1.5`, `2s`, an ISO 8601 time, `-1`) is ignored by a strict client or misread by a
 * lenient one. Run on every answer any job receives (lib/paging/answer-checks.ts), whatever its
 * status; two field lines of it are single-valued-fields' finding, not judged here.
 */
export const retryAfterValid: ProbeCheck = {
  name: 'retry-after-valid',
  description:
    'A Retry-After, on any answer that sends one (429s above all), is delay-seconds (a whole number of seconds) or an IMF-fixdate (RFC 9110 §10.2.3, RFC 9110 §5.6.7).',
  catches: ['retry-after-fractional'],
  run({ response, probe }) {
    const value = response.headers['retry-after'];
    if (value === undefined || isRetryAfterValue(value)) return null;
    if (response.repeatedFields?.includes('retry-after')) return null;
    return {
      code: 'RETRY_AFTER_INVALID',
      message: `${probe}: HTTP ${response.status} sent a Retry-After that is neither delay-seconds nor an HTTP-date (RFC 9110 §10.2.3)`,
      expected: 'Retry-After: a whole number of seconds (delay-seconds) or an IMF-fixdate',
      received: `Retry-After: ${value.slice(0, 100)}`,
    };
  },
};
