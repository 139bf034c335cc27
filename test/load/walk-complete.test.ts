/**
 * walk-complete-under-load on Artillery, through the harness's engine: a sandbox that throttles
 * softly (throttle-serves-empty-page: a request over its limit served 200 with an empty last page)
 * fails the isolation load, whose setup walked every quiescent tenant's lists whole; the clean
 * sandbox with the same limit passes, its churned tenants (all but the last) changing too.
 *
 * The limit is one the load reaches and the setup's owner walks do not: on a small dataset those
 * walk each tenant's two lists with one key, in at most 6 pages (tenant-a's 324 orders in pages of
 * 100, its 120 items in 2), under 8 a key and 16 a tenant a second; its first-page probes after
 * them may meet the limit (a 429 on the clean sandbox, backed off; an empty page under the fault,
 * which they do not count). The load's 20 walks a second, some of 15 pages, go past it at once, on
 * a slow machine too (about 90 requests a second on this one, against 48 the three tenants may
 * send).
 * Asserted on the exit code and the result JSON, never on text.
 */
import { describe, expect, it, vi } from 'vitest';
import { METRIC } from '../../lib/load/metrics.ts';
import type { LoadOptions } from '../../lib/load/run/options.ts';
import { failedChecks, resultOnDisk, STAGED_TIMEOUT_MS, stagedRunner } from './run-helpers.ts';
import { sandboxKeys } from './sandbox-keys.ts';
import '../setup/provide-layers.ts';

vi.mock('../../lib/adapters/open-target.ts', async (importOriginal) =>
  (await import('./sandbox-keys.ts')).captureSandboxKeys(importOriginal),
);

const CHECK = 'walk-complete-under-load';

const REACHED: LoadOptions = {
  scenario: 'isolation',
  profile: 'smoke',
  duration: '4s',
  rate: 20,
  sandbox: {
    orders: 600,
    menuItemsPerTenant: 120,
    rateLimit: { perKey: 8, perTenant: 16, windowMs: 1000 },
  },
};

const LOADS: Record<string, LoadOptions> = {
  soft: { ...REACHED, faults: ['throttle-serves-empty-page'] },
  clean: REACHED,
  churned: { ...REACHED, sandbox: { ...REACHED.sandbox, churn: 100 } },
};

const stage = stagedRunner(LOADS);

describe.concurrent('walk-complete-under-load', { timeout: STAGED_TIMEOUT_MS }, () => {
  it('should fail the load on a walk that an empty page served in place of a 429 ended short (throttle-serves-empty-page)', async () => {
    const result = await stage('soft');

    expect(result).toMatchObject({ verdict: 'fail', exitCode: 1, engine: { exitCodes: [0] } });
    expect(failedChecks(result)).toContain(CHECK);
    const check = resultOnDisk(result).checks.find((each) => each.name === CHECK);
    expect(check).toMatchObject({ unit: 'walks', first: { check: CHECK } });
    expect(check?.first?.code).toMatch(/^(WALK_SHORT|FIRST_PAGE_EMPTY|SETUP_WALK_SHORT)$/);
    // The first example names the walk's first request and whose key it went with, never the key.
    expect(check?.first?.message).toMatch(
      /^GET \/public\/(orders|menu\/items)(\?limit=\d+)? \(tenant \S+'s \w+ key by \w+\) ended with hasMore false/,
    );
    expect(result.reason).toContain(`${CHECK} failed`);
    const text = JSON.stringify(resultOnDisk(result));
    for (const key of sandboxKeys) expect(text.includes(key)).toBe(false);
  });

  it.each(['clean', 'churned'])(
    "should pass the %s sandbox, every walk of a quiescent tenant's unfiltered list that ended whole",
    async (name) => {
      const result = await stage(name);

      expect(result).toMatchObject({ verdict: 'pass', exitCode: 0 });
      const check = result.checks.find((each) => each.name === CHECK);
      expect(check).toMatchObject({ unit: 'walks', errors: 0 });
      expect(check?.judged).toBeGreaterThan(0);
      // The limit was reached: the walks met 429s, backed off and still held their lists.
      expect(result.metrics[METRIC.rateLimited]?.values.passes ?? 0).toBeGreaterThan(0);
      // With churn only the quiescent tenant (the last) is judged: the churned tenants' walks are not.
      const tenants = Object.keys(result.metrics).filter((series) =>
        series.startsWith(`${METRIC.judgedWalks}{tenant:`),
      );
      expect(tenants).toHaveLength(name === 'churned' ? 1 : 3);
    },
  );
});
