/**
 * Bundles the harness's Artillery engine (engine.ts, with every scenario and undici) into one
 * CommonJS file, `<dir>/artillery-engine-harness/index.js`: Artillery resolves engines by package
 * name, and a directory holding that package on NODE_PATH is all it needs. esbuild strips types
 * and checks nothing: `tsc --noEmit` is a step of its own (npm test).
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HarnessError } from '../../errors.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The package name Artillery asks for when a script says `engines: { harness: {} }`. */
export const ENGINE_PACKAGE = 'artillery-engine-harness';
/** Where the project's own runs find the engine (put on NODE_PATH). */
export const ENGINE_DIR = path.join(ROOT, '.build', 'engine');

/** Every option carries its reason (STYLE: the esbuild config). */
const ENGINE_BUILD: BuildOptions = {
  entryPoints: [path.join(ROOT, 'lib/load/artillery/engine.ts')],
  // One self-contained file: Artillery's workers resolve nothing of ours from node_modules.
  bundle: true,
  // Artillery loads engines with import() of a require.resolve'd path: CommonJS's module.exports
  // is what it takes as the class (the footer hands it the default export).
  format: 'cjs',
  footer: { js: 'module.exports = module.exports.default;' },
  // Artillery's workers are Node 22 threads; Node built-ins stay external by this platform.
  platform: 'node',
  target: 'node22',
  // Stack traces point at the .ts lines; a reproduction directory keeps its map beside it.
  sourcemap: 'linked',
  // Readable bundles and stack traces; size does not matter here.
  minify: false,
  // Errors come back as data and are thrown as one line; esbuild prints nothing itself.
  logLevel: 'silent',
  write: false,
};

let built: Promise<string> | undefined;

async function bundle(dir: string): Promise<string> {
  const packageDir = path.join(dir, ENGINE_PACKAGE);
  const result = await build({ ...ENGINE_BUILD, outfile: path.join(packageDir, 'index.js') }).catch(
    (error: Error & { errors?: { text: string }[] }) => {
      throw new HarnessError(`the load engine does not build: ${error.errors?.[0]?.text ?? error.message}`);
    },
  );
  mkdirSync(packageDir, { recursive: true });
  writeFileSync(
    path.join(packageDir, 'package.json'),
    `${JSON.stringify({ name: ENGINE_PACKAGE, private: true, main: 'index.js' }, null, 2)}\n`,
  );
  // Written aside then renamed: a run reading the bundle never sees half of it.
  for (const file of result.outputFiles ?? []) {
    writeFileSync(`${file.path}.${process.pid}.tmp`, file.contents);
    renameSync(`${file.path}.${process.pid}.tmp`, file.path);
  }
  return dir;
}

/**
 * Builds the engine into `dir` (default ENGINE_DIR, once per process) and returns the directory
 * to put on NODE_PATH.
 */
export function buildEngine(dir?: string): Promise<string> {
  if (dir !== undefined) return bundle(dir);
  return (built ??= bundle(ENGINE_DIR));
}
