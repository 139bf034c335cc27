import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { K6Aggregate } from '../../scripts/lib/k6-aggregate.ts';
import { aggregateFile, mergePointFiles, summarize } from '../../scripts/lib/k6-merge.ts';
import { parseK6Line } from '../../scripts/lib/k6-points.ts';
import { k6JsonLines, seededRandom, writeK6Json, type PointSpec } from './k6-points-fixture.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'k6-merge-'));

/** A segment's points: `n` requests with latencies in [low, high) ms, one check each. */
function segmentPoints(n: number, low: number, high: number, seed: number): PointSpec[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, (_, i) => [
    {
      metric: 'http_req_duration',
      value: low + random() * (high - low),
      at: i / 100,
      tags: { endpoint: 'orders' },
    },
    { metric: 'http_reqs', value: 1, at: i / 100 },
    { metric: 'checks', value: random() < 0.99 ? 1 : 0, at: i / 100 },
    { metric: 'vus', value: 1 + (i % 7), at: i / 100 },
  ]).flat();
}

/** Nearest-rank percentile of the exact values. */
function exactPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

describe('mergePointFiles', () => {
  // Two segments with very different latencies: a fast one and a slow, smaller one.
  const fast = segmentPoints(2000, 1, 10, 1);
  const slow = segmentPoints(500, 100, 1000, 2);
  const fastFile = writeK6Json(path.join(dir, 'points-0.json'), fast);
  const slowFile = writeK6Json(path.join(dir, 'points-1.json.gz'), slow);
  const unionFile = writeK6Json(path.join(dir, 'union.json'), [...fast, ...slow]);

  it('should give the same summary as one computation over the union of the points', async () => {
    const merged = await mergePointFiles([fastFile, slowFile], { splitByTags: ['endpoint'] });
    const union = await mergePointFiles([unionFile], { splitByTags: ['endpoint'] });

    const duration = merged.metrics.http_req_duration?.values;
    expect(duration).toBeDefined();
    for (const key of ['med', 'p(95)', 'p(99)', 'max'])
      expect(duration?.[key]).toBe(union.metrics.http_req_duration?.values[key]);
    expect(merged.metrics).toEqual(union.metrics);
    expect(merged.points).toBe(union.points);
  });

  it('should report percentiles within 0.1% of the exact ones', async () => {
    const merged = await mergePointFiles([fastFile, slowFile]);
    const latencies = [...fast, ...slow].filter((p) => p.metric === 'http_req_duration').map((p) => p.value);

    for (const [key, p] of [
      ['med', 50],
      ['p(95)', 95],
      ['p(99)', 99],
      ['max', 100],
    ] as const) {
      const exact = exactPercentile(latencies, p);
      const reported = merged.metrics.http_req_duration?.values[key] ?? NaN;
      expect(Math.abs(reported - exact)).toBeLessThanOrEqual(exact * 1e-3 + 1e-3);
    }
  });

  it('should not equal the average of the per-segment percentiles', async () => {
    const merged = await mergePointFiles([fastFile, slowFile]);
    const [fastSummary, slowSummary] = await Promise.all([
      mergePointFiles([fastFile]),
      mergePointFiles([slowFile]),
    ]);
    const p95 = (summary: typeof merged) => summary.metrics.http_req_duration?.values['p(95)'] ?? NaN;

    // 500 of 2500 points are slow, so the true p95 is a slow one; the average lands in between.
    expect(p95(merged)).toBeGreaterThan(100);
    expect((p95(fastSummary) + p95(slowSummary)) / 2).not.toBeCloseTo(p95(merged), 0);
  });

  it('should summarise counters, rates and gauges over every point', async () => {
    const { metrics } = await mergePointFiles([fastFile, slowFile]);
    const checks = [...fast, ...slow].filter((p) => p.metric === 'checks');

    expect(metrics.http_reqs?.values.count).toBe(2500);
    expect(metrics.checks?.values.passes).toBe(checks.filter((p) => p.value === 1).length);
    expect(metrics.vus?.values).toMatchObject({ min: 1, max: 7 });
  });

  it('should name the file and line of a line that is not JSON', () => {
    expect(() => parseK6Line('{"type":', 'points.json:7')).toThrow(/^points\.json:7: not a JSON line/);
  });

  it('should fail clearly on a file that does not exist', async () => {
    await expect(aggregateFile(path.join(dir, 'missing.json'))).rejects.toThrow(/ENOENT/);
    await expect(aggregateFile(path.join(dir, 'missing.json.gz'))).rejects.toThrow(/ENOENT/);
  });
});

describe('K6Aggregate.merge', () => {
  const feed = (aggregate: K6Aggregate, lines: string[]) => {
    for (const line of lines) {
      const item = parseK6Line(line, 'generated');
      if (item) aggregate.add(item);
    }
    return aggregate;
  };

  it('should equal the aggregate of the union for any split of any latencies', () => {
    const latencies = fc.array(fc.double({ min: 0, max: 60_000, noNaN: true }), {
      minLength: 1,
      maxLength: 300,
    });
    fc.assert(
      fc.property(latencies, fc.nat(), (values, cut) => {
        const points = values.map((value, i) => ({ metric: 'http_req_duration', value, at: i / 10 }));
        const at = cut % (points.length + 1);
        const lines = (part: PointSpec[]) => k6JsonLines(part);
        const merged = feed(new K6Aggregate(), lines(points.slice(0, at)));
        merged.merge(feed(new K6Aggregate(), lines(points.slice(at))));
        const union = feed(new K6Aggregate(), lines(points));

        expect(summarize(merged, [])).toEqual(summarize(union, []));
      }),
      { numRuns: 100 },
    );
  });
});
