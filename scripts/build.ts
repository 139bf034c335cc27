/**
 * Bundles every `scenarios/*.ts` into `dist/<name>.js`, one ES module per scenario, for k6.
 * The load and gate scripts call `buildScenarios()` before they run k6, so dist/ is never stale.
 * As a command: `npm run build [-- --scenario NAME] [--k6-operator N]`.
 */
import { build, type BuildOptions, type Message } from 'esbuild';
import { deferTypeBox } from './lib/k6-deferred.ts';
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HarnessError } from '../lib/errors.ts';
import { EXIT, parseFlags, runCli } from './lib/cli.ts';
import { writeOperatorManifests } from './lib/k6-operator.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SCENARIOS_DIR = path.join(ROOT, 'scenarios');
const DEFAULT_OUT_DIR = path.join(ROOT, 'dist');

/**
 * Bundle-time swaps of a runtime module for a shim, as grafana/k6-jslib-testing does. Core code
 * imports the neutral name; tsconfig `paths` maps it for type checking. None is needed yet, e.g.
 * `'harness-execution': 'k6/execution'` would hand k6's real module to code that imports
 * 'harness-execution' and gets a Node stub under vitest.
 */
export const SHIM_ALIASES: Record<string, string> = {};

/** Every option carries its reason (STYLE: the esbuild config). */
const K6_BUILD_OPTIONS: BuildOptions = {
  // One self-contained file per scenario: k6 resolves no npm packages on its own.
  bundle: true,
  // k6 runs ES modules natively; no CommonJS wrapper to go through.
  format: 'esm',
  // k6's runtime (Sobek) is browser-like: no Node built-ins, no `process`.
  platform: 'browser',
  // The syntax tsconfig allows; k6 v1 runs it as is (it strips its own .ts files for esnext).
  target: 'es2022',
  // k6's runtime has no async generators (TypeBox's value module holds one): lower them.
  supported: { 'async-generator': false, 'for-await': false },
  // Provided by the k6 binary at run time, never bundled.
  external: ['k6', 'k6/*'],
  alias: SHIM_ALIASES,
  // Inline, so a bundle is one file: k6 maps stack traces back to the .ts lines, and the
  // k6-operator ConfigMap (which holds only the .js) keeps its map too.
  sourcemap: 'inline',
  // Readable bundles and stack traces; size does not matter to k6.
  minify: false,
  // Files are written by writeAtomically, so a k6 that is reading a bundle never sees half of it.
  write: false,
  // Errors come back as data and are thrown as one line; esbuild prints nothing itself.
  logLevel: 'silent',
  // k6 evaluates the bundle once per VU: TypeBox is loaded on first use, not at every VU's start.
  plugins: [deferTypeBox],
};

/**
 * For a stock k6 (the k6-operator's image), which lacks the harness's page screen: every page is
 * then checked in JavaScript (lib/adapters/k6-screen.ts).
 */
const STOCK_K6_ALIASES: Record<string, string> = {
  'k6/x/pagefold': path.join(ROOT, 'lib/adapters/pagefold-absent.ts'),
};

export interface BuildScenariosOptions {
  /** Scenario names (file names without .ts) to build. @default every scenario */
  only?: readonly string[];
  /** Bundle for a k6 without the page screen (see STOCK_K6_ALIASES). @default false */
  stockK6?: boolean;
  /** @default <project>/dist */
  outDir?: string;
}

export interface BuiltScenario {
  name: string;
  source: string;
  /** The bundle k6 runs. */
  bundle: string;
}

/** Every top-level scenarios/*.ts is a scenario; shared code lives in lib/ or a subfolder. */
export function listScenarios(): string[] {
  return readdirSync(SCENARIOS_DIR)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

function selectScenarios(only: readonly string[] | undefined): string[] {
  const all = listScenarios();
  const unknown = (only ?? []).filter((name) => !all.includes(name));
  if (unknown.length > 0)
    throw new HarnessError(`unknown scenario ${unknown.join(', ')}: choose from ${all.join(', ')}`);
  return only ? [...only] : all;
}

function writeAtomically(file: string, contents: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

function oneLine(errors: readonly Message[]): string {
  const [first] = errors;
  if (!first) return 'esbuild failed without a message';
  const where = first.location
    ? `${first.location.file}:${first.location.line}:${first.location.column}: `
    : '';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more errors)` : '';
  return `bundling failed: ${where}${first.text}${more}`;
}

async function bundle(
  entryPoints: { in: string; out: string }[],
  outDir: string,
  stockK6 = false,
): Promise<void> {
  const alias = stockK6 ? { ...SHIM_ALIASES, ...STOCK_K6_ALIASES } : SHIM_ALIASES;
  const result = await build({ ...K6_BUILD_OPTIONS, alias, entryPoints, outdir: outDir }).catch(
    (failure: { errors?: Message[] }) => {
      throw new HarnessError(oneLine(failure.errors ?? []));
    },
  );
  for (const output of result.outputFiles ?? []) writeAtomically(output.path, output.contents);
}

/** Bundles one k6 script that is not a scenario (the bench's); returns the bundle's path. */
export async function bundleK6Script(source: string, outDir: string): Promise<string> {
  const name = path.basename(source, '.ts');
  await bundle([{ in: source, out: name }], outDir);
  return path.join(outDir, `${name}.js`);
}

/** Bundles the scenarios for k6; throws one line naming the first build error. */
export async function buildScenarios(options: BuildScenariosOptions = {}): Promise<BuiltScenario[]> {
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const names = selectScenarios(options.only);
  if (names.length === 0) return [];
  const entryPoints = names.map((name) => ({ in: path.join(SCENARIOS_DIR, `${name}.ts`), out: name }));
  await bundle(entryPoints, outDir, options.stockK6);
  return names.map((name) => ({
    name,
    source: path.join(SCENARIOS_DIR, `${name}.ts`),
    bundle: path.join(outDir, `${name}.js`),
  }));
}

const USAGE = `Usage: npm run build -- [--scenario NAME]... [--k6-operator N]
Bundles scenarios/*.ts into dist/NAME.js for k6.
  --scenario NAME   build only this scenario (repeatable); default: all
  --k6-operator N   also write dist/k6-operator/NAME/{configmap,testrun}.yaml with parallelism N
  --help            show this help`;

const FLAGS = {
  scenario: { type: 'string', multiple: true },
  'k6-operator': { type: 'string' },
} as const;

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  const parallelism = flags['k6-operator'] === undefined ? undefined : Number(flags['k6-operator']);
  if (parallelism !== undefined && !(Number.isInteger(parallelism) && parallelism >= 1)) {
    throw new HarnessError(
      `--k6-operator must be a whole number of pods >= 1, got "${flags['k6-operator']}"`,
    );
  }
  // The k6-operator runs the stock grafana/k6 image: its bundles go without the page screen.
  const operatorBundles = path.join(DEFAULT_OUT_DIR, 'k6-operator', 'bundles');
  const built = await buildScenarios(
    parallelism === undefined
      ? { only: flags.scenario }
      : { only: flags.scenario, stockK6: true, outDir: operatorBundles },
  );
  for (const scenario of built) {
    console.log(`built ${path.relative(ROOT, scenario.bundle)}`);
    if (parallelism === undefined) continue;
    const outDir = path.join(DEFAULT_OUT_DIR, 'k6-operator', scenario.name);
    writeOperatorManifests({ name: scenario.name, bundle: scenario.bundle, parallelism }, outDir);
    console.log(`wrote ${path.relative(ROOT, outDir)}/{configmap,testrun}.yaml (parallelism ${parallelism})`);
  }
  return EXIT.pass;
}

// A command when run, a library when the load and gate scripts import buildScenarios.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runCli(main);
