/**
 * A request the target leaves without an HTTP answer once it was reached (the socket closed on a
 * malformed key) is a finding of the run that sent it (every-request-answered, exit 1), shrunk and
 * reported like any other, the request named by role and never by key: not an unreachable target
 * (exit 2, lib/adapters/node-http.ts). That the clean sandbox answers every request is the mutation
 * matrix's clean seeds (test/mutation/matrix.test.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../lib/props/context.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { defineProperty, prepared, type PropertyDefinition } from '../../lib/props/types.ts';
import { AUTH } from '../../properties/auth.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { startUnansweringServer } from '../lib/unanswering-server.ts';
import { contextOn, keyValues, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const MALFORMED = AUTH.find((each) => each.name === 'auth.missing-or-malformed-key') as PropertyDefinition;

describe('a request left without an answer by a reached target', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox({ faults: ['malformed-key-drops-connection'] });
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should be the every-request-answered finding of the property that sent it', async () => {
    const context = contextOn(sandbox.target);
    try {
      const [result] = await runProperties([MALFORMED], context, { seed: 1, runs: 0, shrink: false });
      expect(result?.status).toBe('failed');
      if (result?.status !== 'failed') return;
      const [failure] = result.failures;
      expect(failure).toMatchObject({ check: 'every-request-answered', code: 'NO_HTTP_ANSWER' });
      expect(failure?.requests).toEqual([expect.objectContaining({ role: 'malformed', status: 0 })]);
      expect(failure?.message).toMatch(/^no HTTP answer to GET \/public\/\S+ \(a malformed key by \w+\): /);
      // The reproduction ends with the request that got no answer.
      expect(result.requests.at(-1)).toMatchObject({ status: 0 });
      const text = JSON.stringify(result);
      for (const key of keyValues(sandbox.target)) expect(text).not.toContain(key);
    } finally {
      await context.close();
    }
  });
});

describe('a survey request left without an answer by a reached target', () => {
  it('should be the every-request-answered finding of each property that needs the survey', async () => {
    // It accepts every connection and answers nothing: reached, never answered.
    const server = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const context = createContext(
      resolveInlineTarget({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
        apiKeyHeader: 'X-Test-Api-Key',
        load: { allowed: false, maxRps: 1 },
        tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'no-answer-test-key-0001' } } }],
      }),
    );
    try {
      const results = await runProperties([MALFORMED, MALFORMED], context, { seed: 3 });
      expect(results.map((result) => result.status)).toEqual(['failed', 'failed']);
      const [first] = results;
      if (first?.status !== 'failed') return;
      expect(first.failures.map((failure) => failure.check)).toEqual(['every-request-answered']);
      expect(first.failures[0]?.message).toMatch(
        /^no HTTP answer to GET \/public\/\S+ \(tenant a's full key by/,
      );
      expect(first.requests).toHaveLength(1);
      expect(JSON.stringify(results)).not.toContain('no-answer-test-key-0001');
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a request of a run the time budget cut short, left without an answer', () => {
  it('should be the every-request-answered finding of its property, not a pass or a skip', async () => {
    const server = await startUnansweringServer();
    const target = resolveInlineTarget({
      baseUrl: server.baseUrl,
      apiKeyHeader: 'X-Test-Api-Key',
      load: { allowed: false, maxRps: 1 },
      tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'no-answer-test-key-0002' } } }],
    });
    // fast-check stops waiting for the run at 300 ms; the client gives up on its request at 1 s.
    const context = createContext(target, { client: { timeoutMs: 1000 } });
    const hanging = defineProperty({
      name: 'http.hanging',
      family: 'http',
      description: 'one request the server never answers',
      checks: [],
      needs: [],
      runs: 1,
      prepare: (ready) =>
        Promise.resolve(
          prepared(fc.constant(0), async () => {
            const credential = { tenant: 'a', role: 'full', scheme: 'bearer' } as const;
            await ready.client.send({ endpoint: 'orders', query: { q: 'hang' }, credential });
          }),
        ),
    });
    try {
      const [result] = await runProperties([hanging], context, { seed: 4, timeBudgetMs: 300 });
      expect(result?.status).toBe('failed');
      if (result?.status !== 'failed') return;
      expect(result.input).toBe('a run the time budget cut short');
      expect(result.failures.map((failure) => [failure.check, failure.code])).toEqual([
        ['every-request-answered', 'NO_HTTP_ANSWER'],
      ]);
      expect(result.failures[0]?.message).toMatch(
        /^no HTTP answer to GET \/public\/orders\?q=hang .*no answer in time/,
      );
      expect(JSON.stringify(result)).not.toContain('no-answer-test-key-0002');
    } finally {
      await context.close();
      await server.close();
    }
  });
});
