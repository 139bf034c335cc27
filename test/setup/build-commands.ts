/**
 * vitest globalSetup of the unit tests: every command (scripts/*.ts) bundled once per run by
 * esbuild, so that the tests spawn `node <bundle>` (test/setup/command.ts) instead of Node with
 * tsx's loader, which compiled the whole harness again in each of the suite's hundreds of
 * children (1.33 CPU-s for a `--help` under tsx, 0.43 bundled). The folder is inside the
 * checkout (git-ignored .build/) so that the bundles' bare imports resolve from node_modules,
 * unique to this run (runs of other checkouts' or side by side never share one), and removed at
 * the end. The real path, tsx on the sources, stays proved by test/cli/help.test.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT } from '../../lib/project-root.ts';

const SCRIPTS = path.join(PROJECT_ROOT, 'scripts');

/** Bundles every command into a new folder under .build/; returns the folder. */
export async function buildCommands(): Promise<string> {
  const parent = path.join(PROJECT_ROOT, '.build');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, 'commands-'));
  const entryPoints = readdirSync(SCRIPTS)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(SCRIPTS, name));
  try {
    await build({
      entryPoints,
      outdir: dir,
      // <script>.mjs: test/setup/command.ts's name for a command's bundle, ES modules by their name.
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      // Packages stay imports, resolved from node_modules above the folder as from the sources:
      // the same versions, their own native parts (better-sqlite3) where they are.
      packages: 'external',
      target: `node${process.versions.node}`,
      logLevel: 'silent',
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await buildCommands();
  project.provide('commandBundles', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
