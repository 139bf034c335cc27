/**
 * What the bench's own loops drive (./closed-loop-child.ts, ./own-schedule-child.ts): one request
 * or one walk of the harness at a time, counted in requests.
 */
import path from 'node:path';
import { Agent } from 'undici';
import { PointWriter } from '../lib/load/points/write.ts';
import { createVu } from '../lib/load/vu.ts';
import { planWalk } from '../lib/load/walk-plan.ts';
import { resolveInlineTarget } from '../lib/target/target.ts';
import type { ClosedLoopOptions } from './closed-loop.ts';
import { cannedTarget } from './nginx/target.ts';

/** Sends request or walk `index`; resolves to the requests it sent. */
export type Loop = (index: number) => Promise<number>;

/** undici's dispatch and JSON.parse of each page, nothing else: what every page costs any client. */
export function parseOnly(options: ClosedLoopOptions): { loop: Loop; close(): Promise<void> } {
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
export function harnessWalk(
  options: Pick<ClosedLoopOptions, 'baseUrl'>,
  dir: string,
): { loop: Loop; warm(): Promise<void>; failed(): boolean; close(): Promise<void> } {
  const target = resolveInlineTarget(cannedTarget(options.baseUrl));
  const points = new PointWriter(path.join(dir, 'points.ndjson.gz'));
  // As the engine writes them: off the walks' turn (PointWriter.flushSoon).
  const timer = setInterval(() => points.flushSoon(Date.now() - (Date.now() % 1000)), 1000);
  const vu = createVu({
    target,
    settings: { profile: 'smoke', rate: 1, durationS: 1, floodRate: 0, requestTimeoutMs: 10_000 },
    setup: { floorMs: 0, startedAt: Date.now() },
    points,
    recordDrift: false,
  });
  return {
    loop: async (index) => (await vu.walk(planWalk(target, index))).pageCount,
    /** What the engine does before a run's first arrival (one unmeasured first page). */
    warm: () => vu.warm(planWalk(target, 0)),
    /** Whether a check failed with error severity (the walks then stop, as in a load run). */
    failed: () => vu.stopped(),
    async close() {
      clearInterval(timer);
      points.flush();
      await vu.close();
    },
  };
}
