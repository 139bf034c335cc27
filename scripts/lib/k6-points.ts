/**
 * Reads the raw points k6 writes with `--out json=FILE` (one JSON object per line; gzipped when
 * the name ends in .gz). Streams line by line, so memory does not grow with the file.
 * Line shapes, from go.k6.io/k6 internal/output/json/wrapper.go:
 *   {"type":"Metric","metric":"http_req_duration","data":{"name":..,"type":"trend","contains":"time",..}}
 *   {"type":"Point","metric":"http_req_duration","data":{"time":"2026-..Z","value":1.23,"tags":{..}}}
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { HarnessError } from '../../lib/errors.ts';

export type K6MetricType = 'counter' | 'gauge' | 'rate' | 'trend';

interface K6MetricDeclaration {
  kind: 'metric';
  metric: string;
  type: K6MetricType;
  /** 'time' for durations in milliseconds, 'data' for bytes, 'default' otherwise. */
  contains: string;
}

interface K6Point {
  kind: 'point';
  metric: string;
  /** Milliseconds since the epoch. */
  time: number;
  value: number;
  tags: Record<string, string>;
}

export type K6Record = K6MetricDeclaration | K6Point;

interface RawLine {
  type?: string;
  metric?: string;
  data?: {
    type?: string;
    contains?: string;
    time?: string;
    value?: number;
    tags?: Record<string, string> | null;
  };
}

const METRIC_TYPES: readonly string[] = ['counter', 'gauge', 'rate', 'trend'];

/** One parsed line, or undefined for a line that is neither a metric nor a point. */
export function parseK6Line(line: string, where: string): K6Record | undefined {
  if (line.trim() === '') return undefined;
  let raw: RawLine;
  try {
    raw = JSON.parse(line) as RawLine;
  } catch {
    throw new HarnessError(`${where}: not a JSON line of k6 --out json output`);
  }
  const { type, metric, data } = raw;
  if (typeof metric !== 'string' || !data) return undefined;
  if (type === 'Metric' && METRIC_TYPES.includes(data.type ?? '')) {
    return { kind: 'metric', metric, type: data.type as K6MetricType, contains: data.contains ?? 'default' };
  }
  if (type === 'Point' && typeof data.value === 'number' && typeof data.time === 'string') {
    return { kind: 'point', metric, time: Date.parse(data.time), value: data.value, tags: data.tags ?? {} };
  }
  return undefined;
}

function openLines(file: string): Readable {
  const stream = createReadStream(file);
  if (!file.endsWith('.gz')) return stream;
  const gunzip = createGunzip();
  // pipe() does not pass errors on: a missing file must fail the read, not hang it.
  stream.on('error', (error) => gunzip.destroy(error));
  return stream.pipe(gunzip);
}

/** Every metric declaration and point of one k6 JSON output file, in file order. */
export async function* readK6Records(file: string): AsyncGenerator<K6Record> {
  const lines = createInterface({ input: openLines(file), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    const record = parseK6Line(line, `${file}:${lineNumber}`);
    if (record) yield record;
  }
}
