/**
 * Reads and parses a JSON file, each way it can fail as one line naming the file and the fix. A
 * syntax error is told by line and column only: Node's message quotes the text around it, which
 * in a target file or a HAR can be a key.
 */
import { readFileSync } from 'node:fs';
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

/** For a file the harness itself wrote or installed (a manifest, a report): said plainly. */
const OWN_FILE: JsonFileHints = {
  what: 'file',
  unreadable: 'it was expected there',
  notJson: 'it was expected to hold JSON',
};

function parseJson(path: string, text: string, hints: JsonFileHints): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const at = jsonSyntaxError(text) ?? { line: 1, column: 1 };
    throw new HarnessError(
      `${hints.what} ${path} is not valid JSON: syntax error at ${at.line}:${at.column} (line ${at.line}, column ${at.column}); ${hints.notJson}`,
    );
  }
}

/** The JSON in `path`; each way it can fail one line naming the file and the fix. */
export async function readJsonFile(path: string, hints: JsonFileHints = OWN_FILE): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new HarnessError(`${hints.what} ${path} cannot be read; ${hints.unreadable}`);
  }
  return parseJson(path, text, hints);
}

/** readJsonFile, for the few callers that cannot wait (a manifest read at start-up, a child's options). */
export function readJsonFileSync(path: string, hints: JsonFileHints = OWN_FILE): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new HarnessError(`${hints.what} ${path} cannot be read; ${hints.unreadable}`);
  }
  return parseJson(path, text, hints);
}
