/**
 * The idle-cost section's measure (bench/idle-cost.ts): a process's CPU seconds from /proc, every
 * thread's, agree with what Node counts of its own process, and do not grow while it waits.
 */
import { describe, expect, it } from 'vitest';
import { processCpuSeconds } from '../../bench/idle-cost.ts';

/** User plus system CPU seconds of this process, as Node counts them (getrusage). */
const ownCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

describe.runIf(process.platform === 'linux')('processCpuSeconds', () => {
  it('should count the CPU a process spends as Node does, and not the time it waits', async () => {
    const before = processCpuSeconds(process.pid) ?? NaN;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = processCpuSeconds(process.pid) ?? NaN;
    // Work until Node counts 0.3 s more (on a busy machine that takes more than 0.3 s of wall time).
    const from = ownCpuSeconds();
    const until = performance.now() + 20_000;
    while (ownCpuSeconds() - from < 0.3 && performance.now() < until) Math.sqrt(Math.random());
    const counted = ownCpuSeconds() - from;
    const worked = (processCpuSeconds(process.pid) ?? NaN) - waited;

    expect(waited - before).toBeLessThan(0.15);
    // /proc counts in ticks of 10 ms.
    expect(Math.abs(worked - counted)).toBeLessThan(0.05);
  });

  it('should say nothing of a process that is gone', () => {
    expect(processCpuSeconds(2 ** 30)).toBeUndefined();
  });
});
