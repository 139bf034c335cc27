/**
 * Waits until a target answers HTTP at all (any status: a request without a key gets 401), so a
 * suite starts only against a live server, and an unreachable one fails in one line, in bounded time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HarnessError } from '../errors.ts';
import type { Target } from '../target/target.ts';
import { createNodeClient } from '../adapters/node-http.ts';

export async function waitUntilAnswering(target: Target, timeoutMs = 10_000): Promise<void> {
  const client = createNodeClient(target, { timeoutMs: Math.min(timeoutMs, 5000), connections: 1 });
  const deadline = Date.now() + timeoutMs;
  const call = {
    endpoint: 'orders' as const,
    query: { limit: '1' },
    credential: { tenant: '', role: 'none' as const, scheme: 'bearer' as const },
  };
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await client.send(call);
        return;
      } catch (error) {
        if (!(error instanceof HarnessError) || Date.now() + 100 * 2 ** attempt > deadline) throw error;
        // Retrying with backoff, not sleeping a fixed time: a server that comes up is used at once.
        await sleep(Math.min(100 * 2 ** attempt, 1000));
      }
    }
  } finally {
    await client.close();
  }
}
