/**
 * What one generator thread can do with no arrival schedule: a closed loop keeps `loops`
 * requests in flight, each sent when one answers, as wrk does, on the Node that runs Artillery.
 * Two modes, run side by side with wrk on the same pages:
 * - `parse`: undici's dispatch and JSON.parse of each page, nothing else: the floor every
 *   page costs a Node client that reads it, whatever it then checks;
 * - `harness`: the harness's walk (lib/load/vu.ts) with every check and metric.
 * The open-model walks through Artillery (./harness-walk.ts) hold less than either: arrivals
 * come from Artillery's timer, one per turn of the event loop (docs/bench.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_NODE } from '../lib/process/artillery-layout.ts';
import { spawnBounded } from '../lib/process/spawn-bounded.ts';

export type ClosedLoopMode = 'parse' | 'harness';

export interface ClosedLoopOptions {
  mode: ClosedLoopMode;
  /** The canned pages' base URL (`http://127.0.0.1:PORT/api/v1`). */
  baseUrl: string;
  /** parse: the paths requested in turn (every page of the planned walks, as wrk's). */
  paths: readonly string[];
  /** Requests (parse) or walks (harness) in flight. */
  loops: number;
  durationSec: number;
}

export interface ClosedLoopCount {
  requests: number;
  /** CPU of the whole process (every thread) while measuring. */
  cpuMicros: number;
}

export interface ClosedLoopRun {
  mode: ClosedLoopMode;
  requestsPerSec: number;
  cpuMicrosPerRequest: number;
}

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Runs `child` (a bench file) on Artillery's Node with `options` in a file; its last JSON line. */
export async function runBenchChild<Result>(
  child: string,
  options: unknown,
  timeoutMs: number,
): Promise<Result> {
  // The options go in a file: the paths are too many for a command line.
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-child-options-'));
  const optionsFile = path.join(dir, 'options.json');
  writeFileSync(optionsFile, JSON.stringify(options));
  const result = await spawnBounded({
    cmd: RUNTIME_NODE,
    args: ['--import', 'tsx', path.join(BENCH_DIR, child), optionsFile],
    // tsx is found from the project's node_modules.
    cwd: path.dirname(BENCH_DIR),
    timeoutMs,
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.exitCode !== 0 || !line.startsWith('{'))
    throw new Error(`${child} exited with ${result.exitCode}: ${result.stderr.trim().slice(-300)}`);
  return JSON.parse(line) as Result;
}

async function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopRun> {
  const counted = await runBenchChild<ClosedLoopCount>(
    'closed-loop-child.ts',
    options,
    options.durationSec * 1000 + 30_000,
  );
  return {
    mode: options.mode,
    requestsPerSec: counted.requests / options.durationSec,
    cpuMicrosPerRequest: counted.requests === 0 ? NaN : counted.cpuMicros / counted.requests,
  };
}

export interface ClosedLoops {
  parse: ClosedLoopRun[];
  harness: ClosedLoopRun[];
}

/** `runs` runs of each mode, taken in turn (parse, harness, parse, ...) so both see the same noise. */
export async function measureClosedLoops(
  options: Omit<ClosedLoopOptions, 'mode'>,
  runs: number,
  beforeRun: (mode: ClosedLoopMode) => void,
): Promise<ClosedLoops> {
  const measured: ClosedLoops = { parse: [], harness: [] };
  for (let run = 0; run < runs; run += 1)
    for (const mode of ['parse', 'harness'] as const) {
      beforeRun(mode);
      measured[mode].push(await runClosedLoop({ ...options, mode }));
    }
  return measured;
}
