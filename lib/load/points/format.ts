/**
 * The points of a load run, as each worker writes them: per second, one line per metric and tag
 * set that recorded anything in it, holding what the merge needs (counts, sums, extremes, and for
 * trends the HDR buckets of every value: ./buckets.ts). So a file grows with time and with the
 * number of series, not with requests. Percentiles are computed from all of a run's cells
 * together (./aggregate.ts), never by averaging what workers computed.
 *
 *   {"t":1764057600000,"m":"latency","k":"trend","g":{"endpoint":"orders","status":"200"},
 *    "n":212,"s":531904,"z":212,"lo":1.2,"hi":9.8,"h":"xk,2*3,..."}
 *
 * `t` the second's start (epoch ms), `m` metric, `k` kind, `g` tags (labels, never a key), `n`
 * values recorded, `s` their sum (trends: of the scaled values, so sums add exactly), `z` how many
 * were not 0, `lo`/`hi` the least and greatest, `h` trends' buckets, `lt`/`lv` gauges' last value
 * and its time.
 */
import { HarnessError } from '../../errors.ts';

export type MetricKind = 'counter' | 'gauge' | 'rate' | 'trend';
const KINDS: readonly string[] = ['counter', 'gauge', 'rate', 'trend'];

/** One series in one second of one worker. */
export interface Cell {
  metric: string;
  kind: MetricKind;
  /** Start of the second, ms since the epoch. */
  time: number;
  tags: Record<string, string>;
  count: number;
  sum: number;
  nonZero: number;
  min: number;
  max: number;
  /** Trends: their buckets (./buckets.ts). */
  buckets?: string;
  /** Gauges: the latest value and when it was recorded. */
  last?: { time: number; value: number };
}

export function formatCell(cell: Cell): string {
  const { metric: m, kind: k, time: t, tags: g, count: n, sum: s, nonZero: z, min: lo, max: hi } = cell;
  return JSON.stringify({
    t,
    m,
    k,
    g,
    n,
    s,
    z,
    lo,
    hi,
    ...(cell.buckets === undefined ? {} : { h: cell.buckets }),
    ...(cell.last === undefined ? {} : { lt: cell.last.time, lv: cell.last.value }),
  });
}

type RawCell = Partial<
  Record<'t' | 'm' | 'k' | 'g' | 'n' | 's' | 'z' | 'lo' | 'hi' | 'h' | 'lt' | 'lv', unknown>
>;

const NUMBERS = ['t', 'n', 's', 'z', 'lo', 'hi'] as const;

/** One parsed line; undefined for a blank line; a HarnessError naming `where` for anything else. */
export function parseCell(line: string, where: string): Cell | undefined {
  if (line.trim() === '') return undefined;
  let raw: RawCell;
  try {
    raw = JSON.parse(line) as RawCell;
  } catch {
    throw new HarnessError(`${where}: not a JSON line of a points file`);
  }
  const { m, k, g, h, lt, lv } = raw;
  const wellFormed =
    typeof m === 'string' &&
    typeof k === 'string' &&
    KINDS.includes(k) &&
    typeof g === 'object' &&
    g !== null &&
    NUMBERS.every((name) => typeof raw[name] === 'number') &&
    (h === undefined || typeof h === 'string') &&
    (k !== 'trend' || typeof h === 'string');
  if (!wellFormed)
    throw new HarnessError(`${where}: not a cell of a points file (needs t, m, k, g, n, s, z, lo, hi)`);
  const [time, count, sum, nonZero, min, max] = NUMBERS.map((name) => raw[name] as number);
  return {
    metric: m,
    kind: k as MetricKind,
    time: time ?? 0,
    tags: g as Record<string, string>,
    count: count ?? 0,
    sum: sum ?? 0,
    nonZero: nonZero ?? 0,
    min: min ?? 0,
    max: max ?? 0,
    ...(typeof h === 'string' ? { buckets: h } : {}),
    ...(typeof lt === 'number' && typeof lv === 'number' ? { last: { time: lt, value: lv } } : {}),
  };
}
