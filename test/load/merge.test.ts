/**
 * Points from several workers merge exactly: the merged percentiles are those of one computation
 * over every sample, within the histogram's stated accuracy (3 significant digits), and never the
 * average of each worker's percentiles. A worker's cells hold every sample's HDR bucket, and what
 * a points file holds grows with seconds and series, not with samples.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PointAggregate } from '../../lib/load/points/aggregate.ts';
import { parseCell } from '../../lib/load/points/format.ts';
import { aggregateFile, mergePointFiles, summarize } from '../../lib/load/points/merge.ts';
import { CellRecorder, EXAMPLES_PER_CHECK, PointWriter } from '../../lib/load/points/write.ts';

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
    writeWorker(path.join(dir, 'w1.ndjson.gz'), fast),
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

describe('parseCell', () => {
  it('should name the file and line of a line that is not a cell', () => {
    expect(() => parseCell('{"m":"latency"}', 'w1.ndjson:7')).toThrow(/^w1\.ndjson:7: not a cell/);
    expect(() => parseCell('not json', 'w1.ndjson:8')).toThrow(/^w1\.ndjson:8: not a JSON line/);
    expect(parseCell('   ', 'w1.ndjson:9')).toBeUndefined();
  });

  it('should name the file of a gzip member cut short, in one line', async () => {
    const file = path.join(dir, 'cut.ndjson.gz');
    const writer = new PointWriter(file);
    for (let second = 0; second < 50; second += 1) writer.add('pages', 'counter', 1, {}, second * 1000);
    writer.flush();
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 12));
    await expect(mergePointFiles([file])).rejects.toThrow(/cut\.ndjson\.gz: not a readable points file/);
  });

  it('should refuse a trend without its buckets', () => {
    const line = '{"t":0,"m":"latency","k":"trend","g":{},"n":1,"s":1,"z":1,"lo":1,"hi":1}';
    expect(() => parseCell(line, 'w1.ndjson:1')).toThrow(/not a cell/);
  });
});

describe('CellRecorder', () => {
  it('should write one cell per second and series, whatever the number of samples', () => {
    const recorder = new CellRecorder();
    for (let index = 0; index < 10_000; index += 1)
      recorder.add(
        'latency',
        'trend',
        1 + (index % 50),
        { endpoint: index % 2 ? 'orders' : 'menu-items' },
        5_000 + (index % 2000),
      );
    const cells = recorder.take();
    expect(cells).toHaveLength(4);
    expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(10_000);
  });

  it('should write only the seconds before the one asked, and keep the rest', () => {
    const recorder = new CellRecorder();
    recorder.add('pages', 'counter', 3, {}, 1_500);
    recorder.add('pages', 'counter', 4, {}, 2_100);
    expect(recorder.take(2_000).map((cell) => [cell.time, cell.sum])).toEqual([[1_000, 3]]);
    expect(recorder.take().map((cell) => [cell.time, cell.sum])).toEqual([[2_000, 4]]);
  });

  it('should keep the first distinct failures of a check and count the rest under one line', () => {
    const recorder = new CellRecorder();
    for (let index = 0; index < EXAMPLES_PER_CHECK + 30; index += 1)
      recorder.add(
        'check_failures',
        'counter',
        1,
        { check: 'no-duplicate-ids', code: 'DUPLICATE_ID', severity: 'error', message: `id ${index} twice` },
        1_000,
      );
    recorder.add(
      'check_failures',
      'counter',
      1,
      { check: 'limit-respected', severity: 'error', message: 'page of 11' },
      1_000,
    );
    const cells = recorder.take();
    const ofCheck = cells.filter((cell) => cell.tags.check === 'no-duplicate-ids');
    expect(ofCheck).toHaveLength(EXAMPLES_PER_CHECK + 1);
    expect(ofCheck.reduce((sum, cell) => sum + cell.sum, 0)).toBe(EXAMPLES_PER_CHECK + 30);
    const overflow = ofCheck.find((cell) => cell.sum === 30)?.tags;
    expect(overflow).toMatchObject({ code: 'DUPLICATE_ID', severity: 'error' });
    expect(overflow?.message).toMatch(/not kept/);
    expect(cells.filter((cell) => cell.tags.check === 'limit-respected')).toHaveLength(1);
  });
});

describe('PointWriter.flushSoon', () => {
  /** Samples of seconds 1 to `seconds`, a latency and a page each, into `writer`. */
  function feed(writer: PointWriter, from: number, seconds: number): void {
    for (let second = from; second < from + seconds; second += 1)
      for (let index = 0; index < 20; index += 1) {
        writer.add('latency', 'trend', 1 + index, { endpoint: 'orders' }, second * 1000 + index);
        writer.add('pages', 'counter', 1, {}, second * 1000 + index);
      }
  }

  /** Until the writer's async path has nothing left (polled; bounded far above a gzip's time). */
  const settled = async (writer: PointWriter) => {
    for (let waited = 0; !writer.idle(); waited += 5) {
      if (waited > 30_000) throw new Error('flushSoon never settled');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  const written = async (file: string) => {
    const merged = await mergePointFiles([file], { percentiles: [50] });
    return { latencies: merged.metrics.latency?.values.count, pages: merged.metrics.pages?.values.count };
  };

  it('should write every taken cell off the turn, each batch once', async () => {
    const file = path.join(dir, 'soon.ndjson.gz');
    const writer = new PointWriter(file);
    feed(writer, 1, 3);
    writer.flushSoon(3_000);
    feed(writer, 4, 2);
    writer.flushSoon(5_000);
    // Nothing is written on the turn that took the cells.
    expect(() => readFileSync(file)).toThrow();
    await settled(writer);
    expect(await written(file)).toEqual({ latencies: 80, pages: 80 });
    writer.flush();
    expect(await written(file)).toEqual({ latencies: 100, pages: 100 });
  });

  it('should write the batches not yet written when flush() comes first, and none of them twice', async () => {
    const file = path.join(dir, 'soon-then-flush.ndjson.gz');
    const writer = new PointWriter(file);
    feed(writer, 1, 2);
    writer.flushSoon(2_000);
    feed(writer, 3, 2);
    writer.flushSoon(4_000);
    feed(writer, 5, 1);
    writer.flush();
    expect(await written(file)).toEqual({ latencies: 100, pages: 100 });
    // The async path, still under way, writes nothing more.
    await settled(writer);
    expect(await written(file)).toEqual({ latencies: 100, pages: 100 });
  });
});
