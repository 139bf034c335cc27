/**
 * Section 2: what the sandbox costs to serve, against a minimal Fastify route answering the same
 * page: requests/s and p99 under wrk for a 50-record page, a 100-record page and a deep page.
 */
import { walkChain, withCursor } from '../chain-walk.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import {
  fullKeyHeader,
  startBaselineProcess,
  startSandboxProcess,
  stopAll,
  UNTHROTTLED,
} from '../sandbox-process.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { loadSize } from '../sizes.ts';
import { ensureTool } from '../tools.ts';
import { runWrk, type WrkRun } from '../wrk.ts';

interface ThroughputPlan {
  orders: number;
  /** The page measured as "deep", at limit 50. */
  deepPage: number;
}

const plan = (quick: boolean): ThroughputPlan =>
  quick ? { orders: 20_000, deepPage: 100 } : { orders: 100_000, deepPage: 500 };

function cleanRun(run: WrkRun, what: string): WrkRun {
  if (run.non2xx > 0 || run.socketErrors > 0)
    throw new Error(
      `${what}: ${run.non2xx} non-2xx responses and ${run.socketErrors} socket errors under wrk`,
    );
  return run;
}

function figures(
  runs: Record<'baseline' | 'page50' | 'page100' | 'deep', WrkRun>,
  deepPage: number,
): Figure[] {
  const rps = (name: keyof typeof runs) => runs[name].requestsPerSec;
  const p99 = (name: keyof typeof runs) => runs[name].latencyMs.p99;
  const p50 = (name: keyof typeof runs) => runs[name].latencyMs.p50;
  const saturated = 'at saturation: tail latency is noisy on a shared machine';
  return [
    ratioFigure('sandbox 50-record page / Fastify', rps('page50'), rps('baseline'), 'requests/s'),
    ratioFigure('sandbox 100-record page / Fastify', rps('page100'), rps('baseline'), 'requests/s'),
    ratioFigure(`sandbox page ${deepPage} / Fastify`, rps('deep'), rps('baseline'), 'requests/s'),
    ratioFigure(
      `sandbox page ${deepPage} / page 1`,
      rps('deep'),
      rps('page50'),
      'requests/s (keyset: near 1)',
    ),
    ratioFigure('p50 sandbox 50-record page / Fastify', p50('page50'), p50('baseline'), 'median latency'),
    ratioFigure('p99 sandbox 50-record page / Fastify', p99('page50'), p99('baseline'), 'p99 latency', {
      note: saturated,
    }),
    absoluteFigure('Fastify minimal route', rps('baseline'), 'req/s', { note: `p99 ${p99('baseline')} ms` }),
    absoluteFigure('sandbox 50-record page', rps('page50'), 'req/s', { note: `p99 ${p99('page50')} ms` }),
    absoluteFigure('sandbox 100-record page', rps('page100'), 'req/s', { note: `p99 ${p99('page100')} ms` }),
    absoluteFigure(`sandbox page ${deepPage}`, rps('deep'), 'req/s', { note: `p99 ${p99('deep')} ms` }),
  ];
}

async function measure(context: BenchContext, wrkBin: string): Promise<SectionOutcome> {
  const { orders, deepPage } = plan(context.quick);
  const size = loadSize(context.quick);
  const sandbox = await startSandboxProcess({ orders, rateLimit: UNTHROTTLED });
  let baseline: Awaited<ReturnType<typeof startBaselineProcess>> | undefined;
  try {
    const header = fullKeyHeader(sandbox.ready.target);
    const list = `${sandbox.ready.baseUrl}/public/orders`;
    const firstPage = await (
      await fetch(`${list}?limit=50`, { headers: { [header.name]: header.value } })
    ).text();
    baseline = await startBaselineProcess({ page: firstPage });
    const toDeep = await walkChain({
      listUrl: `${list}?limit=50`,
      headers: { [header.name]: header.value },
      maxPages: deepPage - 1,
    });
    if (toDeep.nextCursor === null) throw new Error(`the orders list ends before page ${deepPage}`);
    const urls = {
      baseline: `${baseline.ready.baseUrl}/public/orders`,
      page50: `${list}?limit=50`,
      page100: `${list}?limit=100`,
      deep: withCursor(`${list}?limit=50`, toDeep.nextCursor),
    };
    const runs = {} as Record<keyof typeof urls, WrkRun>;
    for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
      context.signal.throwIfAborted();
      context.log(`sandbox: wrk ${name}, ${size.connections} connections, ${size.durationSec} s`);
      runs[name] = cleanRun(
        await runWrk(wrkBin, { url, ...size, header: name === 'baseline' ? undefined : header }),
        name,
      );
    }
    return { status: 'ok', figures: figures(runs, deepPage), details: { size, orders, deepPage, runs } };
  } finally {
    await stopAll([sandbox, baseline]);
  }
}

export const sandboxThroughput: BenchSection = {
  name: 'sandbox',
  title: 'Sandbox throughput against a minimal Fastify route',
  budgetMs: (quick) => (quick ? 90_000 : 180_000),
  async run(context) {
    const wrk = await ensureTool('wrk', context.log);
    if (!wrk.ok) return { status: 'skipped', reason: wrk.reason };
    return measure(context, wrk.tool.bin);
  },
};
