/**
 * Bundles the harness's Artillery engines with esbuild, each into one CommonJS file: the load
 * engine (engine.ts, with every scenario of scenarios/, the one walk and undici) as
 * `artillery-engine-harness`, and a reproduction's engine (lib/repro/artillery-engine.ts, whose
 * path and name the repro hands in) as `artillery-engine-harness-repro`. Artillery
 * resolves an engine by package name, and a directory holding that package on NODE_PATH is all it
 * needs. esbuild strips types and checks nothing: `tsc --noEmit` is a step of its own (npm test).
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../project-root.ts';
import { HarnessError } from '../../errors.ts';

/** The package name Artillery asks for when a script says `engines: { harness: {} }`. */
export const ENGINE_PACKAGE = 'artillery-engine-harness';
/**
 * The load engine's entry: scenarios/ hands its scenarios to lib/load there and exports engine.ts.
 * A path esbuild reads, not an import: lib/ still imports nothing above it.
 */
const LOAD_ENGINE_ENTRY = 'scenarios/engine-entry.ts';
/** Where the project's own runs find the load engine (put on NODE_PATH). */
export const ENGINE_DIR = path.join(PROJECT_ROOT, '.build', 'engine');

/** Each option with the reason it is set, so that none is changed without knowing what relies on it. */
const ENGINE_BUILD: BuildOptions = {
  // One self-contained file: Artillery's workers, or a reproduction's directory, resolve nothing
  // of ours from node_modules.
  bundle: true,
  // Artillery loads engines with import() of a require.resolve'd path: CommonJS's module.exports
  // is what it takes as the class (the footer hands it the default export).
  format: 'cjs',
  footer: { js: 'module.exports = module.exports.default;' },
  // Artillery 2.0.34 runs on Node >= 22.18; Node built-ins stay external by this platform.
  platform: 'node',
  target: 'node22',
  // Readable bundles and stack traces; size does not matter here.
  minify: false,
  // Errors come back as data and are thrown as one line; esbuild prints nothing itself.
  logLevel: 'silent',
  // The files come back to the caller, which writes them whole (and redacts a reproduction's).
  write: false,
};

/** The engine package's files (`entry` from the project root) by their path under the directory on NODE_PATH. */
async function bundle(entry: string, name: string, sourcemap: boolean): Promise<Record<string, string>> {
  const result = await build({
    ...ENGINE_BUILD,
    entryPoints: [path.resolve(PROJECT_ROOT, entry)],
    outfile: path.join(name, 'index.js'),
    // A project run maps stack traces to the .ts lines; a reproduction is read by a person.
    sourcemap: sourcemap ? 'linked' : false,
  }).catch((error: Error & { errors?: { text: string }[] }) => {
    throw new HarnessError(`the ${name} engine does not build: ${error.errors?.[0]?.text ?? error.message}`);
  });
  const files: Record<string, string> = {
    [`${name}/package.json`]: `${JSON.stringify({ name, private: true, main: 'index.js' }, null, 2)}\n`,
  };
  for (const file of result.outputFiles ?? []) files[path.relative(process.cwd(), file.path)] = file.text;
  return files;
}

let built: Promise<string> | undefined;

async function writeEngine(dir: string): Promise<string> {
  const files = await bundle(LOAD_ENGINE_ENTRY, ENGINE_PACKAGE, true);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    // Written aside then renamed: a run reading the bundle never sees half of it.
    writeFileSync(`${file}.${process.pid}.tmp`, text);
    renameSync(`${file}.${process.pid}.tmp`, file);
  }
  return dir;
}

/**
 * Builds the load engine into `dir` (default ENGINE_DIR, once per process) and returns the
 * directory to put on NODE_PATH.
 */
export function buildEngine(dir?: string): Promise<string> {
  if (dir !== undefined) return writeEngine(dir);
  return (built ??= writeEngine(ENGINE_DIR));
}

/**
 * A reproduction's engine `name` (what its script says in `engines: { <name>: {} }`), bundled from
 * `entry` (lib/repro/artillery-engine.ts), as files (`artillery-engine-<name>/index.js` and its
 * package.json, the package Artillery resolves): the caller redacts them and writes them into the
 * reproduction's directory.
 */
export const buildReproEngine = (entry: string, name: string): Promise<Record<string, string>> =>
  bundle(entry, `artillery-engine-${name}`, false);
