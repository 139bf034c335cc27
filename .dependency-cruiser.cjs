/**
 * The layers (README "Layout"), checked by `npm run check`, bottom to top: lib/, sandbox/,
 * scenarios/, properties/, bench/, scripts/, test/. A folder imports only the layers below it, so no two
 * top-level folders can import each other (the folder cycles of issue 23). Inside lib/ the same
 * holds for its folders (LIB_LAYERS), and no module takes part in an import cycle at any depth.
 * @type {import('dependency-cruiser').IConfiguration}
 */

/** A rule: files under `from` import nothing under the folders `above`. */
const below = (name, from, above, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: `^${from}/` },
  to: { path: `^(${above.join('|')})/` },
});

/**
 * lib/'s folders, bottom to top: each imports only the folders before it (and the loose files at
 * lib/'s root, shared leaves whose own imports no-circular keeps honest). A folder listed with
 * folders inside it (load) stands for its own files only.
 */
const LIB_LAYERS = [
  'contract', // the spec as types, schemas and validators
  'target', // target files: their schema, resolution, safety (loopback), the sandbox handed in
  'http', // calls and responses as data
  'adapters', // the Node runtime: undici, files, run folders, opening a command's target
  'checks', // one invariant, one file: pure functions of a page or of finished walks
  'paging', // the walk: the pure state machine, and the one loop that does its I/O
  'cli', // option tables, flags, help, the lines every command prints
  'process', // child processes and the tools they run (Artillery, Chromium, actionlint)
  'load/points', // raw metric points: format, write, read, merge
  'load', // the load engine's core: the VU, its metrics, thresholds, verdict, plans
  'report', // summary.json, JUnit, HTML, baselines
  'load/artillery', // the engine seam: Artillery runs, bundles and reports
  'run', // a command's run start: its target opened, its redactor, its target line, its summary
  'repro', // reproducing a customer's bug, and the reproduction scripts
  'load/run', // the load command's runs
  'capacity', // capacity runs, built on load runs
  'props', // the property runner, context, survey and budgets
  'gate', // the release gate: properties and loads
];

/** The paths of a layer's files: a folder with layers inside it stands for its own files only. */
const layerPath = (folder) =>
  LIB_LAYERS.some((other) => other.startsWith(`${folder}/`)) ? `lib/${folder}/[^/]+$` : `lib/${folder}/`;

/** One rule per layer of lib/ but the top one: its files import nothing of the layers above it. */
const libLayers = LIB_LAYERS.slice(0, -1).map((folder, index) => ({
  name: `lib-${folder.replace('/', '-')}-layer`,
  severity: 'error',
  comment: `lib/${folder}/ imports only the lib/ folders below it: ${LIB_LAYERS.slice(0, index).join(', ') || 'none'}`,
  from: { path: `^${layerPath(folder)}` },
  to: {
    path: `^(${LIB_LAYERS.slice(index + 1)
      .map(layerPath)
      .join('|')})`,
  },
}));

module.exports = {
  forbidden: [
    below(
      'lib-is-the-bottom',
      'lib',
      ['properties', 'scenarios', 'sandbox', 'scripts', 'bench', 'test'],
      'lib/ imports nothing above it: the sandbox and the suites are handed in (lib/target/sandbox.ts, lib/props/registry.ts)',
    ),
    below(
      'sandbox-builds-on-lib-only',
      'sandbox',
      ['properties', 'scenarios', 'scripts', 'bench', 'test'],
      'sandbox/ is the server under test: it uses lib/ and nothing of the harness above it',
    ),
    below(
      'scenarios-build-on-lib-only',
      'scenarios',
      ['sandbox', 'properties', 'scripts', 'bench', 'test'],
      'scenarios/ are suites as data, thin compositions of lib/: the commands and the engine bundle hand them to lib/load (lib/load/registry.ts)',
    ),
    below(
      'properties-below-the-commands',
      'properties',
      ['scripts', 'bench', 'test'],
      'properties/ are suites as data: the commands call them, not the other way round',
    ),
    below(
      'bench-below-the-commands',
      'bench',
      ['scripts', 'test'],
      'scripts/bench.ts runs bench/; bench/ calls no command',
    ),
    below('scripts-below-the-tests', 'scripts', ['test'], 'what a command needs lives below test/'),
    ...libLayers,
    {
      name: 'lib-folders-are-layered',
      severity: 'error',
      comment: 'every folder of lib/ has its place in LIB_LAYERS (.dependency-cruiser.cjs)',
      from: { path: '^lib/[^/]+/', pathNot: `^(${LIB_LAYERS.map((folder) => `lib/${folder}/`).join('|')})` },
      to: { path: '^lib/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'no import cycle at any depth (STYLE: each layer one way down, inside too)',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|tools|reports|\\.build)/' },
    // Type-only imports count: a layer break in a type is still a layer break.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
