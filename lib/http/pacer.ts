/** Spaces requests at most `maxRps` apart in time: a safety ceiling, not a workload shape. */
import { setTimeout as sleep } from 'node:timers/promises';

export function pacer(maxRps: number | undefined): () => Promise<void> {
  if (!maxRps) return () => Promise.resolve();
  const interval = 1000 / maxRps;
  let next = 0;
  return async () => {
    const now = performance.now();
    next = Math.max(next + interval, now);
    if (next > now + interval) await sleep(next - now - interval);
  };
}
