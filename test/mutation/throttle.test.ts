/**
 * A throttled request is a 429 no cache may store (throttle-not-storable, RFC 6585 §4), and never a
 * page that is not the one the same request was served (repeat-gives-same-page: GET is idempotent,
 * RFC 9110 §9.2.2). Both rate-limit bursts catch the sandbox faults throttle-cacheable and
 * throttle-serves-empty-page (the latter though no 429 ever comes: a finding, not "never
 * throttled"), on a sandbox whose data changes too (the bursts go to its quiescent tenant), and
 * pass the clean sandbox under the same limit, every run judged.
 */
import { describe, expect, it } from 'vitest';
import { toApiResponse } from '../../lib/http/response.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';
import { THROTTLED_LIMIT } from '../../lib/props/matrix.ts';
import { sameEveryTime } from '../../properties/burst-same-page.ts';
import { failedCheck, runOnSandbox } from './run-property.ts';
import '../setup/provide-layers.ts';

const BURSTS = ['ratelimit.retry-after-honest', 'ratelimit.tenant-limit-429'] as const;
const throttled = (faults: string[]) => ({ faults, rateLimit: THROTTLED_LIMIT });

describe('the same page every time, in a burst (properties/burst-same-page.ts)', () => {
  const target = (quiescent: boolean) =>
    resolveInlineTarget({
      baseUrl: 'http://127.0.0.1:1/api/v1',
      apiKeyHeader: 'X-Service-Api-Key',
      load: { allowed: true, maxRps: 10 },
      tenants: [{ name: 'a', quiescent, keys: {} }],
    });
  const call = (role: 'full' | 'lowRateLimit'): ApiCall => ({
    endpoint: 'orders',
    query: { limit: '1' },
    credential: { tenant: 'a', role, scheme: 'bearer' },
  });
  const page = (ids: string[], hasMore: boolean, token = 'x', extra = '') =>
    toApiResponse(
      200,
      { 'content-type': 'application/json' },
      JSON.stringify({
        data: ids.map((id) => ({ id, status: 'OPEN' })),
        pagination: { nextPageToken: hasMore ? token : null, hasMore },
        ...(extra && { requestId: extra }),
      }),
      1,
    );
  const refused = toApiResponse(429, { 'content-type': 'application/json' }, '{"statusCode":429}', 1);

  it('should pass the same records and hasMore, whatever the token text, extra top-level fields or 429s between', () => {
    const judge = sameEveryTime(target(true), 'a');
    expect(judge(call('full'), page(['o1'], true, 't1', 'r1'))).toEqual([]);
    expect(judge(call('full'), refused)).toEqual([]);
    expect(judge(call('full'), page(['o1'], true, 't2', 'r2'))).toEqual([]);
    // Another key's request is compared with its own first page only.
    expect(judge(call('lowRateLimit'), page([], false))).toEqual([]);
  });

  it('should fail a 200 that is another page of the same request: an empty last page for a throttled one', () => {
    const judge = sameEveryTime(target(true), 'a');
    judge(call('full'), page(['o1'], true));
    const failures = judge(call('full'), page([], false));
    expect(failures.map((failure) => [failure.check, failure.code])).toEqual([
      ['repeat-gives-same-page', 'REPEAT_DIFFERS'],
    ]);
    expect(failures[0]?.requests).toHaveLength(2);
  });

  it('should compare nothing on a tenant whose data changes', () => {
    const judge = sameEveryTime(target(false), 'a');
    judge(call('full'), page(['o1'], true));
    expect(judge(call('full'), page([], false))).toEqual([]);
  });
});

describe('a throttled request, in both rate-limit bursts', () => {
  it.each(BURSTS)(
    'should fail a 429 marked public with a max-age (throttle-cacheable) in %s',
    async (property) => {
      const result = await runOnSandbox(property, throttled(['throttle-cacheable']), 1);
      expect(failedCheck(result)).toBe('throttle-not-storable');
      expect(result.status === 'failed' && result.failures[0]?.received).toMatch(
        /cache-control: public, max-age=\d+/,
      );
    },
    60_000,
  );

  // At the sandbox's own limits only the lowRateLimit key (every scope) is ever over its limit: a
  // key lacking a scope served the empty page would fail throttle-is-429 first (200, not 403).
  it.each(BURSTS)(
    'should fail a request over the limit served 200 with an empty last page (throttle-serves-empty-page) in %s',
    async (property) => {
      const result = await runOnSandbox(property, { faults: ['throttle-serves-empty-page'] }, 1);
      expect(failedCheck(result)).toBe('repeat-gives-same-page');
      expect(result.status === 'failed' && result.failures[0]?.message).toMatch(
        /in a burst until throttled sent again: another page \((1 records, then 0|0 records, then 1) records\)/,
      );
    },
    60_000,
  );

  it.each(BURSTS)(
    'should catch the empty last page on a sandbox whose data changes, bursting its quiescent tenant, in %s',
    async (property) => {
      const soft = { faults: ['throttle-serves-empty-page'], churn: 100 };
      for (const seed of [1, 2]) {
        const result = await runOnSandbox(property, soft, seed);
        expect(failedCheck(result), `seed ${seed}`).toBe('repeat-gives-same-page');
      }
      expect((await runOnSandbox(property, { faults: [], churn: 100 }, 1)).status).toBe('passed');
    },
    120_000,
  );

  it.each(BURSTS)(
    'should pass the clean sandbox under the same limit, every run judged, in %s',
    async (property) => {
      for (const seed of [1, 2, 3]) {
        const result = await runOnSandbox(property, throttled([]), seed);
        expect(result.status, `seed ${seed}: ${JSON.stringify(result)}`).toBe('passed');
      }
    },
    120_000,
  );
});
