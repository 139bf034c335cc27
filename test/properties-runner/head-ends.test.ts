/**
 * A HEAD's answer ends at its header section (RFC 9112 §6.3): http.head's coverage phase alone (no
 * random run) sends every cell's HEAD once more on a connection of its own and reads what follows
 * its head. A sandbox that writes the Error body after a HEAD's error head (head-error-body) fails
 * head-ends-at-header for every seed, its keys in no part of the result; on the clean sandbox every
 * cell's raw HEAD is judged, of every status the cells reach, and passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadExchange } from '../../lib/http/head-framing.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { ContractViolation } from '../../lib/props/transcript.ts';
import { isSkip } from '../../lib/props/types.ts';
import { headProperty } from '../../properties/http-head.ts';
import { headThrottledProperty } from '../../properties/rate-limit-head.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, coverageOnly, keyValues, startSmallSandbox } from './live-target.ts';

describe('http.head against a HEAD error answer followed by its Error body', () => {
  let faulty: RunningSandbox;
  let clean: RunningSandbox;
  beforeAll(async () => {
    [faulty, clean] = await Promise.all([
      startSmallSandbox({ faults: ['head-error-body'] }),
      startSmallSandbox(),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([faulty.close(), clean.close()]));

  it('should fail head-ends-at-header before any random run, naming the stray octets, no key shown', async () => {
    for (const seed of [1, 2]) {
      const result = await coverageOnly(faulty, headProperty, seed);
      expect(result?.status).toBe('failed');
      const failure = result?.status === 'failed' ? result.failures[0] : undefined;
      expect([failure?.check, failure?.code]).toEqual(['head-ends-at-header', 'HEAD_CONTENT_SENT']);
      expect(failure?.message).toMatch(/HEAD's 40[01] \(content-length: (\d+)\) was followed by \1 octets/);
      expect(failure?.received).toMatch(/^\d+ octets: "\{\\"statusCode\\":40[01],/);
      const text = JSON.stringify(result);
      for (const key of keyValues(faulty.target)) expect(text).not.toContain(key);
    }
  }, 60_000);

  it('should fail each error cell (400 of each kind, 401 of each key, 403, 404) on its own, and no page cell', async () => {
    const context = contextOn(faulty.target);
    try {
      const ready = await headProperty.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const judged: { label: string; status: number; checks: string[] }[] = [];
      for (const input of (ready.coverage?.examples ?? []) as { cell: { label: string }; spec: number[] }[]) {
        const checks = await ready.run(input).then(
          () => [],
          (thrown: unknown) => {
            if (thrown instanceof ContractViolation) return thrown.failures.map((failure) => failure.check);
            throw thrown;
          },
        );
        judged.push({ label: input.cell.label, status: input.spec[0] ?? 0, checks });
      }
      expect(new Set(judged.map(({ status }) => status))).toEqual(new Set([200, 400, 401, 403, 404]));
      for (const { label, status, checks } of judged)
        expect(checks, `${label} (${status})`).toEqual(status >= 400 ? ['head-ends-at-header'] : []);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("should fail a throttled key's HEAD 429 in ratelimit.head-throttled, and pass its four cells on the clean sandbox", async () => {
    const failed = await coverageOnly(faulty, headThrottledProperty);
    const failure = failed?.status === 'failed' ? failed.failures[0] : undefined;
    expect([failure?.check, failure?.code]).toEqual(['head-ends-at-header', 'HEAD_CONTENT_SENT']);
    expect(failure?.message).toMatch(/^throttled key, menuItems first page via bearer: HEAD's 429 /);
    expect(failure?.received).toMatch(/^\d+ octets: "\{\\"statusCode\\":429,/);
    const passed = await coverageOnly(clean, headThrottledProperty);
    expect(passed?.status).toBe('passed');
    expect(passed?.status === 'passed' ? passed.coverage?.reached : undefined).toEqual([
      { label: 'throttled key', runs: 4, cells: 4, of: 4 },
    ]);
  }, 60_000);

  it('should judge the raw HEAD of every cell on the clean sandbox, every status among them, and pass', async () => {
    const context = contextOn(clean.target);
    const exchanges: HeadExchange[] = [];
    const headOnWire = context.headOnWire;
    context.headOnWire = async (call) => {
      const exchange = await headOnWire(call);
      exchanges.push(exchange);
      return exchange;
    };
    try {
      const [result] = await runProperties([headProperty], context, { seed: 3, runs: 0 });
      expect(result?.status).toBe('passed');
      const examples = result?.status === 'passed' ? result.coverage?.examples : undefined;
      expect(exchanges).toHaveLength(examples ?? -1);
      const statuses = exchanges.map((exchange) => (exchange.kind === 'answered' ? exchange.status : 0));
      expect(new Set(statuses)).toEqual(new Set([200, 400, 401, 403, 404]));
      for (const exchange of exchanges) expect(exchange).toMatchObject({ after: { kind: 'next-answer' } });
    } finally {
      await context.close();
    }
  }, 60_000);
});
