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
import { gzipSync } from 'node:zlib';
import { BucketCounts } from './buckets.ts';
import { formatCell, type Cell, type MetricKind } from './format.ts';
import { scaled } from './percentile.ts';

/** Where a load worker's samples go. */
export interface PointSink {
  add(metric: string, kind: MetricKind, value: number, tags: Record<string, string>): void;
}

export const EXAMPLES_PER_CHECK = 20;

interface OpenCell {
  cell: Cell;
  buckets?: BucketCounts;
  /** Set when take() wrote the cell out: a sample of its second then opens a new one. */
  taken?: boolean;
}

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
    const cells: Cell[] = [];
    for (const [key, open] of this.open) {
      if (open.cell.time >= before) continue;
      cells.push(open.buckets ? { ...open.cell, buckets: open.buckets.encode() } : open.cell);
      open.taken = true;
      this.open.delete(key);
    }
    return cells;
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

/** A recorder that writes what it took to a file. */
export class PointWriter extends CellRecorder {
  private readonly file: string;
  private readonly gzip: boolean;

  constructor(file: string) {
    super();
    mkdirSync(path.dirname(file), { recursive: true });
    this.file = file;
    this.gzip = file.endsWith('.gz');
  }

  /** Writes the cells of the seconds before `before` (epoch ms); all of them by default. */
  flush(before = Infinity): void {
    const cells = this.take(before);
    if (cells.length === 0) return;
    const text = `${cells.map(formatCell).join('\n')}\n`;
    appendFileSync(this.file, this.gzip ? gzipSync(text) : text);
  }
}
