/**
 * Where a load worker's samples go: folded, as they come, into one cell per second and series
 * (./format.ts), and written once a second, each second once it is over, so a file grows with time
 * and the number of series, not with requests. A file named `.gz` gets one gzip member per write
 * (gunzip reads them as one stream); a worker stopped right after a write has lost nothing.
 *
 * A failure's message is a tag, and messages can name records: a worker keeps the first
 * EXAMPLES_PER_CHECK distinct failures of each check and code as they are and counts the rest
 * under one line, so a broken target cannot grow the file with every request either.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzip, gzipSync } from 'node:zlib';
import { BucketCounts } from './buckets.ts';
import { formatCell, type Cell, type MetricKind } from './format.ts';
import { scaled } from './percentile.ts';

/** Where a load worker's samples go. */
export interface PointSink {
  add(metric: string, kind: MetricKind, value: number, tags: Record<string, string>): void;
}

export const EXAMPLES_PER_CHECK = 20;

export interface OpenCell {
  cell: Cell;
  buckets?: BucketCounts;
  /** Set when take() wrote the cell out: a sample of its second then opens a new one. */
  taken?: boolean;
}

/** A taken cell as it is written: a trend's buckets encoded. */
const closed = (open: OpenCell): Cell =>
  open.buckets ? { ...open.cell, buckets: open.buckets.encode() } : open.cell;

function record(open: OpenCell, value: number, time: number): void {
  const { cell } = open;
  cell.count += 1;
  cell.min = Math.min(cell.min, value);
  cell.max = Math.max(cell.max, value);
  if (value !== 0) cell.nonZero += 1;
  if (cell.kind === 'gauge' && (cell.last === undefined || time >= cell.last.time))
    cell.last = { time, value };
  if (!open.buckets) {
    cell.sum += value;
    return;
  }
  cell.sum += scaled(value);
  open.buckets.record(value);
}

/** Samples folded into cells, in memory, until taken. */
export class CellRecorder implements PointSink {
  private readonly open = new Map<string, OpenCell>();
  /** Per metric, check and code, the distinct failures kept as they are. */
  private readonly examples = new Map<string, Set<string>>();

  /**
   * The cell each tags object last fed, per metric: a load's tags objects are shared by every
   * request with those tags (lib/load/vu.ts), so most samples find their cell here without
   * serialising their tags into a key. Weak: a tags object made for one sample is dropped with it.
   */
  private readonly recent = new WeakMap<Record<string, string>, Map<string, OpenCell>>();

  add(
    metric: string,
    kind: MetricKind,
    value: number,
    tags: Record<string, string>,
    time = Date.now(),
  ): void {
    const second = time - (time % 1000);
    let byMetric = this.recent.get(tags);
    let open = byMetric?.get(metric);
    if (open === undefined || open.cell.time !== second || open.cell.kind !== kind || open.taken) {
      open = this.cellOf(metric, kind, tags, second);
      if (byMetric === undefined) {
        byMetric = new Map();
        this.recent.set(tags, byMetric);
      }
      byMetric.set(metric, open);
    }
    record(open, value, time);
  }

  /** The cell of a second and series, opened if it is not yet. */
  private cellOf(metric: string, kind: MetricKind, tags: Record<string, string>, second: number): OpenCell {
    const kept = tags.message === undefined ? tags : this.example(metric, tags);
    const key = `${second} ${metric} ${kind} ${JSON.stringify(kept)}`;
    let open = this.open.get(key);
    if (!open) {
      const cell: Cell = {
        metric,
        kind,
        time: second,
        tags: kept,
        count: 0,
        sum: 0,
        nonZero: 0,
        min: Infinity,
        max: -Infinity,
      };
      open = kind === 'trend' ? { cell, buckets: new BucketCounts() } : { cell };
      this.open.set(key, open);
    }
    return open;
  }

  /** The cells of the seconds before `before` (epoch ms), all of them by default, taken out. */
  take(before = Infinity): Cell[] {
    return this.takeOpen(before).map(closed);
  }

  /**
   * The open cells of the seconds before `before`, taken out and not yet encoded: a cell taken is
   * never fed again (`taken`), so its buckets can be encoded later, off the turn that took it.
   */
  protected takeOpen(before: number): OpenCell[] {
    const taken: OpenCell[] = [];
    for (const [key, open] of this.open) {
      if (open.cell.time >= before) continue;
      taken.push(open);
      open.taken = true;
      this.open.delete(key);
    }
    return taken;
  }

  /** The tags as they are for the first distinct failures of a check and code, then their overflow line. */
  private example(metric: string, tags: Record<string, string>): Record<string, string> {
    const of = `${metric} ${tags.check ?? ''} ${tags.code ?? ''}`;
    const seen = this.examples.get(of) ?? new Set<string>();
    this.examples.set(of, seen);
    const key = JSON.stringify(tags);
    if (seen.has(key)) return tags;
    if (seen.size < EXAMPLES_PER_CHECK) {
      seen.add(key);
      return tags;
    }
    const { check, code, severity } = tags;
    return {
      ...(check === undefined ? {} : { check }),
      ...(code === undefined ? {} : { code }),
      ...(severity === undefined ? {} : { severity }),
      message: `further distinct failures, not kept: a worker keeps ${EXAMPLES_PER_CHECK} per check and code`,
    };
  }
}

/**
 * How long one turn of the event loop may spend encoding a batch's cells before it yields: the
 * engine's due timer shares the thread, and a second's cells at thousands of requests a second
 * took 0.3 to 1.9 ms to encode and as much again to gzip (docs/bench.md), which delayed walks' starts.
 */
const SLICE_MS = 0.5;

/** Cells taken for one write, and whether that write has been made (by the async path or flush). */
interface Batch {
  cells: OpenCell[];
  lines: string[];
  written: boolean;
}

/** Lines as a points file holds them. */
const text = (lines: readonly string[]): string => `${lines.join('\n')}\n`;

/** A recorder that writes what it took to a file. */
export class PointWriter extends CellRecorder {
  private readonly file: string;
  private readonly gzip: boolean;
  /** Batches taken by flushSoon and not yet written, in the order they were taken. */
  private readonly pending: Batch[] = [];
  private pumping = false;

  constructor(file: string) {
    super();
    mkdirSync(path.dirname(file), { recursive: true });
    this.file = file;
    this.gzip = file.endsWith('.gz');
  }

  /**
   * Writes the cells of the seconds before `before` (epoch ms), all of them by default, now: the
   * batches flushSoon has not written yet first, in order, so the file is whole when this returns.
   */
  flush(before = Infinity): void {
    for (const batch of this.pending.splice(0)) {
      for (let index = batch.lines.length; index < batch.cells.length; index += 1)
        batch.lines.push(formatCell(closed(batch.cells[index] as OpenCell)));
      this.write(batch, this.encoded(text(batch.lines)));
    }
    const cells = this.take(before);
    if (cells.length > 0) this.write(undefined, this.encoded(text(cells.map(formatCell))));
  }

  private encoded(lines: string): string | Buffer {
    return this.gzip ? gzipSync(lines) : lines;
  }

  /**
   * Takes the cells of the seconds before `before` now and writes them off this turn: encoded a
   * slice at a time (SLICE_MS, yielding between slices) and gzipped on libuv's thread pool, each
   * batch after the one before. A flush() before they are written writes them itself, in order.
   */
  flushSoon(before: number): void {
    const cells = this.takeOpen(before);
    if (cells.length === 0) return;
    this.pending.push({ cells, lines: [], written: false });
    if (!this.pumping) this.pump();
  }

  /** Whether every batch flushSoon took is written and nothing of its path is under way. */
  idle(): boolean {
    return !this.pumping;
  }

  /** Writes the oldest pending batch off the turn, then the next, until none is left. */
  private pump(): void {
    const batch = this.pending[0];
    if (batch === undefined) {
      this.pumping = false;
      return;
    }
    this.pumping = true;
    const encodeSlice = () => {
      if (batch.written) return this.pump();
      const until = performance.now() + SLICE_MS;
      while (batch.lines.length < batch.cells.length && performance.now() < until)
        batch.lines.push(formatCell(closed(batch.cells[batch.lines.length] as OpenCell)));
      if (batch.lines.length < batch.cells.length) return void setImmediate(encodeSlice);
      if (!this.gzip) return this.settle(batch, text(batch.lines));
      gzip(text(batch.lines), (error, data) =>
        this.settle(batch, error ? gzipSync(text(batch.lines)) : data),
      );
    };
    setImmediate(encodeSlice);
  }

  /** The async path's write of `batch`, unless flush() wrote it meanwhile; then the next batch. */
  private settle(batch: Batch, data: string | Buffer): void {
    if (!batch.written) {
      this.pending.shift();
      this.write(batch, data);
    }
    this.pump();
  }

  private write(batch: Batch | undefined, data: string | Buffer): void {
    if (batch) batch.written = true;
    appendFileSync(this.file, data);
  }
}
