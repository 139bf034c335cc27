/** Reads a points file line by line, so memory does not grow with the file. */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parsePoint, type Point } from './format.ts';

export async function* readPoints(file: string): AsyncGenerator<Point> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    const point = parsePoint(line, `${file}:${lineNumber}`);
    if (point) yield point;
  }
}
