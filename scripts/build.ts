/**
 * `npm run build [-- --out-dir DIR]`: bundles the harness's Artillery engine (every scenario of
 * lib/load/scenarios/ with the one walk and the checks) into DIR/artillery-engine-harness/index.js with
 * esbuild. Load commands build it themselves before a run, so it is never stale; this command is
 * for looking at the bundle or shipping it (a reproduction, a distributed run).
 * Exit codes: 0 built, 2 usage or build error.
 */
import path from 'node:path';
import { buildEngine, ENGINE_DIR, ENGINE_PACKAGE } from '../lib/load/artillery/build-engine.ts';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { renderHelp } from '../lib/cli/help.ts';

const USAGE = renderHelp({
  usage: ['npm run build -- [options]'],
  about: `Bundles the harness's Artillery engine (every scenario with the one walk and the checks) with
esbuild. Load commands build it before each run; this is for looking at the bundle or shipping it.`,
  options: [
    [
      '--out-dir DIR',
      `where the engine package goes (default ${path.relative(process.cwd(), ENGINE_DIR) || ENGINE_DIR})`,
    ],
  ],
  environment: 'none read.',
  examples: ['npm run build', 'npm run build -- --out-dir /tmp/engine'],
  exitCodes: '0 built, 2 usage or build error.',
});

const FLAGS = { 'out-dir': { type: 'string' } } as const;

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  const dir = await buildEngine(flags['out-dir'] ? path.resolve(flags['out-dir']) : undefined);
  console.log(`built ${path.join(dir, ENGINE_PACKAGE, 'index.js')}`);
  return EXIT.pass;
}

runCli(main);
