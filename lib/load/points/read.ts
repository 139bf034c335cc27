/** Reads a points file cell by cell (gunzipped when named `.gz`), so memory does not grow with the file. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { decodeBuckets } from './buckets.ts';
import { HarnessError } from '../../errors.ts';
import { parseCell, type Cell } from './format.ts';
import { TREND_SCALE } from './percentile.ts';

export async function* readCells(file: string): AsyncGenerator<Cell> {
  const raw = createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const line of lines) {
      lineNumber += 1;
      const cell = parseCell(line, `${file}:${lineNumber}`);
      if (cell) yield cell;
    }
  } catch (error) {
    if (error instanceof HarnessError) throw error;
    // A gzip member cut short (a worker stopped mid-write) or a file that is not gzip.
    const why = error instanceof Error ? error.message : String(error);
    throw new HarnessError(`${file}: not a readable points file after line ${lineNumber} (${why})`);
  }
}

/**
 * Every value of a trend the file counted, as its bucket's lowest value (./buckets.ts) in ms, once
 * per count: for comparing the merge with one computation over the union of several files.
 */
export async function readTrendValues(file: string, metric: string): Promise<number[]> {
  const values: number[] = [];
  for await (const cell of readCells(file)) {
    if (cell.metric !== metric) continue;
    for (const [value, count] of decodeBuckets(cell.buckets ?? '', file))
      for (let i = 0; i < count; i += 1) values.push(value / TREND_SCALE);
  }
  return values;
}
