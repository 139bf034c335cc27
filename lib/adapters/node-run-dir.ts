/**
 * A run's directory that an error does not leave behind: an error run writes nothing (its one
 * line on stderr says what went wrong), never an empty or half-written folder under reports/.
 */
import { statSync, type Stats } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { HarnessError } from '../errors.ts';

/** What is at `at`; undefined when nothing is (ENOENT) or a file is above it (ENOTDIR). */
function statOf(at: string): Stats | undefined {
  try {
    return statSync(at, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The first of `dir` and its parents that is there and is not a folder, if any. */
function fileInTheWay(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const stat = statOf(at);
    if (stat) return stat.isDirectory() ? undefined : at;
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * Creates `dir` and its missing parents; returns the first it created (undefined: it was there).
 * A file where a folder must be is one line naming it, not Node's EEXIST or ENOTDIR.
 */
export async function makeFolder(dir: string): Promise<string | undefined> {
  const file = fileInTheWay(dir);
  if (file !== undefined)
    throw new HarnessError(
      `${file} is a file, where a folder must be to write ${dir}; name a folder (--reports-dir DIR)`,
    );
  return mkdir(dir, { recursive: true });
}

/**
 * Creates `dir` (and its missing parents), runs `work`; when `work` throws, removes what this call
 * created, so a directory that was there before (an `--out-dir` given by hand) is left alone.
 */
export async function inRunDir<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const created = await makeFolder(dir);
  try {
    return await work();
  } catch (error) {
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    throw error;
  }
}
