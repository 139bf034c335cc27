import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TargetFile } from '../../lib/target/schema.ts';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { selectProperties } from '../../lib/props/registry.ts';
import { runProperties, type PropertyResult } from '../../lib/props/runner.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const byName = (results: PropertyResult[]) => new Map(results.map((result) => [result.name, result]));

async function run(file: TargetFile, names: string[] = [], options = {}) {
  const context = contextOn(file, options);
  try {
    return byName(
      await runProperties(names.length ? selectProperties(names) : ALL_PROPERTIES, context, {
        seed: 7,
        runs: 3,
      }),
    );
  } finally {
    await context.close();
  }
}

function expectSkipped(result: PropertyResult | undefined, reason: RegExp) {
  expect(result?.status).toBe('skipped');
  expect(result?.status === 'skipped' && result.reason).toMatch(reason);
}

describe('runner on a target that cannot support every property', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  });
  afterAll(() => sandbox.close());

  it('should report properties needing a missing key role or a second tenant as skipped, with the reason', async () => {
    const [first] = sandbox.target.tenants;
    if (!first?.keys.full) throw new Error('sandbox has no full key');
    const results = await run({
      ...sandbox.target,
      tenants: [{ ...first, keys: { full: first.keys.full } }],
    });
    expectSkipped(results.get('auth.revoked-key'), /needs 1 tenant with a revoked key/);
    expectSkipped(results.get('auth.expired-key'), /needs 1 tenant with an expired key/);
    expectSkipped(results.get('auth.scope-orders-read'), /needs 1 tenant with a noOrdersRead key/);
    expectSkipped(results.get('ratelimit.head-throttled'), /needs 1 tenant with a lowRateLimit key/);
    for (const name of ['tenancy.disjoint-ids', 'tenancy.cross-tenant-cursor', 'tenancy.foreign-location'])
      expectSkipped(results.get(name), /needs 2 tenants with a full key/);
    expect(results.get('pagination.no-duplicates')?.status).toBe('passed');
    expect([...results.values()].filter((result) => result.status === 'failed')).toEqual([]);
  });

  it('should skip the walk comparisons when no tenant is quiescent, and run the walks under change', async () => {
    const tenants = sandbox.target.tenants.map((tenant) => ({ ...tenant, quiescent: false }));
    const results = await run({ ...sandbox.target, tenants }, ['pagination', 'filters']);
    expectSkipped(results.get('pagination.limit-invariance'), /needs a quiescent tenant/);
    expectSkipped(results.get('filters.q-finds-all'), /needs a quiescent tenant/);
    expect(results.get('pagination.no-duplicates-while-changing')?.status).toBe('passed');
  });

  it('should skip what needs a full key when the target only has limited keys', async () => {
    const tenants = sandbox.target.tenants.map(({ keys: { full: _full, ...limited }, ...tenant }) => ({
      ...tenant,
      keys: limited,
    }));
    const results = await run({ ...sandbox.target, tenants }, ['pagination', 'auth']);
    expectSkipped(results.get('pagination.terminates'), /needs 1 tenant with a full key/);
    expect(results.get('auth.revoked-key')?.status).toBe('passed');
  });
});

describe('runner on a target that throttles every request', () => {
  it('should call throttled runs inconclusive (skipped), never passed and never failed', async () => {
    const sandbox = await startSmallSandbox({ rateLimit: { perKey: 1, perTenant: 1, windowMs: 60_000 } });
    try {
      const results = await run(sandbox.target, ['pagination.terminates', 'limits.accepted'], {
        client: { backoff: { maxRetries: 0, baseMs: 1, capMs: 1 } },
      });
      expectSkipped(results.get('pagination.terminates'), /^inconclusive: /);
      expectSkipped(results.get('limits.accepted'), /^inconclusive: /);
    } finally {
      await sandbox.close();
    }
  });
});

// The rate-limit property on a target whose load.maxRps keeps its burst under the limit (the key
// never throttled, inconclusive, with how fast it went): test/mutation/concurrent-and-429.test.ts,
// "never reaches the limit", the same property on the same pace without the lowRateLimit keys.
