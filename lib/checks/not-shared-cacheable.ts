import type { FailureFields } from '../failure.ts';
import type { AuthScheme } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import { directives, freshness, receivedFields } from './cache-control.ts';
import type { PageCheck } from './types.ts';

/** Whether Vary names `header` (any X-…-Api-Key header for the key header) or is `*`. */
function variesOn(response: ApiResponse, header: RegExp): boolean {
  const names = (response.headers.vary ?? '').split(',').map((name) => name.trim());
  return names.some((name) => name === '*' || header.test(name));
}

const KEY_HEADER = /^x-[a-z0-9-]+-api-key$/i;
const AUTHORIZATION = /^authorization$/i;

/** Why a shared cache may hand this page to another requester; null when none may. */
function sharedReuse(response: ApiResponse, scheme: AuthScheme): string | null {
  const control = directives(response.headers['cache-control'] ?? '');
  if (control.has('private') || control.has('no-store')) return null;
  if (control.has('public')) return 'public lets a shared cache store it, Authorization or not';
  if (control.has('s-maxage')) return 's-maxage lets a shared cache store it, Authorization or not';
  const fresh = freshness(response, control);
  if (fresh === null || control.has('no-cache')) return null;
  // RFC 9111 §3.5: a request with Authorization is stored only when must-revalidate (or public,
  // s-maxage) says so; a request keyed by another header looks anonymous to a cache.
  if (scheme === 'serviceHeader')
    return variesOn(response, KEY_HEADER)
      ? null
      : `${fresh} on a request keyed by the key header, without Vary naming it`;
  if (control.has('must-revalidate') && !variesOn(response, AUTHORIZATION))
    return `must-revalidate with ${fresh} lets a shared cache store it, without Vary: Authorization`;
  return null;
}

/**
 * spec §5 ("all data access is limited to that tenant") and RFC 9111 §3.5: a page of a tenant's data
 * is not made reusable by a shared cache for other requesters. `public` or `s-maxage` on a page is
 * a finding under either scheme; with the key header, which a cache cannot tell from an anonymous
 * request, explicit freshness (max-age above 0, an Expires after Date) without private, no-store or
 * no-cache and without Vary naming the header (or `*`) is one too. No Cache-Control at all is not:
 * without Last-Modified a cache has no heuristic freshness to serve it by (RFC 9111 §4.2.2).
 */
export const notSharedCacheable: PageCheck = {
  name: 'not-shared-cacheable',
  description:
    'No 2xx page is reusable by a shared cache for another requester: no public or s-maxage; with the key header, no explicit freshness without private, no-store, no-cache or Vary naming the header (RFC 9111 §3.5).',
  catches: ['menu-public-cacheable'],
  run({ call, response }): FailureFields | null {
    if (response.status < 200 || response.status >= 300) return null;
    const why = sharedReuse(response, call.credential.scheme);
    if (why === null) return null;
    return {
      code: 'SHARED_CACHEABLE',
      message: `a page of the tenant's data is reusable by a shared cache (spec §5, RFC 9111 §3.5): ${why}`,
      expected: 'private, no-store or no-cache, or no explicit freshness (or Vary naming the key header)',
      received: receivedFields(response, ['cache-control', 'expires', 'vary']),
    };
  },
};
