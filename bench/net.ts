/** Loopback helpers: a free port for servers that cannot listen on port 0, and readiness waits. */
import { createServer, connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port free at the moment of asking (the server that takes it must start soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once 127.0.0.1:port accepts connections; throws after timeoutMs. */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await accepts(port)) return;
    await sleep(25);
  }
  throw new Error(`${what} did not accept connections on 127.0.0.1:${port} within ${timeoutMs} ms`);
}
