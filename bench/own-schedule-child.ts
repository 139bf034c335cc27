/**
 * The harness's walk in the open model on a schedule of the bench's own, in a process of its own
 * on the Node that runs Artillery (./own-schedule.ts): arrival i is due at start + i / rate, a
 * 1 ms timer starts every arrival that is due (however many), and each one's lateness is how long
 * after its due time it started, as the engine measures it against Artillery's schedule. What
 * Artillery's arrival timer costs the same walk. Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { nearestRank } from './percentiles.ts';
import { ENDED_WITHIN_MS } from './sections/walk-figures.ts';
import { harnessWalk, type Loop } from './loop-clients.ts';
import type { OwnScheduleOptions, OwnScheduleCount } from './own-schedule.ts';
import { readJsonFileSync } from '../lib/adapters/node-json-file.ts';

/** Walks still going this long after the last arrival are not waited for. */
const DRAIN_MS = 10_000;

async function openModel(
  loop: Loop,
  walksPerSec: number,
  durationMs: number,
): Promise<Omit<OwnScheduleCount, 'failed'>> {
  const interval = 1000 / walksPerSec;
  const planned = Math.floor(durationMs / interval);
  const lateness: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let requests = 0;
  let started = 0;
  let finished = 0;
  const start = performance.now() + 10;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      while (started < planned && start + started * interval <= now) {
        lateness.push(now - (start + started * interval));
        const walk: Promise<void> = loop(started).then((sent) => {
          requests += sent;
          if (performance.now() <= start + durationMs + ENDED_WITHIN_MS) finished += 1;
          inFlight.delete(walk);
        });
        inFlight.add(walk);
        started += 1;
      }
      if (started >= planned) {
        clearInterval(timer);
        resolve();
      }
    }, 1);
  });
  await Promise.race([Promise.all(inFlight), sleep(DRAIN_MS)]);
  const sorted = lateness.sort((a, b) => a - b);
  return {
    planned,
    started,
    finished,
    requests,
    latenessP95Ms: sorted.length ? nearestRank(sorted, 95) : null,
    latenessP99Ms: sorted.length ? nearestRank(sorted, 99) : null,
  };
}

async function main(): Promise<void> {
  const options = readJsonFileSync(process.argv[2] ?? '') as OwnScheduleOptions;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-own-schedule-'));
  const client = harnessWalk(options, dir);
  try {
    await client.warm();
    const counted = await openModel(client.loop, options.walksPerSec, options.durationSec * 1000);
    process.stdout.write(`${JSON.stringify({ ...counted, failed: client.failed() })}\n`);
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
