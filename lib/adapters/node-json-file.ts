/**
 * Reads and parses a JSON file, each way it can fail as one line naming the file and the fix. A
 * syntax error is told by line and column only: Node's message quotes the text around it, which
 * in a target file or a HAR can be a key.
 */
import { readFile } from 'node:fs/promises';
import { HarnessError } from '../errors.ts';
import { jsonSyntaxError } from '../json-syntax.ts';

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
  } catch {
    const at = jsonSyntaxError(text) ?? { line: 1, column: 1 };
    throw new HarnessError(
      `${hints.what} ${path} is not valid JSON: syntax error at ${at.line}:${at.column} (line ${at.line}, column ${at.column}); ${hints.notJson}`,
    );
  }
}
