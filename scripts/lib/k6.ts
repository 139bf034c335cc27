/**
 * The Node side of k6: which binary to use, its version, and one bounded way to run it.
 * Used by the load, gate and bench scripts; the install step (scripts/install-k6.ts) puts the
 * pinned k6 where `resolveK6` looks.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { K6_INSTALL_HINT } from './k6-pin.ts';
import { spawnBounded } from './k6-spawn.ts';

export { K6_EXIT, describeK6Exit } from './k6-exit-codes.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXE = process.platform === 'win32' ? 'k6.exe' : 'k6';

/** Where the install step builds the pinned k6 (git-ignored). */
export const TOOLS_K6 = path.join(PROJECT_ROOT, '.tools', 'bin', EXE);

export interface ResolvedK6 {
  bin: string;
  /** As k6 reports it, e.g. `v1.8.1`. */
  version: string;
  source: 'K6_BIN' | '.tools' | 'PATH';
}

/** A one-line error: the message is all a user needs, so no stack is printed. */
export class K6NotFoundError extends Error {
  override name = 'K6NotFoundError';
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable `name` on PATH, or undefined. */
export function findOnPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  const dirs = searchPath.split(path.delimiter).filter(Boolean);
  return dirs.map((dir) => path.join(dir, name)).find(isExecutable);
}

/** The version a k6 binary reports (`k6 v1.8.1 (go1.26.8, linux/amd64)`), or undefined. */
export function probeK6Version(bin: string): string | undefined {
  const probe = spawnSync(bin, ['version'], { encoding: 'utf8', timeout: 15_000 });
  if (probe.status !== 0) return undefined;
  return /\bk6 (v\d+\.\d+\.\d+\S*)/.exec(probe.stdout)?.[1];
}

/** Where `resolveK6` looks; tests point these elsewhere. */
export interface K6Sources {
  /** @default process.env.K6_BIN */
  k6Bin?: string;
  /** @default TOOLS_K6 */
  toolsK6: string;
  /** @default process.env.PATH */
  path: string;
}

function resolveUncached({ k6Bin, toolsK6, path: searchPath }: K6Sources): ResolvedK6 {
  if (k6Bin) {
    const version = probeK6Version(k6Bin);
    if (!version) throw new K6NotFoundError(`K6_BIN=${k6Bin} does not run as k6 (\`k6 version\` failed)`);
    return { bin: k6Bin, version, source: 'K6_BIN' };
  }
  const toolsVersion = isExecutable(toolsK6) ? probeK6Version(toolsK6) : undefined;
  if (toolsVersion) return { bin: toolsK6, version: toolsVersion, source: '.tools' };
  const onPath = findOnPath(EXE, searchPath);
  const pathVersion = onPath ? probeK6Version(onPath) : undefined;
  if (onPath && pathVersion) return { bin: onPath, version: pathVersion, source: 'PATH' };
  throw new K6NotFoundError(K6_INSTALL_HINT);
}

const resolvedBySources = new Map<string, ResolvedK6>();

/**
 * The k6 to run: `K6_BIN` if set, else the pinned build in `.tools/bin`, else `k6` on PATH.
 * Throws K6NotFoundError (one line saying how to install k6) when there is none.
 */
export function resolveK6(overrides: Partial<K6Sources> = {}): ResolvedK6 {
  const sources: K6Sources = {
    k6Bin: process.env.K6_BIN,
    toolsK6: TOOLS_K6,
    path: process.env.PATH ?? '',
    ...overrides,
  };
  const key = JSON.stringify(sources);
  const cached = resolvedBySources.get(key);
  if (cached) return cached;
  const found = resolveUncached(sources);
  resolvedBySources.set(key, found);
  return found;
}

/** The version of the k6 that runs, for every report. */
export function k6Version(): string {
  return resolveK6().version;
}

export interface RunK6Options {
  /** The bundled scenario (dist/NAME.js). */
  script: string;
  /** Extra environment: k6 passes the process environment to the script as `__ENV`. */
  env?: Record<string, string>;
  /** Arguments to `k6 run` before the script, e.g. `['--out', 'json=points.json']`. */
  args?: readonly string[];
  timeoutMs: number;
  cwd?: string;
  /** Show k6's output as it runs. @default false */
  echo?: boolean;
}

export interface RunK6Result {
  /** k6's exit code (see K6_EXIT); null when it had to be killed. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs `k6 run` with a hard time limit. Values go through the environment, not `-e`, so that API
 * keys never show on a command line. The REST API gets a free loopback port so that parallel
 * runs (segments, tests) do not fight over k6's default :6565.
 */
export async function runK6(options: RunK6Options): Promise<RunK6Result> {
  const { bin } = resolveK6();
  const args = options.args ?? [];
  const address = args.some((arg) => arg === '--address' || arg === '-a' || arg.startsWith('--address='))
    ? []
    : ['--address', '127.0.0.1:0'];
  const result = await spawnBounded({
    cmd: bin,
    args: ['run', ...address, ...args, options.script],
    cwd: options.cwd ?? PROJECT_ROOT,
    // No usage report: the harness sends traffic only where it is pointed (and the report would
    // leave the machine); a caller may still set K6_NO_USAGE_REPORT=false.
    env: { K6_NO_USAGE_REPORT: 'true', ...process.env, ...options.env },
    timeoutMs: options.timeoutMs,
    echo: options.echo,
  });
  return {
    exitCode: result.exitCode,
    stdout: result.stdout,
    stderr: result.stderr,
    timedOut: result.timedOut,
  };
}
