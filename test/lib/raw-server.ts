/**
 * Tiny TCP servers that answer raw bytes, for the exchanges below any HTTP client
 * (lib/adapters/node-wire.ts): each request read (an empty line ends it) is answered by
 * `answer(n, socket)`, n counting from 0 on its connection. One at a time: `serve` stops the last.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { ApiCall } from '../../lib/http/call.ts';
import type { Target } from '../../lib/target/target.ts';

/** A request of the raw servers' tenant without a key: what they answer does not depend on it. */
export const NO_KEY_CALL: ApiCall = {
  endpoint: 'orders',
  query: {},
  credential: { tenant: 'a', role: 'none', scheme: 'bearer' },
};

export function rawServers() {
  let server: Server | undefined;

  /** Stops the server (its connections too); nothing listens on its port after. */
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      const running = server;
      server = undefined;
      if (running === undefined) resolve();
      else running.close(() => resolve());
    });

  /** Starts a server answering with `answer`, and its target (tenant `a`, no keys). */
  async function serve(answer: (n: number, socket: Socket) => void): Promise<Target> {
    await stop();
    const sockets = new Set<Socket>();
    const started = createServer((socket) => {
      sockets.add(socket);
      let n = 0;
      socket.on('data', (chunk: Buffer) => {
        const requests = chunk.toString('latin1').split('\r\n\r\n').length - 1;
        for (let each = 0; each < requests; each += 1) answer(n++, socket);
      });
      socket.on('close', () => sockets.delete(socket));
    });
    started.on('close', () => sockets.forEach((socket) => socket.destroy()));
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    const address = started.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    return {
      name: 'raw',
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      apiKeyHeader: 'X-Raw-Api-Key',
      load: { allowed: false, maxRps: 1 },
      salesChannels: [],
      tenants: [{ name: 'a', quiescent: true, locations: [], categories: [], keys: {} }],
    };
  }

  return { serve, stop };
}
