import type { ApiResponse } from '../http/response.ts';
import { directives, freshness, receivedFields } from './cache-control.ts';
import type { ProbeCheck } from './types.ts';

/**
 * What makes a 429 storable or fresh for a cache, in words; null when nothing does. `no-store`
 * forbids storing whatever else is sent (RFC 9111 §5.2.2.5); `public` and `s-maxage` let a
 * shared cache store it (RFC 9111 §5.2.2.9, RFC 9111 §5.2.2.10); explicit freshness (max-age
 * above 0, else an Expires after Date: RFC 9111 §4.2.1) lets any cache serve it. `no-cache` alone,
 * `private` with max-age=0, max-age=0, or no Cache-Control or Expires at all is none of these.
 */
function storableBy(response: ApiResponse): string | null {
  const control = directives(response.headers['cache-control'] ?? '');
  if (control.has('no-store')) return null;
  if (control.has('public')) return 'public lets any cache store it';
  if (control.has('s-maxage')) return 's-maxage lets a shared cache store it';
  const fresh = freshness(response, control);
  return fresh === null ? null : `${fresh} makes it fresh for a cache to serve again`;
}

/**
 * RFC 6585 §4: "Responses with the 429 status code MUST NOT be stored by a cache." A 429 a cache
 * may store (public, s-maxage) or serve as fresh (max-age above 0, an Expires after Date), without
 * no-store, is answered again from the cache to the key's next requests, and to other requesters
 * of a shared one, after its limit has let them through. Run on every answer any job receives
 * (lib/paging/answer-checks.ts); it judges only 429s.
 */
export const throttleNotStorable: ProbeCheck = {
  name: 'throttle-not-storable',
  description:
    'No 429 is storable or fresh for a cache: no public, s-maxage, max-age above 0 or Expires after Date, unless no-store is sent (RFC 6585 §4: a 429 MUST NOT be stored by a cache).',
  catches: ['throttle-cacheable'],
  run({ response, probe }) {
    if (response.status !== 429) return null;
    const why = storableBy(response);
    if (why === null) return null;
    return {
      code: 'THROTTLE_STORABLE',
      message: `${probe}: a 429 a cache may store (RFC 6585 §4: it MUST NOT be stored): ${why}`,
      expected: 'no-store, or no public, s-maxage, max-age above 0 or Expires after Date',
      received: receivedFields(response, ['cache-control', 'expires', 'date']),
    };
  },
};
