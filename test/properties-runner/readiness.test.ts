/**
 * waitUntilAnswering: a target that comes up late is used once it answers, one that never does
 * fails in one line within its time, and any answer (a 401 without a key) counts as up, as does a
 * connection accepted and closed without one (the target was reached).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../bench/net.ts';
import { HarnessError } from '../../lib/errors.ts';
import { waitUntilAnswering } from '../../lib/props/readiness.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';

const targetAt = (port: number) =>
  resolveInlineTarget({
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKeyHeader: 'X-Test-Api-Key',
    load: { allowed: false, maxRps: 1 },
    tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'readiness-test-key' } } }],
  });

describe('waitUntilAnswering', () => {
  it('should wait for a server that starts listening late, and return once it answers', async () => {
    const port = await freePort();
    const server = createServer((_request, response) => {
      response.statusCode = 401;
      response.end('{"statusCode":401,"error":"Unauthorized","message":"no key"}');
    });
    const late = setTimeout(() => server.listen(port, '127.0.0.1'), 400);
    try {
      const started = Date.now();
      await waitUntilAnswering(targetAt(port), 5000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      expect(server.listening).toBe(true);
    } finally {
      clearTimeout(late);
      await new Promise((resolve) => server.close(resolve));
    }
  });

  // It accepted the connection: reached, and the request it dropped is the properties' finding
  // (every-request-answered), not "cannot reach" (exit 2).
  it('should return, at its time, for a server that accepts connections and closes them unanswered', async () => {
    const server = createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await waitUntilAnswering(targetAt((server.address() as AddressInfo).port), 1000);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('should try again while a server closes connections unanswered, and return once it answers', async () => {
    let requests = 0;
    const server = createServer((request, response) => {
      requests += 1;
      if (requests <= 2) request.socket.destroy();
      else response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await waitUntilAnswering(targetAt((server.address() as AddressInfo).port), 10_000);
      expect(requests).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('should fail in one line, within its time, when nothing ever answers', async () => {
    const port = await freePort();
    const started = Date.now();
    const error: unknown = await waitUntilAnswering(targetAt(port), 1000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarnessError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    // Its time is 1 s; the margin is for a loaded machine, not for a loop that goes on.
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
