/**
 * `--publish prometheus` end to end: a short load on Artillery against a sandbox that throttles
 * and answers errors in the wrong shape, its metrics pushed by Artillery's publish-metrics plugin
 * to a real Prometheus Pushgateway this test starts, then read back from the Pushgateway. The
 * pushed series carry the endpoint, tenant, depth bucket, check and 429 dimensions, and no key.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRunner, RUN_TIMEOUT_MS } from './run-helpers.ts';
import { sandboxKeys } from './sandbox-keys.ts';
import { startPushgateway, type RunningPushgateway } from './pushgateway.ts';
import '../setup/provide-layers.ts';

vi.mock('../../lib/adapters/open-target.ts', async (importOriginal) =>
  (await import('./sandbox-keys.ts')).captureSandboxKeys(importOriginal),
);

const run = loadRunner();
let gateway: RunningPushgateway;

beforeAll(async () => {
  gateway = await startPushgateway();
});
afterAll(async () => {
  await gateway?.stop();
});

/** The `metric` label of every pushed series of the plugin's three families. */
function pushedNames(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^artillery_(counters|rates|summaries)\{/.test(line))
    .map((line) => /metric="([^"]*)"/.exec(line)?.[1] ?? '');
}

/**
 * Waits for the start of one of Artillery's 10 s reporting periods (aligned to the wall clock):
 * a run that spans two periods pushes both at its end, in parallel, and the Pushgateway may keep
 * the older (docs/load.md), which would lose the series of the later one.
 */
async function startOfPeriod(): Promise<void> {
  const intoPeriod = Date.now() % 10_000;
  await new Promise((resolve) => setTimeout(resolve, 10_000 - intoPeriod + 100));
}

describe('--publish prometheus', () => {
  it(
    'should push the harness series with endpoint, tenant, depth, check and 429 dimensions, and no key',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      await startOfPeriod();
      const result = await run({
        scenario: 'walk',
        duration: '2s',
        rate: 4,
        // A key limit the walks exceed (429s) and error bodies without statusCode (a failing check).
        sandbox: { rateLimit: { perKey: 6, perTenant: 1000, windowMs: 1000 } },
        faults: ['error-shape'],
        publish: 'prometheus',
        env: { ...process.env, HARNESS_PUBLISH_PUSHGATEWAY_URL: gateway.url },
      });

      expect(result.warnings).toEqual([]);
      const text = await gateway.metrics();
      const names = pushedNames(text);
      const tenant = '_tenant_tenant-[abc]';
      const endpoint = '_endpoint_(menuitems|orders)';
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^harness_latency${endpoint}${tenant}_depth_1_p95$`)),
        ]),
      );
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^harness_latency${endpoint}${tenant}_depth_2-5_p99$`)),
        ]),
      );
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^harness_responses${endpoint}${tenant}_status_429$`)),
        ]),
      );
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^harness_rate_limited${endpoint}${tenant}_role_full$`)),
        ]),
      );
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            new RegExp(`^harness_check_failures_check_error-body-shape${endpoint}${tenant}$`),
          ),
        ]),
      );
      expect(names).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^harness_walks_end_\\w+${endpoint}${tenant}$`)),
        ]),
      );
      // The run's name is the one static label the harness adds.
      // The run label is the run id, as in the run folder and summary.json.
      expect(text).toContain(`run="${result.summary.runId}"`);
      expect(sandboxKeys.size).toBeGreaterThan(0);
      for (const key of sandboxKeys) {
        expect(text.includes(key)).toBe(false);
        expect(text.toLowerCase().includes(key.toLowerCase())).toBe(false);
      }
      expect(text).not.toMatch(/sbx_/i);
    },
  );
});
