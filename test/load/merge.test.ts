/**
 * Points from several workers merge exactly: the merged percentiles are those of one computation
 * over every point, within the histogram's stated accuracy (3 significant digits), and never the
 * average of each worker's percentiles.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PointAggregate } from '../../lib/load/points/aggregate.ts';
import { parsePoint } from '../../lib/load/points/format.ts';
import { aggregateFile, mergePointFiles, summarize } from '../../lib/load/points/merge.ts';
import { PointWriter } from '../../lib/load/points/write.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'merge-'));

/** A small deterministic generator, so a failure replays. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

function latencies(n: number, low: number, high: number, seed: number): number[] {
  const random = seeded(seed);
  return Array.from({ length: n }, () => low + random() * (high - low));
}

function writeWorker(file: string, values: readonly number[]): string {
  const writer = new PointWriter(file);
  values.forEach((value, index) => {
    writer.add('latency', 'trend', value, { endpoint: 'orders' }, 1_000 + index);
    writer.add('pages', 'counter', 1, {}, 1_000 + index);
  });
  writer.flush();
  return file;
}

/** Nearest-rank percentile of the exact values. */
function exactPercentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

describe('mergePointFiles', () => {
  // Two workers with very different latencies: a fast one and a slow, smaller one.
  const fast = latencies(2000, 1, 10, 1);
  const slow = latencies(500, 100, 1000, 2);
  const files = [
    writeWorker(path.join(dir, 'w1.ndjson'), fast),
    writeWorker(path.join(dir, 'w2.ndjson'), slow),
  ];

  it('should give the percentiles of all points together, within 0.1 %', async () => {
    const merged = await mergePointFiles(files, { splitByTags: ['endpoint'], percentiles: [50, 95, 99] });
    const all = [...fast, ...slow];
    for (const p of [50, 95, 99]) {
      const reported = merged.metrics.latency?.values[`p${p}`] ?? NaN;
      expect(Math.abs(reported - exactPercentile(all, p)) / exactPercentile(all, p)).toBeLessThan(0.001);
    }
    expect(merged.metrics['latency{endpoint:orders}']?.values.count).toBe(2500);
    expect(merged.metrics.pages?.values.count).toBe(2500);
  });

  it('should not be the average of each worker’s percentile', async () => {
    const merged = await mergePointFiles(files, { percentiles: [95] });
    const averaged = (exactPercentile(fast, 95) + exactPercentile(slow, 95)) / 2;
    expect(Math.abs((merged.metrics.latency?.values.p95 ?? 0) - averaged)).toBeGreaterThan(50);
  });

  it('should merge aggregates into the aggregate of the union', async () => {
    const union = new PointAggregate();
    for (const file of files) union.merge(await aggregateFile(file));
    const direct = await mergePointFiles(files);
    expect(summarize(union, files).metrics).toEqual(direct.metrics);
  });
});

describe('parsePoint', () => {
  it('should name the file and line of a line that is not a point', () => {
    expect(() => parsePoint('{"m":"latency"}', 'w1.ndjson:7')).toThrow(/^w1\.ndjson:7: not a point/);
    expect(() => parsePoint('not json', 'w1.ndjson:8')).toThrow(/^w1\.ndjson:8: not a JSON line/);
    expect(parsePoint('   ', 'w1.ndjson:9')).toBeUndefined();
  });
});
