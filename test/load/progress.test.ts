import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Phase } from '../../lib/load/phases.ts';
import {
  emptyCounts,
  plannedBetween,
  progressFile,
  progressLine,
  ProgressCounter,
  readStageProgress,
  watchProgress,
} from '../../lib/load/progress.ts';

const CONSTANT: Phase[] = [{ name: 'walk', durationS: 10, rate: 2 }];
const RAMP: Phase[] = [
  { name: 'warm', durationS: 10, rate: 0, rampTo: 10 },
  { name: 'hold', durationS: 10, rate: 10 },
];

function counter(
  latencies: number[],
  statuses: number[],
  failures = 0,
  waits: number[] = [],
): ProgressCounter {
  const progress = new ProgressCounter();
  for (const lateness of latencies) progress.arrived(lateness);
  for (const wait of waits) progress.waited(wait);
  for (const status of statuses) progress.responded(status);
  for (let i = 0; i < failures; i += 1) progress.failed();
  return progress;
}

describe('live progress', () => {
  it('should plan arrivals by the schedule, ramps and phases included', () => {
    expect(plannedBetween(CONSTANT, 0, 10)).toBe(20);
    expect(plannedBetween(CONSTANT, 4, 6)).toBe(4);
    expect(plannedBetween(CONSTANT, 8, 30)).toBe(4);
    expect(plannedBetween(RAMP, 0, 10)).toBe(50);
    // 5..10 s of the ramp (rate 5 to 10) and 10..15 s of the hold (rate 10).
    expect(plannedBetween(RAMP, 5, 15)).toBe(37.5 + 50);
    expect(plannedBetween(RAMP, 0, 20)).toBe(150);
  });

  it('should count arrivals, responses, 429s, 5xx and failures, and lateness and client wait in buckets', () => {
    const { counts } = counter([0.5, 3, 3, 700, 9000], [200, 200, 429, 503, 0], 2, [0.2, 1, 1.5, 6000]);
    expect(counts).toMatchObject({
      arrivals: 5,
      responses: 5,
      throttled: 1,
      serverErrors: 2,
      checkFailures: 2,
    });
    expect(counts.lateness.reduce((sum, n) => sum + n, 0)).toBe(5);
    expect(counts.lateness.at(-1)).toBe(1);
    // At most 1 ms, at most 2 ms, past the last bound.
    expect(counts.clientWait[0]).toBe(2);
    expect(counts.clientWait[1]).toBe(1);
    expect(counts.clientWait.at(-1)).toBe(1);
    expect(counts.startedAt).toBeGreaterThan(0);
  });

  it('should say one line with the achieved against the planned rate, a lateness and a client wait bound', () => {
    const now = {
      ...counter(
        [...Array<number>(19).fill(1), 40],
        [...Array<number>(100).fill(200), ...Array<number>(25).fill(429)],
        0,
        [...Array<number>(90).fill(0.5), ...Array<number>(10).fill(150)],
      ).counts,
    };
    now.startedAt = 1_000_000;
    const line = progressLine('walk/smoke', CONSTANT, now, undefined, 1_000_000 + 10_000, undefined);
    expect(line).toBe(
      'walk/smoke 10 of 10 s: 2.0 arrivals/s (planned 2.0), 13 req/s, 429 20.0 %, 5xx 0, check failures 0, lateness p95 <= 1 ms, client wait p95 <= 200 ms',
    );
    const before = {
      ...emptyCounts(now.startedAt),
      arrivals: 10,
      responses: 100,
      lateness: now.lateness.map((_, index) => (index === 0 ? 10 : 0)),
    };
    const later = progressLine('walk/smoke', CONSTANT, now, before, 1_000_000 + 10_000, 1_000_000 + 5_000);
    expect(later).toMatch(
      /^walk\/smoke 10 of 10 s: 2\.0 arrivals\/s \(planned 2\.0\), 5 req\/s, 429 100\.0 %/,
    );
    expect(later).toMatch(/lateness p95 <= 50 ms, client wait p95 <= 200 ms$/);
  });

  it('should add up the workers of a stage and read nothing before one has written', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'progress-'));
    expect(readStageProgress(path.join(dir, 'none'))).toBeUndefined();
    expect(readStageProgress(dir)).toBeUndefined();
    counter([1, 1], [200, 429]).write(progressFile(dir, '0-1-10'));
    counter([1], [503], 1).write(progressFile(dir, '0-2-10'));
    writeFileSync(progressFile(dir, '0-3-10'), '{"cut sh');
    expect(readStageProgress(dir)).toMatchObject({
      arrivals: 3,
      responses: 3,
      throttled: 1,
      serverErrors: 1,
      checkFailures: 1,
    });
  });

  it('should say the generator is starting, print a line when a stage starts, then one per look while it changes', async () => {
    const points = mkdtempSync(path.join(tmpdir(), 'progress-watch-'));
    const stageDir = path.join(points, 'walk');
    const lines: string[] = [];
    const watching = watchProgress(
      points,
      [{ name: 'walk', label: 'walk/smoke', phases: CONSTANT }],
      (line) => lines.push(line),
      20,
    );
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Before any worker wrote: only that the generator is starting, each look.
    for (const line of lines) expect(line).toMatch(/^generator starting: \d+ s$/);
    const starting = lines.length;
    const progress = counter([1], [200]);
    mkdirSync(stageDir);
    progress.write(progressFile(stageDir, '0-1-1'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    watching.stop();
    const running = lines.slice(starting);
    expect(running[0]).toBe('walk/smoke started: 10 s planned, 20 arrivals');
    expect(running[1]).toMatch(/^walk\/smoke \d+ of 10 s: /);
    // Nothing changed after the first look: no repeated line.
    expect(running).toHaveLength(2);
  });
});
