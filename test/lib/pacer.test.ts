import { describe, expect, it } from 'vitest';
import { burstPacer } from '../../lib/http/pacer.ts';

/** Milliseconds `pace(count)` waited. */
async function waited(pace: (count: number) => Promise<void>, count: number): Promise<number> {
  const start = performance.now();
  await pace(count);
  return performance.now() - start;
}

describe('burstPacer', () => {
  it('should send the first burst at once and space the next by its size over maxRps', async () => {
    const pace = burstPacer(100);
    expect(await waited(pace, 8)).toBeLessThan(20);
    // 8 requests at 100 a second: the next burst starts 80 ms after the first (a timer may fire 1 ms early).
    expect(await waited(pace, 2)).toBeGreaterThanOrEqual(79);
    expect(await waited(pace, 1)).toBeGreaterThanOrEqual(19);
  });
});
