/**
 * wrk, the reference load generator: runs it bounded and reads its text report. The API key
 * goes through the environment into a Lua script, never onto the command line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnBounded } from '../lib/process/spawn-bounded.ts';

export interface WrkRun {
  requestsPerSec: number;
  requests: number;
  /** Responses outside 2xx/3xx: a run with any is not a clean measurement. */
  non2xx: number;
  socketErrors: number;
  latencyMs: { p50: number; p75: number; p90: number; p99: number };
}

export interface WrkOptions {
  url: string;
  connections: number;
  durationSec: number;
  /** Sent as a header on every request, e.g. the target's API key. */
  header?: { name: string; value: string };
  /** wrk threads. @default min(2, connections) */
  threads?: number;
  /** Paths (with their query) requested in turn, round and round, instead of `url`'s alone. */
  paths?: readonly string[];
}

const SCRIPT = `-- Reads the header from the environment so that the value never shows in a process list.
local name, value = os.getenv("BENCH_HEADER_NAME"), os.getenv("BENCH_HEADER_VALUE")
if name and value and value ~= "" then wrk.headers[name] = value end
`;

/** Lua that requests `paths` in turn, each thread from its own start, round and round. */
export function pathsScript(paths: readonly string[]): string {
  const quoted = paths.map((item) => JSON.stringify(item)).join(',\n  ');
  return `-- Requests the same pages a walk does, in the same order, without parsing them.
local paths = {
  ${quoted}
}
local index = 0
request = function()
  index = index % #paths + 1
  return wrk.format(nil, paths[index])
end
`;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text);
  if (!match) throw new Error(`wrk: cannot read the duration "${text}"`);
  return Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? NaN);
}

function numberAfter(output: string, pattern: RegExp): number | undefined {
  const match = pattern.exec(output);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Reads wrk's report (printed with --latency). */
export function parseWrkOutput(output: string): WrkRun {
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output);
    if (!match?.[1]) throw new Error(`wrk: no ${p}% latency in its report`);
    return durationMs(match[1]);
  };
  const requestsPerSec = numberAfter(output, /^Requests\/sec:\s+([\d.]+)/m);
  const requests = numberAfter(output, /^\s+(\d+) requests in /m);
  if (requestsPerSec === undefined || requests === undefined)
    throw new Error('wrk: no Requests/sec in its report');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSec,
    requests,
    non2xx: numberAfter(output, /Non-2xx or 3xx responses: (\d+)/) ?? 0,
    socketErrors,
    latencyMs: { p50: percentile(50), p75: percentile(75), p90: percentile(90), p99: percentile(99) },
  };
}

export async function runWrk(bin: string, options: WrkOptions): Promise<WrkRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'header.lua');
  writeFileSync(script, options.paths?.length ? `${SCRIPT}${pathsScript(options.paths)}` : SCRIPT);
  const { connections, durationSec } = options;
  const flags = {
    '-t': `${options.threads ?? Math.min(2, connections)}`,
    '-c': `${connections}`,
    '-d': `${durationSec}s`,
    '-s': script,
  };
  try {
    const result = await spawnBounded({
      cmd: bin,
      args: [...Object.entries(flags).flat(), '--latency', options.url],
      env: {
        ...process.env,
        BENCH_HEADER_NAME: options.header?.name ?? '',
        BENCH_HEADER_VALUE: options.header?.value ?? '',
      },
      timeoutMs: durationSec * 1000 + 15_000,
    });
    if (result.exitCode !== 0) throw new Error(`wrk exited with ${result.exitCode}: ${result.stderr.trim()}`);
    return parseWrkOutput(result.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
