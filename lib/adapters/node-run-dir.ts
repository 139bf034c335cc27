/**
 * A run's directory that an error does not leave behind: an error run writes nothing (its one
 * line on stderr says what went wrong), never an empty or half-written folder under reports/.
 */
import { mkdir, rm } from 'node:fs/promises';

/**
 * Creates `dir` (and its missing parents), runs `work`; when `work` throws, removes what this call
 * created, so a directory that was there before (an `--out-dir` given by hand) is left alone.
 */
export async function inRunDir<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const created = await mkdir(dir, { recursive: true });
  try {
    return await work();
  } catch (error) {
    if (created !== undefined) await rm(created, { recursive: true, force: true });
    throw error;
  }
}
