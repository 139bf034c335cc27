/**
 * The project's own folder (where package.json, tools/ and spec/ are), wherever a command is run
 * from: defined here once. A file of its own, apart from lib/paths.ts, because `import.meta.url`
 * is empty in the engine's CommonJS bundle and nothing bundled may import this.
 */
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
