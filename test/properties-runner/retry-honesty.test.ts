/**
 * The one 429 loop judges Retry-After wherever the properties meet it (lib/paging/tenant-traffic.ts):
 * a request throttled again after waiting all of Retry-After twice in a row, its tenant alone each
 * time, fails retry-after-honest in whatever property met it; an honest limiter fails nothing.
 */
import { describe, expect, it } from 'vitest';
import { selectProperties } from '../../lib/props/registry.ts';
import { runProperties, type PropertyResult } from '../../lib/props/runner.ts';
import { contextOn, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

/** Three requests a second a key: a walk is throttled within its first pages. */
const TIGHT = { perKey: 3, perTenant: 1000, windowMs: 1000 };

async function walkThrottled(faults: string[]): Promise<PropertyResult | undefined> {
  const sandbox = await startSmallSandbox({ rateLimit: TIGHT, faults });
  const context = contextOn(sandbox.target);
  try {
    const properties = selectProperties(['pagination.terminates']);
    const [result] = await runProperties(properties, context, { seed: 3, runs: 1, timeBudgetMs: 8_000 });
    return result;
  } finally {
    await context.close();
    await sandbox.close();
  }
}

describe('Retry-After judged by the properties that meet a 429', () => {
  it('should fail retry-after-honest where a Retry-After of 0 is answered 429 again', async () => {
    const result = await walkThrottled(['retry-after-short']);
    expect(result?.status).toBe('failed');
    expect(result?.status === 'failed' && result.failures.map((failure) => failure.check)).toContain(
      'retry-after-honest',
    );
  }, 60_000);

  it('should fail nothing where the limiter is honest, however throttled the walks are', async () => {
    const result = await walkThrottled([]);
    expect(result?.status).not.toBe('failed');
  }, 60_000);
});
