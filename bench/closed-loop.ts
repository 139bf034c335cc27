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
import { runBenchChild } from './runtime-child.ts';

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
