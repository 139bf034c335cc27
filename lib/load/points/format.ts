/**
 * The raw points of a load run: one JSON object per line, one line per sample, written by the load
 * engine in every worker and read back by the harness. Percentiles are computed from all of a
 * run's points together (lib/load/points/aggregate.ts), never by averaging what workers computed.
 *
 *   {"m":"latency","k":"trend","t":1764057600123,"v":12.5,"g":{"endpoint":"orders","status":"200"}}
 *
 * `m` metric name, `k` its kind, `t` epoch ms, `v` value, `g` tags (labels, never a key).
 */
import { HarnessError } from '../../errors.ts';

export type MetricKind = 'counter' | 'gauge' | 'rate' | 'trend';
const KINDS: readonly string[] = ['counter', 'gauge', 'rate', 'trend'];

export interface Point {
  metric: string;
  kind: MetricKind;
  /** Milliseconds since the epoch. */
  time: number;
  value: number;
  tags: Record<string, string>;
}

export function formatPoint(point: Point): string {
  return JSON.stringify({ m: point.metric, k: point.kind, t: point.time, v: point.value, g: point.tags });
}

interface RawPoint {
  m?: unknown;
  k?: unknown;
  t?: unknown;
  v?: unknown;
  g?: unknown;
}

/** One parsed line; undefined for a blank line; a HarnessError naming `where` for anything else. */
export function parsePoint(line: string, where: string): Point | undefined {
  if (line.trim() === '') return undefined;
  let raw: RawPoint;
  try {
    raw = JSON.parse(line) as RawPoint;
  } catch {
    throw new HarnessError(`${where}: not a JSON line of a points file`);
  }
  const { m, k, t, v, g } = raw;
  if (typeof m !== 'string' || typeof k !== 'string' || !KINDS.includes(k) || typeof t !== 'number')
    throw new HarnessError(`${where}: not a point (needs m, k, t, v, g)`);
  if (typeof v !== 'number' || typeof g !== 'object' || g === null)
    throw new HarnessError(`${where}: not a point (needs m, k, t, v, g)`);
  return { metric: m, kind: k as MetricKind, time: t, value: v, tags: g as Record<string, string> };
}
