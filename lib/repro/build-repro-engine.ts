/**
 * Bundles the reproduction's Artillery engine (artillery-repro-engine.ts, with the one walk, the
 * page checks and undici) into one CommonJS file, returned as text with its package.json: the
 * caller redacts them and writes them under a directory as `artillery-engine-harness-repro/`, the
 * layout Artillery resolves an engine from when that directory is on NODE_PATH (as
 * lib/load/artillery/build-engine.ts lays out the load engine). esbuild strips types and checks
 * nothing: `tsc --noEmit` is a step of its own.
 */
import { build, type BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { HarnessError } from '../errors.ts';
import { REPRO_ENGINE } from './replay-plan.ts';

/** The package Artillery asks for when a script names the engine REPRO_ENGINE. */
const REPRO_ENGINE_PACKAGE = `artillery-engine-${REPRO_ENGINE}`;

/** Every option carries its reason (STYLE: the esbuild config). */
const REPRO_ENGINE_BUILD: BuildOptions = {
  entryPoints: [fileURLToPath(new URL('./artillery-repro-engine.ts', import.meta.url))],
  // One self-contained file: the reproduction runs where no harness and no node_modules are.
  bundle: true,
  // Artillery loads engines with import() of a require.resolve'd path: CommonJS's module.exports
  // is what it takes as the class (the footer hands it the default export).
  format: 'cjs',
  footer: { js: 'module.exports = module.exports.default;' },
  // Artillery 2.0.34 runs on Node >= 22.18; Node built-ins stay external by this platform.
  platform: 'node',
  target: 'node22',
  // No source map: the directory is handed to a person; the bundle stays readable instead.
  sourcemap: false,
  minify: false,
  // Errors come back as data and are thrown as one line; esbuild prints nothing itself.
  logLevel: 'silent',
  // The text comes back to the caller, which redacts it before anything is written.
  write: false,
  outfile: 'index.js',
};

/**
 * The engine package's files by their path under the directory that goes on NODE_PATH:
 * `artillery-engine-harness-repro/index.js` (the bundle) and its package.json.
 */
export async function buildReproEngine(): Promise<Record<string, string>> {
  const result = await build(REPRO_ENGINE_BUILD).catch((error: unknown) => {
    const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text;
    throw new HarnessError(`the reproduction engine does not build: ${first ?? String(error)}`);
  });
  const index = result.outputFiles?.[0]?.text;
  if (!index) throw new HarnessError('the reproduction engine built to nothing');
  const manifest = { name: REPRO_ENGINE_PACKAGE, private: true, main: 'index.js' };
  return {
    [`${REPRO_ENGINE_PACKAGE}/index.js`]: index,
    [`${REPRO_ENGINE_PACKAGE}/package.json`]: `${JSON.stringify(manifest, null, 2)}\n`,
  };
}
