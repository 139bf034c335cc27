/**
 * Installs Artillery and the Node 22 that runs it into tools/artillery, each with `npm ci` from
 * its committed lockfile, and does nothing when both are there as pinned. Artillery's own install
 * runs npm under Node 22, so that npm reports no unsupported engine (docs/toolchain.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artilleryNode } from './artillery.ts';
import {
  ARTILLERY_DIR,
  RUNTIME_DIR,
  RUNTIME_NODE,
  RUNTIME_PACKAGE,
  installedVersion,
  nodeRunsArtillery,
  pinnedVersion,
  runtimeAvailable,
} from './artillery-layout.ts';
import { findOnPath } from './find-on-path.ts';
import { spawnBounded } from './spawn-bounded.ts';

export interface InstallOptions {
  /** Reinstall even when the pinned versions are there. */
  force: boolean;
  /** Limit for each `npm ci`. */
  timeoutMs: number;
  /** Progress, one line at a time. */
  say: (line: string) => void;
}

/** npm's own entry point: the one running this install (npm sets npm_execpath), else the npm on PATH. */
function npmCli(): string {
  const candidates = [process.env.npm_execpath, findOnPath('npm')]
    .filter((file): file is string => Boolean(file))
    .map((file) => realpathSync(file))
    .map((file) =>
      path.basename(file) === 'npm-cli.js' ? file : path.join(path.dirname(file), 'npm-cli.js'),
    );
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error("cannot find npm's npm-cli.js (npm_execpath unset and no npm on PATH)");
  return found;
}

interface NpmProject {
  dir: string;
  /** The package whose pinned version says the project is installed. */
  main: string;
  /** The Node that runs npm (and the packages' install scripts). */
  node: string;
  /** What else the installed tree depends on (e.g. which Node built its native addons). */
  extraStamp: string;
  env: NodeJS.ProcessEnv;
}

const stampFile = (dir: string) => path.join(dir, 'node_modules', '.harness-install-stamp');

function stampOf(project: NpmProject): string {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json'])
    hash.update(readFileSync(path.join(project.dir, file)));
  return hash.update(project.extraStamp).digest('hex');
}

function isCurrent(project: NpmProject): boolean {
  if (installedVersion(project.dir, project.main) !== pinnedVersion(project.dir, project.main)) return false;
  try {
    return readFileSync(stampFile(project.dir), 'utf8') === stampOf(project);
  } catch {
    return false;
  }
}

/** `npm ci` in the project unless it is current; returns whether it installed. */
async function ensureNpmProject(project: NpmProject, options: InstallOptions): Promise<boolean> {
  if (!options.force && isCurrent(project)) return false;
  const pinned = pinnedVersion(project.dir, project.main);
  const name = path.relative(path.dirname(path.dirname(ARTILLERY_DIR)), project.dir);
  options.say(`installing ${project.main} ${pinned} into ${name} with npm ci`);
  const ci = await spawnBounded({
    cmd: project.node,
    args: [npmCli(), 'ci', '--prefix', project.dir, '--no-audit', '--no-fund'],
    cwd: project.dir,
    env: project.env,
    timeoutMs: options.timeoutMs,
  });
  if (ci.exitCode !== 0 || installedVersion(project.dir, project.main) !== pinned) {
    const why = ci.timedOut
      ? `timed out after ${Math.round(options.timeoutMs / 1000)} s`
      : `npm ci exited ${ci.exitCode}: ${ci.stderr.trim().split('\n').slice(-3).join(' | ')}`;
    throw new Error(`${project.main} ${pinned} was not installed into ${name} (${why})`);
  }
  writeFileSync(stampFile(project.dir), stampOf(project));
  options.say(`installed ${project.main} ${pinned} in ${Math.round(ci.durationMs / 1000)} s`);
  return true;
}

/** The parent's environment without what would change how npm or Node behave in the child. */
function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.NODE_OPTIONS;
  return env;
}

/**
 * Makes sure tools/artillery holds the pinned Artillery and, on Linux x64, the pinned Node 22
 * that runs it. Throws an Error whose message is one line when either cannot be had.
 */
export async function ensureArtillery(options: InstallOptions): Promise<void> {
  const { say } = options;
  if (runtimeAvailable()) {
    const runtime: NpmProject = {
      dir: RUNTIME_DIR,
      main: RUNTIME_PACKAGE,
      node: process.execPath,
      extraStamp: '',
      env: childEnv({}),
    };
    if (!(await ensureNpmProject(runtime, options)))
      say(
        `${RUNTIME_PACKAGE} ${pinnedVersion(RUNTIME_DIR, RUNTIME_PACKAGE)} (the Node that runs Artillery) present`,
      );
  } else if (!nodeRunsArtillery(process.versions.node)) {
    throw new Error(
      `Artillery needs Node >= 22.18 and npm has no Node package for ${process.platform}-${process.arch}: run npm install under Node 22.18 or later`,
    );
  }
  const node = artilleryNode();
  if (!node) throw new Error(`no Node to run Artillery at ${RUNTIME_NODE}`);
  const usesRuntime = node === RUNTIME_NODE;
  const artillery: NpmProject = {
    dir: ARTILLERY_DIR,
    main: 'artillery',
    node,
    extraStamp: usesRuntime
      ? `${RUNTIME_PACKAGE}@${installedVersion(RUNTIME_DIR, RUNTIME_PACKAGE)}`
      : process.version,
    env: childEnv({
      // Artillery's Playwright engine brings a browser package whose install step downloads
      // Chromium; the harness does not use it and the download cannot succeed offline.
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      // Install scripts run `node` from PATH, and node-gyp builds native addons against
      // nodedir's headers: both must be those of the Node that will load them.
      PATH: [path.dirname(node), process.env.PATH].filter(Boolean).join(path.delimiter),
      ...(usesRuntime ? { npm_config_nodedir: path.resolve(path.dirname(node), '..') } : {}),
    }),
  };
  if (!(await ensureNpmProject(artillery, options)))
    say(`artillery ${pinnedVersion(ARTILLERY_DIR, 'artillery')} present`);
}
