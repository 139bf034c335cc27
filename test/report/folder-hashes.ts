/** What a folder holds, file by file: a run folder compared before and after a command reads it. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` (recursively), by its path inside `dir`, with the sha256 of its bytes. */
export function folderHashes(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files.map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [path.relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
    }),
  );
}
