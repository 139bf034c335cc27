/**
 * Section 3: the sandbox at a million orders, in a child process of its own: its memory, how
 * long it takes to seed and start, and whether a deep page costs what a first page costs
 * (keyset pagination: the ratio stays near 1; an offset scan would grow with depth).
 */
import { walkChain, withCursor } from '../chain-walk.ts';
import { sampleInterleaved } from '../latency-sample.ts';
import { percentile } from '../percentiles.ts';
import { absoluteFigure, ratioFigure } from '../report.ts';
import { fullKeyHeader, startSandboxProcess, UNTHROTTLED } from '../sandbox-process.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';

const MB = 2 ** 20;

const plan = (quick: boolean) =>
  quick
    ? { orders: 100_000, deepPage: 100, rounds: 100 }
    : { orders: 1_000_000, deepPage: 1000, rounds: 300 };

async function measure(context: BenchContext): Promise<SectionOutcome> {
  const { orders, deepPage, rounds } = plan(context.quick);
  context.log(`scale: seeding a sandbox with ${orders.toLocaleString('en-US')} orders`);
  const forked = Date.now();
  const sandbox = await startSandboxProcess({ orders, rateLimit: UNTHROTTLED }, 300_000);
  const readyMs = Date.now() - forked;
  try {
    const rssAfterStart = await sandbox.rssBytes();
    const header = fullKeyHeader(sandbox.ready.target);
    const headers = { [header.name]: header.value };
    const list = `${sandbox.ready.baseUrl}/public/orders?limit=50`;
    context.log(`scale: walking to page ${deepPage}`);
    const toDeep = await walkChain({ listUrl: list, headers, maxPages: deepPage - 1 });
    if (toDeep.nextCursor === null) throw new Error(`the orders list ends before page ${deepPage}`);
    context.signal.throwIfAborted();
    const [first = [], deep = []] = await sampleInterleaved({
      urls: [list, withCursor(list, toDeep.nextCursor)],
      headers,
      rounds,
    });
    const rssAfterLoad = await sandbox.rssBytes();
    const stats = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
    const latencyMs = { page1: stats(first), deep: stats(deep) };
    return {
      status: 'ok',
      figures: [
        ratioFigure(
          `p50 page ${deepPage} / page 1`,
          latencyMs.deep.p50,
          latencyMs.page1.p50,
          'latency, one request at a time',
          {
            goal: { text: '<= 1.5 (keyset)', met: latencyMs.deep.p50 / latencyMs.page1.p50 <= 1.5 },
          },
        ),
        ratioFigure(
          `p99 page ${deepPage} / page 1`,
          latencyMs.deep.p99,
          latencyMs.page1.p99,
          'latency, one request at a time',
        ),
        absoluteFigure('orders', orders, ''),
        absoluteFigure('seed and start', sandbox.ready.startMs / 1000, 's', {
          note: `${(readyMs / 1000).toFixed(1)} s from fork to ready`,
        }),
        absoluteFigure('RSS after start', rssAfterStart / MB, 'MiB'),
        absoluteFigure('RSS after the walk and samples', rssAfterLoad / MB, 'MiB'),
        absoluteFigure('p50 page 1', latencyMs.page1.p50, 'ms'),
        absoluteFigure(`p50 page ${deepPage}`, latencyMs.deep.p50, 'ms'),
      ],
      details: {
        orders,
        deepPage,
        rounds,
        readyMs,
        startMs: sandbox.ready.startMs,
        rssAfterStart,
        rssAfterLoad,
        latencyMs,
      },
    };
  } finally {
    await sandbox.stop();
  }
}

export const scale: BenchSection = {
  name: 'scale',
  title: 'Sandbox at scale (1,000,000 orders)',
  budgetMs: (quick) => (quick ? 60_000 : 300_000),
  run: measure,
};
