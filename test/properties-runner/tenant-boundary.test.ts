/**
 * The tenant boundary seen from outside (spec §5, §7): a foreign place is refused exactly like an
 * unknown one. tenancy.foreign-location passes on the clean sandbox and finds the 404 that names
 * the place's owner (foreign-404-names-owner) by foreign-like-unknown.
 */
import { describe, expect, it } from 'vitest';
import { runProperties } from '../../lib/props/runner.ts';
import { TENANCY } from '../../properties/tenancy.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, startSmallSandbox } from './live-target.ts';

const NAMES = ['tenancy.foreign-location', 'tenancy.foreign-category'];

async function run(faults: string[], names: readonly string[] = NAMES) {
  const sandbox: RunningSandbox = await startSmallSandbox({ faults });
  const context = contextOn(sandbox.target);
  try {
    return await runProperties(
      TENANCY.filter((property) => names.includes(property.name)),
      context,
      { seed: 1, runs: 10 },
    );
  } finally {
    await context.close();
    await sandbox.close();
  }
}

describe('foreign places refused like unknown ones', () => {
  it('should pass on the clean sandbox', async () => {
    const results = await run([]);
    expect(results.map((result) => [result.name, result.status])).toEqual(
      NAMES.map((name) => [name, 'passed']),
    );
  }, 60_000);

  it('should find a 404 that names the foreign place owner', async () => {
    const results = await run(['foreign-404-names-owner']);
    expect(results).toHaveLength(NAMES.length);
    for (const result of results) {
      expect(result.status, result.name).toBe('failed');
      const checks = result.status === 'failed' ? result.failures.map((failure) => failure.check) : [];
      expect(checks, result.name).toContain('foreign-like-unknown');
    }
  }, 60_000);

  it('should find tenants mixed up by requests in flight together, and pass the clean sandbox', async () => {
    const overlap = ['tenancy.overlapping-tenants'];
    const clean = await run([], overlap);
    expect(clean.map((result) => result.status)).toEqual(['passed']);
    const [result] = await run(['tenant-shared-across-await'], overlap);
    expect(result?.status).toBe('failed');
    const checks = result?.status === 'failed' ? result.failures.map((failure) => failure.check) : [];
    expect(checks).toEqual(expect.arrayContaining(['tenant-isolation']));
  }, 60_000);
});
