import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LaterPagesFirst } from '../../lib/adapters/later-pages-first.ts';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';

describe('the queue in front of undici', () => {
  it('should hand out at most its capacity, then the waiting later pages before first pages, each in order', () => {
    const queue = new LaterPagesFirst(2);
    const ran: string[] = [];
    const enter = (name: string, laterPage: boolean) => queue.enter(laterPage, () => ran.push(name));
    enter('a', false);
    enter('b', true);
    enter('first-1', false);
    enter('later-1', true);
    enter('first-2', false);
    enter('later-2', true);
    expect(ran).toEqual(['a', 'b']);
    for (let ended = 0; ended < 4; ended += 1) queue.release();
    expect(ran).toEqual(['a', 'b', 'later-1', 'later-2', 'first-1', 'first-2']);
    // Two still out: a third waits, and goes when one of them ends.
    enter('c', false);
    expect(ran).toHaveLength(6);
    queue.release();
    expect(ran.at(-1)).toBe('c');
    // All ended: the next goes at once.
    queue.release();
    queue.release();
    enter('d', false);
    expect(ran.at(-1)).toBe('d');
  });

  it("should send a walk's later page before a first page sent earlier, when the connection is busy", async () => {
    const paths: string[] = [];
    const held: ServerResponse[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.setHeader('Content-Type', 'application/json');
      // The first request is held until both others are queued behind it in the client.
      if (paths.length === 1) held.push(response);
      else response.end('{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = resolveInlineTarget({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
      apiKeyHeader: 'X-Test-Api-Key',
      load: { allowed: false, maxRps: 1 },
      tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'k' } } }],
    });
    const client = createNodeClient(target, { connections: 1, laterPagesFirst: true });
    const call = (query: Record<string, string>): ApiCall => ({
      endpoint: 'orders',
      query,
      credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
    });
    try {
      const sent = [client.send(call({ limit: '1' }))];
      await new Promise<void>((resolve) => {
        const wait = () => (paths.length === 1 ? resolve() : setImmediate(wait));
        wait();
      });
      sent.push(client.send(call({ limit: '2' })), client.send(call({ limit: '3', cursor: 'c' })));
      held[0]?.end('{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}');
      const responses = await Promise.all(sent);
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(paths).toEqual([
        '/api/v1/public/orders?limit=1',
        '/api/v1/public/orders?limit=3&cursor=c',
        '/api/v1/public/orders?limit=2',
      ]);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
