/**
 * A throttled request is a 429 no cache may store (throttle-not-storable, RFC 6585 §4), and never a
 * page that is not the one the same request was served (repeat-gives-same-page: GET is idempotent,
 * RFC 9110 §9.2.2). Both rate-limit bursts catch the sandbox faults throttle-cacheable and
 * throttle-serves-empty-page (the latter though no 429 ever comes: a finding, not "never
 * throttled") and pass the clean sandbox under the same limit, every run judged.
 */
import { describe, expect, it } from 'vitest';
import { THROTTLED_LIMIT } from '../../lib/props/matrix.ts';
import { failedCheck, runOnSandbox } from './run-property.ts';
import '../setup/provide-layers.ts';

const BURSTS = ['ratelimit.retry-after-honest', 'ratelimit.tenant-limit-429'] as const;
const throttled = (faults: string[]) => ({ faults, rateLimit: THROTTLED_LIMIT });

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

  it.each(BURSTS)(
    'should fail a request over the limit served 200 with an empty last page (throttle-serves-empty-page) in %s',
    async (property) => {
      const result = await runOnSandbox(property, throttled(['throttle-serves-empty-page']), 1);
      expect(failedCheck(result)).toBe('repeat-gives-same-page');
      expect(result.status === 'failed' && result.failures[0]?.message).toMatch(
        /in a burst until throttled sent again: another page \(1 records, then 0 records\)/,
      );
    },
    60_000,
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
