/**
 * A trend's values in one second of one worker, kept as the buckets of the harness's HDR histogram
 * (./percentile.ts: 3 significant digits, values scaled to thousandths) and their counts. A
 * worker counts into a plain map, which costs far less per sample than a histogram, and writes
 * each bucket by its lowest value; the reader records that value with its count into a histogram
 * of the same layout, where it falls into the same bucket. So the merged histogram is the one
 * that recording every sample would have built, bucket for bucket.
 *
 * Written as text: bucket values ascending, each as its distance from the one before in base 36,
 * with `*count` when the count is not 1, comma-separated (`1kw,3*5,2`).
 */
import type { Histogram } from 'hdr-histogram-js';
import { HarnessError } from '../../errors.ts';
import { scaled } from './percentile.ts';

/** Values below 2^11 have a bucket each; above, 2^10 buckets per power of two (3 digits). */
const SUB_BUCKET_BITS = 10;

/** The lowest value of the HDR bucket a scaled (non-negative integer) value falls in. */
export function bucketOf(value: number): number {
  const magnitude = value < 2 ** 31 ? 31 - Math.clz32(value) : Math.floor(Math.log2(value));
  const shift = Math.max(0, magnitude - SUB_BUCKET_BITS);
  if (shift === 0) return value;
  const width = 2 ** shift;
  return Math.floor(value / width) * width;
}

/** Counts per bucket of one series in one second. */
export class BucketCounts {
  readonly counts = new Map<number, number>();

  /** Records a trend value (unscaled: ms for timings). */
  record(value: number): void {
    const bucket = bucketOf(scaled(value));
    this.counts.set(bucket, (this.counts.get(bucket) ?? 0) + 1);
  }

  encode(): string {
    const parts: string[] = [];
    let previous = 0;
    for (const bucket of [...this.counts.keys()].sort((a, b) => a - b)) {
      const count = this.counts.get(bucket) ?? 0;
      const step = (bucket - previous).toString(36);
      parts.push(count === 1 ? step : `${step}*${count.toString(36)}`);
      previous = bucket;
    }
    return parts.join(',');
  }
}

/** The buckets `text` encodes, as [value, count] pairs; a HarnessError naming `where` if malformed. */
export function decodeBuckets(text: string, where: string): [number, number][] {
  if (text === '') return [];
  let value = 0;
  return text.split(',').map((part) => {
    const [step = '', count = '1'] = part.split('*');
    const delta = Number.parseInt(step, 36);
    const times = Number.parseInt(count, 36);
    if (!Number.isSafeInteger(delta) || delta < 0 || !Number.isSafeInteger(times) || times < 1)
      throw new HarnessError(`${where}: "${part}" is not a bucket of a trend's histogram`);
    value += delta;
    return [value, times];
  });
}

/** Records decoded buckets into `histogram`. */
export function recordBuckets(buckets: readonly (readonly [number, number])[], histogram: Histogram): void {
  for (const [value, count] of buckets) histogram.recordValueWithCount(value, count);
}
