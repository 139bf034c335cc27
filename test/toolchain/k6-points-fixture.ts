/** Writers of k6 `--out json` files, in the line format of go.k6.io/k6 internal/output/json. */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export interface PointSpec {
  metric: string;
  value: number;
  /** Seconds after the test started. */
  at: number;
  tags?: Record<string, string>;
}

const START = Date.parse('2026-06-14T10:00:00Z');

const DECLARATIONS: Record<string, { type: string; contains: string }> = {
  http_req_duration: { type: 'trend', contains: 'time' },
  http_reqs: { type: 'counter', contains: 'default' },
  checks: { type: 'rate', contains: 'default' },
  vus: { type: 'gauge', contains: 'default' },
};

export function k6JsonLines(points: readonly PointSpec[]): string[] {
  const declared = new Set<string>();
  const lines: string[] = [];
  for (const { metric, value, at, tags = {} } of points) {
    const declaration = DECLARATIONS[metric];
    if (!declaration) throw new Error(`fixture knows no metric ${metric}`);
    if (!declared.has(metric)) {
      declared.add(metric);
      const data = { name: metric, ...declaration, thresholds: [], submetrics: null };
      lines.push(JSON.stringify({ type: 'Metric', data, metric }));
    }
    // k6 writes nanosecond times; the reader must cope with more than 3 fraction digits.
    const time = new Date(START + at * 1000).toISOString().replace('Z', '123456Z');
    lines.push(JSON.stringify({ metric, type: 'Point', data: { time, value, tags } }));
  }
  return lines;
}

/** Writes the points as k6 would; gzipped when the name ends in .gz, as k6 does. */
export function writeK6Json(file: string, points: readonly PointSpec[]): string {
  const text = `${k6JsonLines(points).join('\n')}\n`;
  writeFileSync(file, file.endsWith('.gz') ? gzipSync(text) : text);
  return file;
}

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
