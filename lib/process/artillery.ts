/**
 * Artillery, the load engine: which install to run (tools/artillery, under its own Node 22) and
 * one bounded way to run `artillery run`. The install step (scripts/install-artillery.ts) puts
 * both where `resolveArtillery` looks.
 */
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import { HarnessError } from '../errors.ts';
import {
  ARTILLERY_CLI,
  ARTILLERY_DIR,
  ARTILLERY_INSTALL_HINT,
  RUNTIME_NODE,
  installedVersion,
  nodeRunsArtillery,
  pinnedVersion,
  runtimeAvailable,
} from './artillery-layout.ts';
import { isExecutable } from './find-on-path.ts';
import { spawnBounded } from './spawn-bounded.ts';

export interface ResolvedArtillery {
  /** The Node (>= 22.18) that runs Artillery: tools/artillery/runtime's, or this one if it is new enough. */
  node: string;
  /** Artillery's `bin/run`, started as `node cli run …`. */
  cli: string;
  /** As Artillery's package.json has it, e.g. `2.0.34`. */
  version: string;
}

/** The Node to run Artillery with: the pinned runtime where npm has one, else this Node if it can. */
export function artilleryNode(): string | undefined {
  if (isExecutable(RUNTIME_NODE)) return RUNTIME_NODE;
  if (!runtimeAvailable() && nodeRunsArtillery(process.versions.node)) return process.execPath;
  return undefined;
}

/**
 * The Artillery to run and the Node to run it with. Throws a HarnessError (one line saying how
 * to install it) when either is missing or Artillery is not the pinned version.
 */
export function resolveArtillery(): ResolvedArtillery {
  const version = installedVersion(ARTILLERY_DIR, 'artillery');
  if (!version) throw new HarnessError(`Artillery is not installed: ${ARTILLERY_INSTALL_HINT}`);
  const pinned = pinnedVersion(ARTILLERY_DIR, 'artillery');
  if (version !== pinned)
    throw new HarnessError(
      `Artillery ${version} is installed but ${pinned} is pinned: ${ARTILLERY_INSTALL_HINT}`,
    );
  const node = artilleryNode();
  if (!node)
    throw new HarnessError(`the Node 22 that runs Artillery is not installed: ${ARTILLERY_INSTALL_HINT}`);
  return { node, cli: ARTILLERY_CLI, version };
}

export interface RunArtilleryOptions {
  /** The test script (YAML or JSON), as Artillery's `run` takes it. */
  script: string;
  /** Extra environment for Artillery and the engines and processors it loads. */
  env?: Record<string, string>;
  /** A directory holding `artillery-engine-<name>/`: put on NODE_PATH, where Artillery looks for engines. */
  enginePath?: string;
  timeoutMs: number;
  /** @default the project root */
  cwd?: string;
  /** Show Artillery's output as it runs. @default false */
  echo?: boolean;
  /** Flags for `artillery run` before the script, e.g. `['--output', 'report.json']`. */
  args?: readonly string[];
  /** Flags for the Node that runs Artillery (before its CLI), e.g. V8's heap sizes. */
  nodeFlags?: readonly string[];
}

export interface RunArtilleryResult {
  /** Artillery's exit code; null when it had to be killed. */
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  wallMs: number;
}

/**
 * The child's environment. Telemetry is off whatever the caller passes (Artillery checks only
 * that the variable is set, and the harness's traffic and usage stay on this machine). The
 * parent's NODE_OPTIONS (tsx puts its loader there) and NODE_PATH are not inherited.
 */
function artilleryEnv(node: string, options: Pick<RunArtilleryOptions, 'env' | 'enginePath'>) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.NODE_PATH;
  return {
    ...env,
    // Anything Artillery starts as `node` is the same Node as Artillery.
    PATH: [path.dirname(node), process.env.PATH].filter(Boolean).join(path.delimiter),
    ...options.env,
    ...(options.enginePath ? { NODE_PATH: options.enginePath } : {}),
    ARTILLERY_DISABLE_TELEMETRY: 'true',
  };
}

/** Runs `artillery run --quiet` (no console report: results come from engines and `--output`) with a hard time limit. */
export async function runArtillery(options: RunArtilleryOptions): Promise<RunArtilleryResult> {
  const { node, cli } = resolveArtillery();
  const result = await spawnBounded({
    cmd: node,
    args: [...(options.nodeFlags ?? []), cli, 'run', '--quiet', ...(options.args ?? []), options.script],
    cwd: options.cwd ?? PROJECT_ROOT,
    env: artilleryEnv(node, options),
    timeoutMs: options.timeoutMs,
    echo: options.echo,
  });
  const { exitCode, timedOut, stdout, stderr } = result;
  return { exitCode, timedOut, stdout, stderr, wallMs: result.durationMs };
}

const ENGINE_NOT_LOADED =
  /^WARNING: engine (\S+) specified but module (\S+) could not be loaded\n(?:Error: )?(.*)$/m;
const WORKER_ERROR = /^worker error, id: \d+ (?:\w*Error(?: \[\w+\])?: )?(.*)$/m;
const ERROR_LINE = /^[\s›]*Error: (.*)$/m;

/**
 * Why Artillery could not run a script, in one line, from what it printed: a script it cannot
 * read or parse (`Error: …` on stderr, YAML errors included), an engine it cannot load (a
 * warning and the loader's error on stdout), an error in a worker (a processor it cannot
 * import, an invalid phase). Undefined when it printed none of these. Call it for a failed run
 * only: a passing run's output is not read.
 */
export function artilleryErrorLine(output: { stdout: string; stderr: string }): string | undefined {
  const engine = ENGINE_NOT_LOADED.exec(output.stdout);
  if (engine) return `Artillery could not load engine "${engine[1]}" (${engine[2]}): ${engine[3]}`;
  const line =
    ERROR_LINE.exec(output.stderr)?.[1] ??
    WORKER_ERROR.exec(output.stdout)?.[1] ??
    ERROR_LINE.exec(output.stdout)?.[1];
  return line === undefined
    ? undefined
    : `Artillery could not run the script: ${line.trim().replace(/:$/, '')}`;
}
