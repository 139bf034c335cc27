/**
 * `npm run build [-- --out-dir DIR]`: writes what is generated from the sources. It bundles the
 * harness's Artillery engine (from scenarios/engine-entry.ts: every scenario of scenarios/ with the
 * one walk and the checks) into DIR/artillery-engine-harness/index.js with esbuild, and rewrites
 * spec/openapi.json from lib/contract. Load commands build the engine themselves before a run, so
 * it is never stale; this command is for looking at the bundle or shipping it (a reproduction, a
 * distributed run), and for committing the OpenAPI document after a change to lib/contract
 * (test/lib/openapi.test.ts fails until it is).
 * Exit codes: 0 built, 2 usage or build error.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildEngine, ENGINE_PACKAGE } from '../lib/load/artillery/build-engine.ts';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { BUILD_OPTIONS, buildOptions } from '../lib/load/artillery/build-options.ts';
import { OPENAPI_FILE, openApiJson } from '../lib/contract/openapi.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';

const USAGE = renderHelp({
  usage: ['npm run build -- [options]'],
  about: `Bundles the harness's Artillery engine (every scenario with the one walk and the checks) with
esbuild, and rewrites ${OPENAPI_FILE} from lib/contract. Load commands build the engine before each
run; this is for looking at the bundle or shipping it, and for committing the OpenAPI document.`,
  options: BUILD_OPTIONS,
  examples: ['npm run build', 'npm run build -- --out-dir /tmp/engine'],
  exitCodes: '0 built, 2 usage or build error.',
});

async function main(): Promise<number> {
  const dir = await buildEngine(buildOptions(parseFlags(BUILD_OPTIONS, USAGE), process.env).outDir);
  console.log(`built ${path.join(dir, ENGINE_PACKAGE, 'index.js')}`);
  // The committed document lives at the project root, wherever the command is run from.
  writeFileSync(path.join(PROJECT_ROOT, OPENAPI_FILE), openApiJson());
  console.log(`wrote ${OPENAPI_FILE}`);
  return EXIT.pass;
}

runCli(main);
