/**
 * A Retry-After is judged for its grammar wherever it is met (retry-after-valid) and, when it says
 * to wait 10 minutes or more, for the key being served again within 15 s (retry-after-not-overstated).
 * The sandbox faults retry-after-milliseconds and retry-after-fractional are caught by those checks;
 * conservative hints over a correct limiter (a constant minute, just under 10 minutes, an hour that
 * the key really is blocked for) are not failed. The test doubles are a proxy in front of the clean
 * sandbox that rewrites the Retry-After of its 429s, and may block a throttled key for an hour.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMatrix } from '../../lib/props/matrix.ts';
import { selectProperties } from '../../lib/props/registry.ts';
import { runProperty, type PropertyResult } from '../../lib/props/runner.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, startSmallSandbox } from '../properties-runner/live-target.ts';
import { failedCheck } from './run-property.ts';
import '../setup/provide-layers.ts';

interface Double {
  /** The Retry-After the proxy sends on each 429 in place of the sandbox's. */
  hint: () => string;
  /** A key throttled once is answered 429 (with `hint`) for this long, whatever the sandbox says. */
  blockMs?: number;
}

const THROTTLED_BODY = JSON.stringify({
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Rate limit exceeded',
});

/** Which key a request sent, whichever scheme: what the double's block is kept by. */
const keyOf = (headers: IncomingHttpHeaders): string =>
  JSON.stringify(Object.entries(headers).filter(([name]) => /authorization|api-key/i.test(name)));

/** A proxy to `upstream` that rewrites its 429s' Retry-After (and blocks) as `double` says. */
async function proxy(upstream: URL, double: Double): Promise<Server> {
  const blockedUntil = new Map<string, number>();
  const server = createServer((incoming, outgoing) => {
    const key = keyOf(incoming.headers);
    if ((blockedUntil.get(key) ?? 0) > Date.now()) {
      incoming.resume();
      outgoing.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        date: new Date().toUTCString(),
        'retry-after': double.hint(),
      });
      outgoing.end(THROTTLED_BODY);
      return;
    }
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (answer.statusCode === 429) {
          headers['retry-after'] = double.hint();
          if (double.blockMs !== undefined) blockedUntil.set(key, Date.now() + double.blockMs);
        }
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const HOUR_MS = 3_600_000;

describe('Retry-After judged for its grammar and for overstating (ratelimit.retry-after-honest)', () => {
  let sandbox: RunningSandbox;
  const servers: Server[] = [];

  beforeAll(async () => {
    sandbox = await startSmallSandbox({});
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) server.close();
    await sandbox.close();
  });

  /** The property once (its two runs), unshrunk, through a proxy that plays `double`. */
  async function through(double: Double): Promise<PropertyResult> {
    const server = await proxy(new URL(sandbox.target.baseUrl), double);
    servers.push(server);
    const base = new URL(sandbox.target.baseUrl);
    base.port = String((server.address() as AddressInfo).port);
    const context = contextOn({ ...sandbox.target, baseUrl: base.toString().replace(/\/$/, '') });
    const [definition] = selectProperties(['ratelimit.retry-after-honest']);
    try {
      return await runProperty(definition!, context, { seed: 1, shrink: false });
    } finally {
      await context.close();
    }
  }

  it('should catch the milliseconds and fractional faults by their checks', async () => {
    const { rows } = await runMatrix({
      faults: ['retry-after-milliseconds', 'retry-after-fractional'],
      cleanSeeds: [],
    });
    expect(rows.map((row) => [row.fault, row.verdict, row.caughtBy?.check])).toEqual([
      ['retry-after-milliseconds', 'caught', 'retry-after-not-overstated'],
      ['retry-after-fractional', 'caught', 'retry-after-valid'],
    ]);
  }, 120_000);

  it('should fail an hour-long hint, in seconds or as an HTTP-date, for a key served 2 s later', async () => {
    expect(failedCheck(await through({ hint: () => '3600' }))).toBe('retry-after-not-overstated');
    const inAnHour = () => new Date(Date.now() + HOUR_MS).toUTCString();
    expect(failedCheck(await through({ hint: inAnHour }))).toBe('retry-after-not-overstated');
  }, 120_000);

  it('should fail no conservative hint: a constant minute, just under 10 minutes, an hour the key is blocked for', async () => {
    expect((await through({ hint: () => '60' })).status).not.toBe('failed');
    expect((await through({ hint: () => '599' })).status).not.toBe('failed');
    const started = Date.now();
    const blocked = await through({ hint: () => '3600', blockMs: HOUR_MS });
    expect(blocked.status, JSON.stringify(blocked)).not.toBe('failed');
    // Two runs, each probing at most 15 s after its 429.
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 120_000);
});
