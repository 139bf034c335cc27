/**
 * An unknown place id of any plausible shape is 404 (spec §2, §5, §7): unknown-place-not-found
 * judges a 400 for one, and parameters.unknown-place's coverage phase sends ids of other shapes on
 * every site (each endpoint and parameter, via each scheme, first page and page 2; a 400 with a
 * cursor may be the cursor's, so only first pages are held to 404). The fault
 * place-id-format-400 (ids not shaped like the sandbox's own are 400) is caught before any random
 * run; the clean sandbox passes the coverage phase in near-misses.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unknownPlaceNotFound } from '../../lib/checks/unknown-place-not-found.ts';
import type { ApiResponse } from '../../lib/http/response.ts';
import { AUTH_SCHEMES } from '../../lib/http/call.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { isSkip } from '../../lib/props/types.ts';
import { placeOutsideProperty } from '../../properties/params-outside-places.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, startSmallSandbox } from './live-target.ts';

/** The check's verdict on `encoded` sent as locationId and answered `status`. */
function judged(encoded: string, status: number, query: Record<string, string> = {}) {
  const response = {
    status,
    bodyText: '{"statusCode":400}',
    body: {},
    headers: {},
  } as unknown as ApiResponse;
  const call = { endpoint: 'orders', query, raw: [{ name: 'locationId', encoded }] } as never;
  return unknownPlaceNotFound.run({ call, response, probe: `locationId=${encoded}` });
}

describe('unknown-place-not-found', () => {
  it('should fire on a 400 for a plausible id of any shape', () => {
    for (const id of ['nowhere', 'LOC-1', 'cat-1', 'loc_nowhere', '12345678', '*', 'x'.repeat(64)])
      expect(judged(encodeURIComponent(id), 400)?.code, id).toBe('UNKNOWN_ID_CALLED_MALFORMED');
    expect(judged('nowhere', 400)?.message).toContain('"nowhere"');
  });

  it('should stay quiet on a 404, and on a 400 for what is no plausible id', () => {
    expect(judged('nowhere', 404)).toBeNull();
    for (const encoded of ['', '%20loc', 'a%0Ab', 'a%FF', 'x'.repeat(65), '%C3%A9t%C3%A9'])
      expect(judged(encoded, 400), encoded).toBeNull();
  });

  it("should leave a 400 with a cursor alone: the cursor's list had no such id (filters changed mid-walk)", () => {
    expect(judged('nowhere', 400, { cursor: 'abc' })).toBeNull();
    expect(judged('nowhere', 400, { limit: '1' })?.code).toBe('UNKNOWN_ID_CALLED_MALFORMED');
  });
});

describe('the fault place-id-format-400', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox({ faults: ['place-id-format-400'] });
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should have ids of other shapes sent on every site in the coverage phase', async () => {
    const context = contextOn(sandbox.target);
    try {
      const ready = await placeOutsideProperty.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const coverage = ready.coverage;
      const keys = new Set(coverage?.examples.flatMap((example) => coverage.reached(example)));
      for (const where of ['orders locationId', 'menuItems locationId', 'menuItems categoryId'])
        for (const scheme of AUTH_SCHEMES)
          for (const page of ['', ' with a cursor'])
            expect(keys).toContain(`${where} via ${scheme}${page}: ids of other shapes`);
      expect(coverage?.cells.filter((cell) => cell.why !== undefined)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('should be caught by unknown-place-not-found before any random run', async () => {
    const context = contextOn(sandbox.target);
    try {
      const [result] = await runProperties([placeOutsideProperty], context, { seed: 1, runs: 0 });
      const checks = result?.status === 'failed' ? result.failures.map((failure) => failure.check) : [];
      expect(new Set(checks)).toEqual(new Set(['unknown-place-not-found']));
    } finally {
      await context.close();
    }
  }, 60_000);
});
