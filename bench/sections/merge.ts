/**
 * Section 6: a distributed run's percentiles. One load run split over N generator processes
 * (`runLoad({ workers: N })`) against the sandbox with a latency tail; each process's engine
 * writes its own points file, and the harness merges them (lib/load/points/merge.ts, HDR
 * histograms added bucket by bucket). Compared with one nearest-rank computation over the union of
 * every response the files counted (each bucket's lowest value, as many times as it was counted),
 * the merge may differ only by its histogram's resolution (0.1%); averaging each file's
 * percentiles, for contrast, is what not to do.
 */
import path from 'node:path';
import { METRIC } from '../../lib/load/metrics.ts';
import { mergePointFiles } from '../../lib/load/points/merge.ts';
import { readTrendValues } from '../../lib/load/points/read.ts';
import { runLoad } from '../../lib/load/run/run-load.ts';
import { nearestRank } from '../percentiles.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { RUN_SLACK_MS } from '../sizes.ts';

const WORKERS = 3;
const PERCENTILES = [50, 90, 95, 99] as const;
/** The merge's bound: the HDR histogram's relative resolution with 3 significant digits. */
const MERGE_TOLERANCE = 0.001;

async function latencies(file: string): Promise<number[]> {
  return (await readTrendValues(file, METRIC.latency)).sort((a, b) => a - b);
}

export interface Worst {
  p: number;
  value: number;
  exact: number;
}

/** The largest |candidate / exact - 1| over the percentiles, with the percentile it happened at. */
export function worstOf(candidate: (p: number) => number, exact: (p: number) => number): Worst {
  return PERCENTILES.map((p) => ({ p, exact: exact(p), value: candidate(p) })).reduce((a, b) =>
    Math.abs(b.value / b.exact - 1) > Math.abs(a.value / a.exact - 1) ? b : a,
  );
}

export function mergeFigures(files: number, points: number, merged: Worst, averaged: Worst): Figure[] {
  const off = Math.abs(merged.value / merged.exact - 1);
  return [
    ratioFigure(
      `merged / exact, worst (p${merged.p})`,
      merged.value,
      merged.exact,
      `${files} points files merged over one computation on their union`,
      {
        goal: {
          text: `within ${MERGE_TOLERANCE * 100}% (HDR resolution)`,
          met: off <= MERGE_TOLERANCE + 1e-9,
        },
      },
    ),
    ratioFigure(
      `averaged / exact, worst (p${averaged.p})`,
      averaged.value,
      averaged.exact,
      "mean of each file's percentiles over one computation (what not to do)",
    ),
    absoluteFigure('largest merged difference', off * 100, '%', {
      note: `${Math.abs(merged.value - merged.exact).toPrecision(2)} ms at p${merged.p}`,
    }),
    absoluteFigure('latency points', points, ''),
  ];
}

async function measure(context: BenchContext): Promise<SectionOutcome> {
  const seconds = context.quick ? 4 : 10;
  context.log(`merge: one walk run over ${WORKERS} generator processes, ${seconds} s`);
  const result = await runLoad({
    scenario: 'walk',
    profile: 'smoke',
    workers: WORKERS,
    rate: 15,
    duration: `${seconds}s`,
    // A tail makes the percentiles differ from each other and between the files.
    sandbox: { latency: { fixedMs: 2, tailMs: 40, tailRatio: 0.05 } },
    outDir: path.join(context.workDir, 'merge'),
    timeoutMs: seconds * 1000 + RUN_SLACK_MS + 60_000,
  });
  const files = result.files.points;
  if (files.length < 2)
    throw new Error(`the run wrote ${files.length} points file(s); a merge needs two or more`);
  const perFile = await Promise.all(files.map(latencies));
  const all = perFile.flat().sort((a, b) => a - b);
  const summary = await mergePointFiles(files, { percentiles: [90, 95, 99] });
  const values = summary.metrics[METRIC.latency]?.values ?? {};
  const exact = (p: number) => nearestRank(all, p);
  const merged = worstOf((p) => values[`p${p}`] ?? NaN, exact);
  const averaged = worstOf(
    (p) => perFile.reduce((sum, file) => sum + nearestRank(file, p), 0) / perFile.length,
    exact,
  );
  return {
    status: 'ok',
    figures: mergeFigures(files.length, all.length, merged, averaged),
    details: {
      workers: WORKERS,
      files: files.length,
      pointsPerFile: perFile.map((file) => file.length),
      merged,
      averaged,
      mergedValues: values,
    },
  };
}

export const merge: BenchSection = {
  name: 'merge',
  title: 'Distributed merge of N generator points files',
  budgetMs: (quick) => (quick ? 90_000 : 120_000),
  run: measure,
};
