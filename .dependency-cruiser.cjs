/**
 * The layers (README "Layout"), checked by `npm run check`, bottom to top: lib/, sandbox/,
 * scenarios/, properties/, bench/, scripts/, test/. A folder imports only the layers below it, so no two
 * top-level folders can import each other (the folder cycles of issue 23).
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|tools|reports|\\.build)/' },
    // Type-only imports count: a layer break in a type is still a layer break.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
