/**
 * A kept-alive connection stays usable after every kind of answer (RFC 9112 §9.3): http.keep-alive's
 * coverage phase alone (no random run) sends each cell's request on a connection of its own, then a
 * full key's first page on it. A sandbox that never answers a connection again after a list's 404
 * (connection-dead-after-404) fails connection-reusable at the unknown locationId, for every seed,
 * its keys in no part of the result; on the clean sandbox every cell is reached and passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeepAliveExchange } from '../../lib/http/keep-alive.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { ContractViolation } from '../../lib/props/transcript.ts';
import { isSkip } from '../../lib/props/types.ts';
import { keepAliveProperty } from '../../properties/http-keep-alive.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, coverageOnly, keyValues, startSmallSandbox } from './live-target.ts';

describe('http.keep-alive against a connection left dead after a 404', () => {
  let faulty: RunningSandbox;
  let clean: RunningSandbox;
  beforeAll(async () => {
    [faulty, clean] = await Promise.all([
      startSmallSandbox({ faults: ['connection-dead-after-404'] }),
      startSmallSandbox(),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([faulty.close(), clean.close()]));

  it('should fail connection-reusable at the first 404 cell, naming it and the wait, no key shown', async () => {
    // Both seeds at once: each waits its 5 s on a dead connection of its own.
    const results = await Promise.all([1, 2].map((seed) => coverageOnly(faulty, keepAliveProperty, seed)));
    for (const result of results) {
      expect(result?.status).toBe('failed');
      const failure = result?.status === 'failed' ? result.failures[0] : undefined;
      expect([failure?.check, failure?.code]).toEqual(['connection-reusable', 'CONNECTION_DEAD']);
      expect(failure?.message).toBe(
        'the connection went dead after a 404 for an unknown locationId, menuItems via serviceHeader: the next request on it got no answer within 5 s',
      );
      expect(result?.status === 'failed' ? result.requests.map((step) => step.status) : []).toEqual([404, 0]);
      const text = JSON.stringify(result);
      for (const key of keyValues(faulty.target)) expect(text).not.toContain(key);
    }
  }, 60_000);

  it('should fail each 404 cell (unknown and foreign, locationId and categoryId) on its own, and no other', async () => {
    const context = contextOn(faulty.target);
    try {
      const ready = await keepAliveProperty.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      // Each cell on a connection of its own, all at once: a dead one waits its 5 s beside the others.
      const examples = (ready.coverage?.examples ?? []) as { cell: { label: string; where: string } }[];
      const outcomes = await Promise.all(
        examples.map((input) =>
          ready.run(input).then(
            () => null,
            (thrown: unknown) => {
              if (!(thrown instanceof ContractViolation)) throw thrown;
              return `${input.cell.label}, ${input.cell.where}`;
            },
          ),
        ),
      );
      const failed = outcomes.filter((cell) => cell !== null);
      expect(failed).toEqual([
        'an unknown locationId, menuItems via serviceHeader',
        "another tenant's locationId, menuItems via bearer",
        'an unknown categoryId, menuItems via serviceHeader',
        "another tenant's categoryId, menuItems via bearer",
        'an unknown locationId, orders via serviceHeader',
        "another tenant's locationId, orders via bearer",
      ]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('should reach every cell on the clean sandbox, each first answer of the status it aims at, and pass', async () => {
    const context = contextOn(clean.target);
    const exchanges: KeepAliveExchange[] = [];
    const keepAliveOnWire = context.keepAliveOnWire;
    context.keepAliveOnWire = async (first, second) => {
      const exchange = await keepAliveOnWire(first, second);
      exchanges.push(exchange);
      return exchange;
    };
    try {
      const [result] = await runProperties([keepAliveProperty], context, { seed: 3, runs: 0 });
      expect(result?.status).toBe('passed');
      const coverage = result?.status === 'passed' ? result.coverage : undefined;
      expect(coverage?.reached.every(({ cells, of }) => cells === of)).toBe(true);
      expect(coverage?.reached.map(({ label }) => label).sort()).toEqual(
        [
          'a first page',
          'a cursor page',
          'an empty result',
          'limit=101',
          'no key',
          'a noMenuRead key',
          'a noOrdersRead key',
          'an unknown locationId',
          "another tenant's locationId",
          'an unknown categoryId',
          "another tenant's categoryId",
          'a throttled key',
        ].sort(),
      );
      const statuses = exchanges.map((exchange) => (exchange.kind === 'answered' ? exchange.status : 0));
      expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 403, 404, 429]));
      for (const exchange of exchanges)
        expect(exchange).toMatchObject({ after: { kind: 'answered', status: expect.any(Number) as number } });
    } finally {
      await context.close();
    }
  }, 60_000);
});
