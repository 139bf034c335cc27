/**
 * startAtDueTimes (lib/load/due-timer.ts): each item starts at its due time, never before it,
 * with its lateness measured from that time; items already due start at once; the promise
 * settles when every start has.
 */
import { describe, expect, it } from 'vitest';
import { startAtDueTimes, startDueNow } from '../../lib/load/due-timer.ts';

describe('startAtDueTimes', () => {
  it('should start each item at its due time, in order, and say how late it was', async () => {
    const now = performance.now();
    const due = [
      { at: now - 30, name: 'overdue' },
      { at: now + 5, name: 'soon' },
      { at: now + 40, name: 'later' },
      { at: now + 40, name: 'same time' },
    ];
    const started: { name: string; at: number; lateness: number }[] = [];
    let ended = 0;

    await startAtDueTimes(due, async (item, lateness) => {
      started.push({ name: item.name, at: performance.now(), lateness });
      await new Promise((resolve) => setTimeout(resolve, 20));
      ended += 1;
    });

    expect(started.map((item) => item.name)).toEqual(['overdue', 'soon', 'later', 'same time']);
    expect(ended).toBe(4);
    started.forEach((item, index) => {
      const at = due[index]?.at ?? 0;
      expect(item.at).toBeGreaterThanOrEqual(at);
      // Lateness is the time after the due time at which the start was decided.
      expect(item.lateness).toBeGreaterThanOrEqual(0);
      expect(item.lateness).toBeLessThanOrEqual(item.at - at + 0.001);
    });
    expect(started[0]?.lateness).toBeGreaterThanOrEqual(30);
  });

  it('should count what the starts before it in one turn ran as lateness', async () => {
    const at = performance.now() - 1;
    const lateness: number[] = [];
    await startAtDueTimes([{ at }, { at }, { at }], (_item, late) => {
      lateness.push(late);
      // A start whose synchronous part (a walk's first request) holds the thread 5 ms.
      for (const until = performance.now() + 5; performance.now() < until;);
      return Promise.resolve();
    });
    expect(lateness[1]).toBeGreaterThanOrEqual((lateness[0] ?? 0) + 5);
    expect(lateness[2]).toBeGreaterThanOrEqual((lateness[1] ?? 0) + 5);
  });

  it('should start what fell due when an answer calls startDueNow, before its timer, and nothing not yet due', async () => {
    const begun = performance.now();
    const due = [
      { at: begun + 3, name: 'due in 3 ms' },
      { at: begun + 4, name: 'due in 4 ms' },
      { at: begun + 10_000, name: 'due in 10 s' },
    ];
    const started: string[] = [];
    const run = startAtDueTimes(due, (item) => {
      started.push(item.name);
      return Promise.resolve();
    });
    // The thread busy 6 ms, as with a batch of answers: the timer cannot fire meanwhile.
    for (const until = begun + 6; performance.now() < until;);
    expect(started).toEqual([]);
    startDueNow();
    expect(started).toEqual(['due in 3 ms', 'due in 4 ms']);
    startDueNow();
    expect(started).toHaveLength(2);
    due[2] = { at: performance.now(), name: 'moved to now' };
    await run;
    expect(started).toEqual(['due in 3 ms', 'due in 4 ms', 'moved to now']);
  });

  it('should resolve at once with nothing due, and after a start that failed', async () => {
    await expect(startAtDueTimes([], () => Promise.resolve())).resolves.toBeUndefined();
    await expect(
      startAtDueTimes([{ at: performance.now() }], () => Promise.reject(new Error('walk broke'))),
    ).resolves.toBeUndefined();
  });
});
