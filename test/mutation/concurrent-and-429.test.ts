/**
 * The two mutant sites no gate property judged before (issue 33): pages answered while another
 * request is in flight (`concurrent>1`), which only pipelined requests reach on a server that
 * answers on one thread, and the answers of the rate-limit burst that are not a 429. Each
 * property kills its site's mutant and passes the clean sandbox.
 */
import { describe, expect, it } from 'vitest';
import { MATRIX_SANDBOX, withSandbox } from '../../lib/props/matrix.ts';
import { selectProperties } from '../../lib/props/registry.ts';
import { runProperty, type PropertyResult } from '../../lib/props/runner.ts';
import type { SandboxOptions } from '../../lib/target/sandbox-options.ts';
import '../setup/provide-layers.ts';

/** A limit a burst reaches in a fraction of a second on any machine (the default is 1,000/s). */
const LOW_LIMIT = { rateLimit: { perKey: 30, perTenant: 90, windowMs: 1000 } };

async function run(property: string, options: SandboxOptions, seed: number): Promise<PropertyResult> {
  const [definition] = selectProperties([property]);
  if (definition === undefined) throw new Error(`no property ${property}`);
  return withSandbox({ ...MATRIX_SANDBOX, ...options }, (context) =>
    runProperty(definition, context, { seed, shrink: false }),
  );
}

const failedCheck = (result: PropertyResult) =>
  result.status === 'failed' ? result.failures[0]?.check : result.status;

describe('pages answered under concurrency (pagination.concurrent-walks)', () => {
  it('should fail a page mutated only while another request is in flight', async () => {
    const result = await run('pagination.concurrent-walks', { mutant: 'm:id-number@concurrent>1' }, 1);
    expect(failedCheck(result)).toBe('page-matches-schema');
  }, 60_000);

  it('should fail a repeated page that loses a record only under concurrency', async () => {
    const result = await run('pagination.concurrent-walks', { mutant: 'm:repeat-differs@concurrent>1' }, 1);
    expect(failedCheck(result)).toBe('repeat-gives-same-page');
  }, 60_000);

  it('should pass the clean sandbox for 3 seeds, and an allowed change made under concurrency', async () => {
    for (const seed of [1, 2, 3]) {
      const result = await run('pagination.concurrent-walks', {}, seed);
      expect(result.status, `seed ${seed}`).toBe('passed');
    }
    const reversed = await run(
      'pagination.concurrent-walks',
      { mutant: 'm:records-reversed@concurrent>1' },
      1,
    );
    expect(reversed.status).toBe('passed');
  }, 90_000);
});

describe('every answer of the rate-limit burst (ratelimit.retry-after-honest)', () => {
  it('should fail a 5xx sent in place of a 429', async () => {
    const result = await run(
      'ratelimit.retry-after-honest',
      { ...LOW_LIMIT, mutant: 'm:status-500@error-429' },
      1,
    );
    expect(failedCheck(result)).toBe('walk-pages-succeed');
  }, 60_000);

  it('should pass the clean sandbox, throttled and then served', async () => {
    const result = await run('ratelimit.retry-after-honest', LOW_LIMIT, 1);
    expect(result.status).toBe('passed');
    expect(result.status === 'passed' && result.runs - result.inconclusiveRuns).toBeGreaterThan(0);
  }, 60_000);
});
