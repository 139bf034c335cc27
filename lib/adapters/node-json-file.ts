/** Reads and parses a JSON file, each way it can fail as one line naming the file and the fix. */
import { readFile } from 'node:fs/promises';
import { HarnessError } from '../errors.ts';

export interface JsonFileHints {
  /** What the file is, e.g. "target file" or "HAR file". */
  what: string;
  /** What to do when it cannot be read, e.g. "check the path given to --target". */
  unreadable: string;
  /** What to do when it is not JSON. */
  notJson: string;
}

export async function readJsonFile(path: string, hints: JsonFileHints): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new HarnessError(`${hints.what} ${path} cannot be read; ${hints.unreadable}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HarnessError(
      `${hints.what} ${path} is not valid JSON (${(error as Error).message}); ${hints.notJson}`,
    );
  }
}
