/**
 * Appends points to a file from inside a load worker: buffered, written synchronously in batches
 * (once a second and at the end), so a worker that is stopped right after its last flush has lost
 * nothing, and a sample costs one string in memory until then.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatPoint, type MetricKind } from './format.ts';

/** Lines kept before a write even within the second, so memory stays bounded at any rate. */
const MAX_BUFFERED = 20_000;

/** Where a load worker's samples go. */
export interface PointSink {
  add(metric: string, kind: MetricKind, value: number, tags: Record<string, string>): void;
}

export class PointWriter implements PointSink {
  private readonly file: string;
  private lines: string[] = [];

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.file = file;
  }

  add(
    metric: string,
    kind: MetricKind,
    value: number,
    tags: Record<string, string>,
    time = Date.now(),
  ): void {
    this.lines.push(formatPoint({ metric, kind, time, value, tags }));
    if (this.lines.length >= MAX_BUFFERED) this.flush();
  }

  flush(): void {
    if (this.lines.length === 0) return;
    appendFileSync(this.file, `${this.lines.join('\n')}\n`);
    this.lines = [];
  }
}
