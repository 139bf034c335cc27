/**
 * A real key's header in another spelling HTTP makes the same credential (Bearer and two or three
 * spaces, a space and a tab around either header's value): served as the plain header. The
 * coverage phase alone (no random run) sends every spelling on each endpoint's first page and
 * cursor page, passes the clean sandbox (which serves every spelling), and catches
 * bearer-one-space-only; its curl script reproduces it by status, and no key appears in what the
 * run reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { KEY_SPELLINGS } from '../../lib/http/key-spelling.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { isSkip, type PropertyDefinition } from '../../lib/props/types.ts';
import { AUTH } from '../../properties/auth.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, coverageOnly, expectReproducedWithoutKeys, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const SPELLINGS = AUTH.find((each) => each.name === 'auth.key-spellings') as PropertyDefinition;

describe('auth.key-spellings on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should send every spelling on each endpoint, first page and cursor page, in the coverage phase', async () => {
    const context = contextOn(sandbox.target);
    try {
      const ready = await SPELLINGS.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const examples = (ready.coverage?.examples ?? []) as {
        spelling: string;
        request: { endpoint: string; cursor: boolean };
      }[];
      const sent = new Set(
        examples.map(({ spelling, request }) => `${spelling} ${request.endpoint} ${request.cursor}`),
      );
      for (const spelling of KEY_SPELLINGS)
        for (const endpoint of ENDPOINTS)
          for (const cursor of [false, true]) expect(sent).toContain(`${spelling} ${endpoint} ${cursor}`);
    } finally {
      await context.close();
    }
  });

  it('should pass, coverage phase and random runs, and report every spelling reached', async () => {
    const context = contextOn(sandbox.target);
    try {
      const [result] = await runProperties([SPELLINGS], context, { seed: 1, runs: 20 });
      if (result?.status !== 'passed') throw new Error(`not passed: ${JSON.stringify(result)}`);
      const reached = result.coverage?.reached.map((entry) => entry.label);
      expect(reached).toEqual([...KEY_SPELLINGS]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the fault bearer-one-space-only', () => {
  it('should be caught before any random run, for every seed, and reproduced by its curl script, no key written', async () => {
    const fault = 'bearer-one-space-only';
    const sandbox = await startSmallSandbox({ faults: [fault] });
    try {
      const results = [];
      for (const seed of [1, 2]) {
        const result = await coverageOnly(sandbox, SPELLINGS, seed);
        if (result?.status !== 'failed') throw new Error(`not failed: ${JSON.stringify(result)}`);
        expect(result.failures.map((failure) => [failure.check, failure.code])).toContainEqual([
          'key-spelling-served',
          'KEY_SPELLING_CHANGED_STATUS',
        ]);
        results.push(result);
      }
      await expectReproducedWithoutKeys(sandbox, fault, results, 'REPRODUCED: key-spelling-served');
    } finally {
      await sandbox.close();
    }
  }, 90_000);
});
