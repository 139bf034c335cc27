/**
 * The project's own folder (where package.json, tools/ and spec/ are), wherever a command is run
 * from: defined here once. A file of its own, apart from lib/paths.ts, because `import.meta.url`
 * is empty in the engine's CommonJS bundle and nothing bundled may import this.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `from` that holds a package.json. Searched for, not `../` of this
 * file: the tests run the commands from bundles (one file each, in a folder under .build/), where
 * this module sits at another depth than lib/; both ways find the same folder.
 */
export function findProjectRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return `${dir}${path.sep}`;
    if (path.dirname(dir) === dir) throw new Error(`no package.json at or above ${from}`);
  }
}

/** The project's folder, with a trailing separator (as `new URL('../', import.meta.url)` had it). */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
