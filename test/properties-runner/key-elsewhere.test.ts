/**
 * A real key sent where spec §5 does not look for one (a query parameter, a cookie, another
 * Authorization scheme or header) and in neither of its two headers: a request missing its key,
 * 401 (a query parameter may be 400). The coverage phase alone (no random run) sends every place
 * on each endpoint's first page and cursor page, catches each fault, and passes the clean sandbox;
 * no key appears in what the run reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { KEY_PLACES } from '../../lib/http/key-place.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { isSkip, type PropertyDefinition } from '../../lib/props/types.ts';
import { AUTH } from '../../properties/auth.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, expectReproducedWithoutKeys, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const ELSEWHERE = AUTH.find((each) => each.name === 'auth.key-elsewhere') as PropertyDefinition;

async function coverageOnly(sandbox: RunningSandbox, seed = 1, runs = 0) {
  const context = contextOn(sandbox.target);
  try {
    const [result] = await runProperties([ELSEWHERE], context, { seed, runs });
    return result;
  } finally {
    await context.close();
  }
}

describe('auth.key-elsewhere on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should send every place on each endpoint, first page and cursor page, in the coverage phase', async () => {
    const context = contextOn(sandbox.target);
    try {
      const ready = await ELSEWHERE.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const examples = (ready.coverage?.examples ?? []) as {
        key: { keyPlace?: string; tenant: string };
        request: { endpoint: string; cursor: boolean };
      }[];
      const sent = new Set(
        examples.map(({ key, request }) => `${key.keyPlace} ${request.endpoint} ${request.cursor}`),
      );
      for (const place of KEY_PLACES)
        for (const endpoint of ENDPOINTS)
          for (const cursor of [false, true]) expect(sent).toContain(`${place} ${endpoint} ${cursor}`);
      // Each tenant's key goes somewhere.
      const tenants = new Set(examples.map(({ key }) => key.tenant));
      expect(tenants.size).toBe(sandbox.target.tenants.filter((tenant) => tenant.keys.full).length);
    } finally {
      await context.close();
    }
  });

  it('should pass, coverage phase and random runs', async () => {
    const result = await coverageOnly(sandbox, 1, 20);
    expect(result?.status).toBe('passed');
  }, 60_000);
});

describe.each(['key-in-query', 'key-in-other-header', 'key-in-cookie', 'authorization-other-scheme'])(
  'the fault %s',
  (fault) => {
    it('should be caught before any random run, for every seed, and reproduced by its curl script, no key written', async () => {
      const sandbox = await startSmallSandbox({ faults: [fault] });
      try {
        const results = [];
        for (const seed of [1, 2]) {
          const result = await coverageOnly(sandbox, seed);
          expect(result?.status).toBe('failed');
          expect(JSON.stringify(result)).toContain('ACCEPTED');
          if (result !== undefined) results.push(result);
        }
        await expectReproducedWithoutKeys(sandbox, fault, results, 'REPRODUCED: key-rejected');
      } finally {
        await sandbox.close();
      }
    }, 90_000);
  },
);
