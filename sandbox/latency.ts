import type { LatencyOptions } from '../lib/target/sandbox-options.ts';
import type { Random } from './random.ts';

/**
 * Injected latency with a known distribution, so load measurements can be checked against it:
 * every request waits fixedMs, and a tailRatio share of requests waits tailMs on top.
 * Returns undefined when no latency is configured, so the hot path pays nothing.
 */
export function latencySampler(options: LatencyOptions, random: Random): (() => number) | undefined {
  const { fixedMs, tailMs, tailRatio } = options;
  if (fixedMs === 0 && (tailMs === 0 || tailRatio === 0)) return undefined;
  return () => fixedMs + (random.next() < tailRatio ? tailMs : 0);
}
