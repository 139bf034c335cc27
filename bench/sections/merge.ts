/**
 * Section 6: a distributed run's percentiles. N k6 processes on execution segments (as
 * k6-operator runs them) write raw points; the harness merges them (scripts/lib/k6-merge.ts).
 * Compared with one exact computation over the same points, the merge may differ only by its
 * histogram's resolution; averaging each segment's percentiles, for contrast, is what not to do.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readK6Records } from '../../scripts/lib/k6-points.ts';
import { runSegmented } from '../../scripts/lib/k6-segments.ts';
import { percentileOfSorted } from '../percentiles.ts';
import { absoluteFigure, ratioFigure } from '../report.ts';
import { fullKeyHeader, startSandboxProcess, UNTHROTTLED } from '../sandbox-process.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { RUN_SLACK_MS } from '../sizes.ts';

const SCRIPT = fileURLToPath(new URL('../k6/accuracy.ts', import.meta.url));
const SEGMENTS = 3;
const METRIC = 'http_req_duration';
/** Stats compared, as the merged summary names them, with the percentile each one is. */
const STATS: [string, number][] = [
  ['med', 50],
  ['p(90)', 90],
  ['p(95)', 95],
  ['p(99)', 99],
];

async function durations(file: string): Promise<number[]> {
  const values: number[] = [];
  for await (const record of readK6Records(file))
    if (record.kind === 'point' && record.metric === METRIC) values.push(record.value);
  return values.sort((a, b) => a - b);
}

/** Largest |candidate / exact - 1| over the compared stats, with the stat it happened at. */
function worst(candidate: (stat: string, p: number) => number, exact: (p: number) => number) {
  return STATS.map(([stat, p]) => ({ stat, exact: exact(p), value: candidate(stat, p) })).reduce((a, b) =>
    Math.abs(b.value / b.exact - 1) > Math.abs(a.value / a.exact - 1) ? b : a,
  );
}

async function measure(context: BenchContext): Promise<SectionOutcome> {
  // A tail makes the percentiles differ from each other and between segments.
  const sandbox = await startSandboxProcess({
    rateLimit: UNTHROTTLED,
    latency: { fixedMs: 2, tailMs: 40, tailRatio: 0.05 },
  });
  try {
    const header = fullKeyHeader(sandbox.ready.target);
    const seconds = context.quick ? 4 : 10;
    context.log(`merge: ${SEGMENTS} k6 processes on execution segments, ${seconds} s`);
    const run = await runSegmented({
      n: SEGMENTS,
      script: SCRIPT,
      outDir: path.join(context.workDir, 'segments'),
      args: ['--no-usage-report', '--quiet'],
      env: {
        URL: `${sandbox.ready.baseUrl}/public/orders?limit=10`,
        API_KEY_HEADER: header.name,
        API_KEY: header.value,
        MODEL: 'open',
        RATE: '150',
        DURATION: `${seconds}s`,
      },
      timeoutMs: seconds * 1000 + RUN_SLACK_MS,
    });
    if (run.exitCode !== 0) throw new Error(`a segment's k6 exited with ${run.exitCode}`);
    const perSegment = await Promise.all(run.segments.map((segment) => durations(segment.pointsFile)));
    const all = perSegment.flat().sort((a, b) => a - b);
    const exact = (p: number) => percentileOfSorted(all, p);
    const merged = run.summary.metrics[METRIC]?.values ?? {};
    const mergedWorst = worst((stat) => merged[stat] ?? NaN, exact);
    const averaged = (p: number) =>
      perSegment.reduce((sum, values) => sum + percentileOfSorted(values, p), 0) / perSegment.length;
    const averagedWorst = worst((_, p) => averaged(p), exact);
    return {
      status: 'ok',
      figures: [
        ratioFigure(
          `merged / exact, worst (${mergedWorst.stat})`,
          mergedWorst.value,
          mergedWorst.exact,
          `${SEGMENTS} segments' points merged over one computation`,
          {
            goal: {
              text: 'within 0.1% (HDR resolution)',
              met: Math.abs(mergedWorst.value / mergedWorst.exact - 1) <= 0.001 + 1e-9,
            },
          },
        ),
        ratioFigure(
          `averaged / exact, worst (${averagedWorst.stat})`,
          averagedWorst.value,
          averagedWorst.exact,
          'mean of per-segment percentiles over one computation (what not to do)',
        ),
        absoluteFigure(
          'largest merged difference',
          Math.abs(mergedWorst.value / mergedWorst.exact - 1) * 100,
          '%',
          {
            note: `${Math.abs(mergedWorst.value - mergedWorst.exact).toPrecision(2)} ms at ${mergedWorst.stat}`,
          },
        ),
        absoluteFigure('points', all.length, ''),
      ],
      details: { segments: SEGMENTS, points: all.length, mergedWorst, averagedWorst, merged },
    };
  } finally {
    await sandbox.stop();
  }
}

export const merge: BenchSection = {
  name: 'merge',
  title: 'Distributed merge of execution segments',
  budgetMs: (quick) => (quick ? 60_000 : 90_000),
  run: measure,
};
