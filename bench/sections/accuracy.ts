/**
 * Section 4: are the reported percentiles true? The sandbox injects a known latency (a fixed wait
 * and a tail) and the bench freezes its process on a fixed schedule (a stall). An open-model and a
 * closed-model k6 run, side by side against the same server, report p50/p95/p99; each is divided
 * by the injected distribution's true percentile. The closed model shows coordinated omission:
 * its few VUs wait out each stall instead of sending, so the stall barely reaches its percentiles.
 */
import { fileURLToPath } from 'node:url';
import { injectedPercentiles, type InjectedLatency } from '../injected-latency.ts';
import { measureK6, stat, type MeasuredK6Run } from '../k6-measure.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import { fullKeyHeader, startSandboxProcess, UNTHROTTLED } from '../sandbox-process.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { RUN_SLACK_MS } from '../sizes.ts';
import { startStalls } from '../stall.ts';

const ACCURACY_SCRIPT = fileURLToPath(new URL('../k6/accuracy.ts', import.meta.url));
const PERCENTILES = [50, 95, 99] as const;
/**
 * The open model's reported percentiles should be within this share of the truth, or within
 * ACCURACY_FLOOR_MS of it: the server's own service time and the client's overhead (a few ms,
 * not injected) dominate a small percentile.
 */
const ACCURACY_TOLERANCE = 0.15;
const ACCURACY_FLOOR_MS = 5;

const INJECTED: InjectedLatency = {
  fixedMs: 20,
  tailMs: 100,
  tailRatio: 0.02,
  stallMs: 300,
  periodMs: 2000,
};
const OPEN_RATE = 100;
const CLOSED_VUS = 4;

/** A whole number of stall periods: any such window holds the same share of stalled time. */
const durationSec = (quick: boolean) => ((quick ? 4 : 10) * INJECTED.periodMs) / 1000;

function runModel(context: BenchContext, model: 'open' | 'closed', env: Record<string, string>) {
  return measureK6({
    script: ACCURACY_SCRIPT,
    env: { ...env, MODEL: model, RATE: `${OPEN_RATE}`, VUS: `${CLOSED_VUS}` },
    workDir: context.workDir,
    label: `accuracy-${model}`,
    timeoutMs: durationSec(context.quick) * 1000 + RUN_SLACK_MS,
  });
}

const reported = (run: MeasuredK6Run, p: number) => stat(run.metrics, 'http_req_duration', `p(${p})`);

function figures(truth: number[], open: MeasuredK6Run, closed: MeasuredK6Run): Figure[] {
  const withinTolerance = (value: number | undefined, exact: number) =>
    value !== undefined && Math.abs(value - exact) <= Math.max(ACCURACY_TOLERANCE * exact, ACCURACY_FLOOR_MS);
  const rows = PERCENTILES.map((p, index) => ({ p, exact: truth[index] ?? NaN }));
  return [
    ...rows.map(({ p, exact }) =>
      ratioFigure(`open model p${p} / true p${p}`, reported(open, p), exact, 'reported over injected', {
        goal: {
          text: `within ${ACCURACY_TOLERANCE * 100}% or ${ACCURACY_FLOOR_MS} ms`,
          met: withinTolerance(reported(open, p), exact),
        },
      }),
    ),
    ...rows.map(({ p, exact }) =>
      ratioFigure(`closed model p${p} / true p${p}`, reported(closed, p), exact, 'reported over injected', {
        note: 'closed loop: a stalled VU sends nothing, so the stall is under-sampled',
      }),
    ),
    ...rows.map(({ p, exact }) =>
      absoluteFigure(`true p${p}`, exact, 'ms', {
        note: `open ${reported(open, p)?.toFixed(1)} ms, closed ${reported(closed, p)?.toFixed(1)} ms`,
      }),
    ),
  ];
}

async function measure(context: BenchContext): Promise<SectionOutcome> {
  const { fixedMs, tailMs, tailRatio } = INJECTED;
  const sandbox = await startSandboxProcess({
    rateLimit: UNTHROTTLED,
    latency: { fixedMs, tailMs, tailRatio },
  });
  let stopStalls = () => {};
  try {
    const header = fullKeyHeader(sandbox.ready.target);
    const env = {
      URL: `${sandbox.ready.baseUrl}/public/orders?limit=10`,
      API_KEY_HEADER: header.name,
      API_KEY: header.value,
      DURATION: `${durationSec(context.quick)}s`,
    };
    context.log(
      `accuracy: open (${OPEN_RATE}/s) and closed (${CLOSED_VUS} VUs) k6 runs side by side, ${env.DURATION}`,
    );
    stopStalls = startStalls(sandbox, INJECTED);
    const [open, closed] = await Promise.all([
      runModel(context, 'open', env),
      runModel(context, 'closed', env),
    ]);
    stopStalls();
    const truth = injectedPercentiles(INJECTED, PERCENTILES);
    const samples = (run: MeasuredK6Run) => stat(run.metrics, 'http_reqs', 'count') ?? 0;
    const details = { injected: INJECTED, truth, samples: { open: samples(open), closed: samples(closed) } };
    return { status: 'ok', figures: figures(truth, open, closed), details };
  } finally {
    stopStalls();
    await sandbox.stop();
  }
}

export const accuracy: BenchSection = {
  name: 'accuracy',
  title: 'Measurement accuracy under injected latency and stalls',
  budgetMs: (quick) => (quick ? 60_000 : 120_000),
  run: measure,
};
