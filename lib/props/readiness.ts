/**
 * Waits until a target answers HTTP at all (any status: a request without a key gets 401), so a
 * suite starts only against a live server, and an unreachable one fails in one line, in bounded time.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { backoffDelayMs, type BackoffPolicy } from '../backoff.ts';
import { HarnessError } from '../errors.ts';
import type { Target } from '../target/target.ts';
import { createNodeClient } from '../adapters/node-http.ts';
import { NoAnswer } from '../http/no-answer.ts';

/**
 * Between attempts, the shared backoff (capped exponential, full jitter) from 100 ms up to 1 s: a
 * server that comes up is used at once, not after a fixed sleep. The deadline bounds the attempts.
 */
const READINESS_BACKOFF: BackoffPolicy = { maxRetries: Infinity, baseMs: 100, capMs: 1000 };

/**
 * Resolves once the target answers, or when it still accepts connections and leaves the request
 * without an answer at `timeoutMs` (reached: NoAnswer); rethrows the client's one-line error (connection refused, DNS)
 * when it is still unreached at `timeoutMs`. Only connection errors are retried: withBackoff
 * (lib/paging/walk-list.ts) retries 429 answers, and any answer, a 429 too, means the target is up.
 */
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
        const waitMs = backoffDelayMs(attempt, null, READINESS_BACKOFF, Math.random);
        const late = Date.now() + waitMs > deadline;
        // Reached but left without an answer: tried again while there is time (a port forwarder
        // accepts and resets until the server behind it listens); still none at the deadline, the
        // target is up and that request's fate is the properties' (every-request-answered).
        if (error instanceof NoAnswer && late) return;
        if (!(error instanceof HarnessError || error instanceof NoAnswer) || late) throw error;
        await sleep(waitMs);
      }
    }
  } finally {
    await client.close();
  }
}
