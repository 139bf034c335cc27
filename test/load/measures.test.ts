import { describe, expect, it } from 'vitest';
import { depthLatencyAdded } from '../../lib/load/depth-latency.ts';
import { latencyFloor } from '../../lib/load/drift.ts';
import { depthBucket, periodOf } from '../../lib/load/tags.ts';

describe('depthBucket', () => {
  it('should name a few buckets of page depth', () => {
    expect([1, 2, 5, 6, 20, 21, 100, 101, 5000].map(depthBucket)).toEqual([
      '1',
      '2-5',
      '2-5',
      '6-20',
      '6-20',
      '21-100',
      '21-100',
      '101+',
      '101+',
    ]);
  });
});

describe('periodOf', () => {
  it('should cut the run in thirds, and count overtime as late', () => {
    expect([0, 3299, 3400, 6700, 12_000].map((ms) => periodOf(ms, 10_000))).toEqual([
      'early',
      'early',
      'middle',
      'late',
      'late',
    ]);
  });
});

describe('depthLatencyAdded', () => {
  it('should be near zero when deep pages cost what first pages cost', () => {
    expect(depthLatencyAdded(Array.from({ length: 40 }, () => 5))).toBe(0);
  });

  it('should grow with an offset scan (2 ms per page)', () => {
    const latencies = Array.from({ length: 60 }, (_, i) => 3 + 2 * i);
    // Pages 21..60 average 3 + 2 * 39.5 = 82; pages 1..3 average 5.
    expect(depthLatencyAdded(latencies)).toBeCloseTo(77, 5);
  });

  it('should say nothing about a walk that never got deep', () => {
    expect(depthLatencyAdded([1, 2, 3])).toBeNull();
  });
});

describe('latencyFloor', () => {
  it('should be the 10th percentile (the one percentile), untouched by a slow tail', () => {
    const samples = [...Array.from({ length: 18 }, (_, i) => 3 + i), 900, 1200];
    // The 2nd of 20 values (rank ceil(0.1 x 20)), within HDR's 0.1 %.
    expect(latencyFloor(samples)).toBeCloseTo(4, 2);
    expect(latencyFloor([])).toBe(0);
  });
});
