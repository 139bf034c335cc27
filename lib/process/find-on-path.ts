/**
 * Finding an executable on PATH without spawning a shell (`command -v` would need one).
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Whether `file` exists and this process may execute it. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on PATH, or undefined. */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  const dirs = searchPath.split(path.delimiter).filter(Boolean);
  return dirs.map((dir) => path.join(dir, name)).find(isExecutable);
}
