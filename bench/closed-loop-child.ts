/**
 * One closed-loop run (./closed-loop.ts), in a process of its own on the Node that runs
 * Artillery: `loops` requests in flight at all times, each sent when one answers, as wrk does,
 * with no arrival schedule. Reads its options from the file named by its argument; prints one JSON line: requests sent and CPU used while measuring.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';
import { PointWriter } from '../lib/load/points/write.ts';
import { createVu } from '../lib/load/vu.ts';
import { planWalk } from '../lib/load/walk-plan.ts';
import { resolveInlineTarget } from '../lib/target/target.ts';
import type { ClosedLoopOptions, ClosedLoopCount } from './closed-loop.ts';
import { cannedTarget } from './nginx/target.ts';

type Loop = (index: number) => Promise<number>;

/** undici's dispatch and JSON.parse of each page, nothing else: what every page costs any client. */
function parseOnly(options: ClosedLoopOptions): { loop: Loop; close(): Promise<void> } {
  const { origin } = new URL(options.baseUrl);
  const paths = options.paths;
  const agent = new Agent({ connections: options.loops });
  const get = (requestPath: string) =>
    new Promise<unknown>((resolve, reject) => {
      const chunks: Buffer[] = [];
      agent.dispatch(
        { origin, path: requestPath, method: 'GET', headers: { accept: 'application/json' } },
        {
          onRequestStart() {},
          onResponseData: (_controller, chunk) => chunks.push(chunk),
          onResponseEnd: () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))),
          onResponseError: (_controller, error) => reject(error),
        },
      );
    });
  return {
    loop: async (index) => {
      await get(paths[index % paths.length] as string);
      return 1;
    },
    close: () => agent.close(),
  };
}

/** The harness's own walk (lib/load/vu.ts): every check, every metric, points written. */
function harnessWalk(options: ClosedLoopOptions, dir: string): { loop: Loop; close(): Promise<void> } {
  const target = resolveInlineTarget(cannedTarget(options.baseUrl));
  const points = new PointWriter(path.join(dir, 'points.ndjson.gz'));
  const timer = setInterval(() => points.flush(Date.now() - (Date.now() % 1000)), 1000);
  const vu = createVu({
    target,
    settings: { profile: 'smoke', rate: 1, durationS: 1, floodRate: 0, requestTimeoutMs: 10_000 },
    setup: { floorMs: 0, startedAt: Date.now() },
    points,
    recordDrift: false,
  });
  return {
    loop: async (index) => (await vu.walk(planWalk(target, index))).pageCount,
    async close() {
      clearInterval(timer);
      points.flush();
      await vu.close();
    },
  };
}

async function run(loop: Loop, loops: number, durationMs: number): Promise<ClosedLoopCount> {
  const end = performance.now() + durationMs;
  let next = 0;
  let requests = 0;
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < end) {
        // Not `requests += await ...`: that reads requests before the await and loses the others' counts.
        const sent = await loop((next += 1));
        requests += sent;
      }
    }),
  );
  const cpu = process.cpuUsage(started);
  return { requests, cpuMicros: cpu.user + cpu.system };
}

async function main(): Promise<void> {
  const options = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as ClosedLoopOptions;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-closed-loop-'));
  const client = options.mode === 'parse' ? parseOnly(options) : harnessWalk(options, dir);
  try {
    await run(client.loop, options.loops, 1000);
    const counted = await run(client.loop, options.loops, options.durationSec * 1000);
    process.stdout.write(`${JSON.stringify(counted)}\n`);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
