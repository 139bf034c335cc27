/**
 * The Node side of k6: which binary to use, its version, and one bounded way to run it.
 * Used by the load, gate and bench scripts; the install step (scripts/install-k6.ts) puts the
 * pinned k6 where `resolveK6` looks.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync, readdirSync } from 'node:fs';
import { totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { K6_INSTALL_HINT } from './k6-pin.ts';
import { findOnPath } from '../../lib/process/find-on-path.ts';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';

export { K6_EXIT, describeK6Exit } from './k6-exit-codes.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXE = process.platform === 'win32' ? 'k6.exe' : 'k6';

/** Where the install step builds the pinned k6 (git-ignored). */
export const TOOLS_K6 = path.join(PROJECT_ROOT, '.tools', 'bin', EXE);
/** The Go module that is the harness's k6: k6 itself plus the page screen (k6ext/pagefold). */
export const K6EXT_DIR = path.join(PROJECT_ROOT, 'k6ext');
/** The k6ext sources TOOLS_K6 was built from, as a hash: a changed source means a rebuild. */
export const TOOLS_K6_STAMP = `${TOOLS_K6}.k6ext-sha256`;

/** A hash of k6ext's go.mod, go.sum and Go files (tests included: cheap, and never stale). */
export function k6extStamp(): string {
  const hash = createHash('sha256');
  const files = readdirSync(K6EXT_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)go\.(mod|sum)$|\.go$/.test(file))
    .sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(K6EXT_DIR, file)));
  return hash.digest('hex');
}

/** Whether TOOLS_K6 was built by the install step from the k6ext sources as they are now. */
export function toolsK6IsCurrent(): boolean {
  try {
    return readFileSync(TOOLS_K6_STAMP, 'utf8') === k6extStamp() && probeK6(TOOLS_K6)?.pageScreen === true;
  } catch {
    return false;
  }
}

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

/** The module the harness's k6 build adds (k6ext/pagefold); `k6 version` lists it. */
const PAGE_SCREEN_MODULE = 'k6/x/pagefold';

export interface K6Probe {
  /** As k6 reports it (`k6 v1.8.1 (go1.26.8, linux/amd64)`). */
  version: string;
  /** Whether this k6 was built with the harness's page screen (scripts/install-k6.ts). */
  pageScreen: boolean;
}

/** What a k6 binary says of itself, or undefined when it does not run as k6. */
export function probeK6(bin: string): K6Probe | undefined {
  const probe = spawnSync(bin, ['version'], { encoding: 'utf8', timeout: 15_000 });
  if (probe.status !== 0) return undefined;
  const version = /\bk6 (v\d+\.\d+\.\d+\S*)/.exec(probe.stdout)?.[1];
  return version ? { version, pageScreen: probe.stdout.includes(PAGE_SCREEN_MODULE) } : undefined;
}

/** One line for a k6 that runs but lacks the page screen the scenarios import. */
export const noPageScreen = (where: string): string =>
  `${where} is a k6 without the harness's page screen (${PAGE_SCREEN_MODULE}): ` +
  'unset K6_BIN and run `npm install`, which builds k6 with it into .tools/bin (docs/toolchain.md)';

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
    const probe = probeK6(k6Bin);
    if (!probe) throw new K6NotFoundError(`K6_BIN=${k6Bin} does not run as k6 (\`k6 version\` failed)`);
    if (!probe.pageScreen) throw new K6NotFoundError(noPageScreen(`K6_BIN=${k6Bin}`));
    return { bin: k6Bin, version: probe.version, source: 'K6_BIN' };
  }
  const inTools = isExecutable(toolsK6) ? probeK6(toolsK6) : undefined;
  if (inTools?.pageScreen) {
    if (toolsK6 === TOOLS_K6 && !toolsK6IsCurrent())
      throw new K6NotFoundError(
        `${TOOLS_K6} was built from older k6ext sources: run \`npm install\` (or npx tsx scripts/install-k6.ts) to rebuild it`,
      );
    return { bin: toolsK6, version: inTools.version, source: '.tools' };
  }
  const onPath = findOnPath(EXE, searchPath);
  const pathProbe = onPath ? probeK6(onPath) : undefined;
  if (onPath && pathProbe?.pageScreen) return { bin: onPath, version: pathProbe.version, source: 'PATH' };
  if (inTools) throw new K6NotFoundError(noPageScreen(toolsK6));
  if (onPath && pathProbe) throw new K6NotFoundError(noPageScreen(`${onPath} (on PATH)`));
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
 * Go's garbage collector settings for the k6 the harness runs, unless the environment sets its
 * own: collect at 4x the live heap rather than 2x (GOGC=400), under a soft limit of half the
 * machine's memory (GOMEMLIMIT), near which Go collects as often as it must. A walk allocates a
 * little for every page, and with Go's default the collector took about a fifth of k6's CPU and
 * more with every VU: the same walk rate dropped iterations with 32 VUs that 8 VUs held
 * (docs/load.md). The limit keeps a large run from trading that for memory it does not have.
 */
export function k6GcEnv(totalBytes = totalmem()): Record<'GOGC' | 'GOMEMLIMIT', string> {
  return { GOGC: '400', GOMEMLIMIT: `${Math.max(64, Math.floor(totalBytes / 2 / 2 ** 20))}MiB` };
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
    env: { K6_NO_USAGE_REPORT: 'true', ...k6GcEnv(), ...process.env, ...options.env },
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
