/**
 * not-shared-cacheable judges what RFC 9111 §3.5 lets a shared cache reuse for another requester,
 * per scheme; no Cache-Control at all, or one that keeps the page private, passes.
 */
import { describe, expect, it } from 'vitest';
import { notSharedCacheable } from '../../lib/checks/not-shared-cacheable.ts';
import type { PageContext } from '../../lib/checks/types.ts';
import type { AuthScheme } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';

const DATE = 'Fri, 27 Nov 2026 15:00:00 GMT';

const judge = (scheme: AuthScheme, headers: Record<string, string>, status = 200) =>
  notSharedCacheable.run({
    call: { endpoint: 'menuItems', query: {}, credential: { tenant: 't', role: 'full', scheme } },
    response: toApiResponse(status, { date: DATE, ...headers }, '{}', 1),
  } as unknown as PageContext)?.code ?? null;

describe('not-shared-cacheable', () => {
  it.each([
    ['bearer', { 'cache-control': 'public, max-age=300', vary: 'Accept-Encoding' }],
    ['serviceHeader', { 'cache-control': 'Public' }],
    ['bearer', { 'cache-control': 's-maxage=60' }],
    ['serviceHeader', { 'cache-control': 'max-age=300' }],
    ['serviceHeader', { 'cache-control': 'max-age=300', vary: 'Authorization' }],
    ['serviceHeader', { expires: 'Fri, 27 Nov 2026 16:00:00 GMT' }],
    ['bearer', { 'cache-control': 'max-age=60, must-revalidate' }],
  ] as const)('should fail a page via %s with %j', (scheme, headers) => {
    expect(judge(scheme, headers)).toBe('SHARED_CACHEABLE');
  });

  it.each([
    ['bearer', {}],
    ['serviceHeader', {}],
    ['bearer', { 'cache-control': 'max-age=300' }],
    ['bearer', { 'cache-control': 'max-age=60, must-revalidate', vary: 'Authorization' }],
    ['serviceHeader', { 'cache-control': 'private, max-age=300' }],
    ['serviceHeader', { 'cache-control': 'no-store' }],
    ['serviceHeader', { 'cache-control': 'no-cache, max-age=300' }],
    ['serviceHeader', { 'cache-control': 'max-age=0' }],
    ['serviceHeader', { 'cache-control': 'max-age=300', vary: 'Accept-Encoding, X-Brand-Api-Key' }],
    ['serviceHeader', { 'cache-control': 'max-age=300', vary: '*' }],
    ['serviceHeader', { expires: 'Fri, 27 Nov 2026 14:00:00 GMT' }],
    ['serviceHeader', { etag: '"abc"' }],
  ] as const)('should pass a page via %s with %j', (scheme, headers) => {
    expect(judge(scheme, headers)).toBeNull();
  });

  it('should not judge an answer that is no 2xx page', () => {
    expect(judge('serviceHeader', { 'cache-control': 'public, max-age=300' }, 403)).toBeNull();
  });
});
