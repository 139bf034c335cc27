/** Spaces requests at most `maxRps` apart in time: a safety ceiling, not a workload shape. */
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Null without a ceiling: nothing to wait for, and an await of nothing still costs a turn of the
 * microtask queue on every request.
 */
export function pacer(maxRps: number | undefined): (() => Promise<void>) | null {
  if (!maxRps) return null;
  const interval = 1000 / maxRps;
  let next = 0;
  return async () => {
    const now = performance.now();
    next = Math.max(next + interval, now);
    if (next > now + interval) await sleep(next - now - interval);
  };
}

/**
 * Bursts of requests sent at once (`count` each), spaced so that they average at most `maxRps`:
 * each waits till `count / maxRps` seconds after the one before it started. A burst of more than
 * maxRps is the caller's to avoid.
 */
export function burstPacer(maxRps: number): (count: number) => Promise<void> {
  let next = 0;
  return async (count) => {
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
    next = performance.now() + (count * 1000) / maxRps;
  };
}
