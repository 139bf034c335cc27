/**
 * One closed-loop run (./closed-loop.ts), in a process of its own on the Node that runs
 * Artillery: `loops` requests in flight at all times, each sent when one answers, as wrk does,
 * with no arrival schedule. Reads its options from the file named by its argument; prints one
 * JSON line: requests sent and CPU used while measuring.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClosedLoopOptions, ClosedLoopCount } from './closed-loop.ts';
import { harnessWalk, parseOnly, type Loop } from './loop-clients.ts';
import { readJsonFileSync } from '../lib/adapters/node-json-file.ts';

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
  const options = readJsonFileSync(process.argv[2] ?? '') as ClosedLoopOptions;
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
