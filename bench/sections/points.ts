/**
 * Section: what a load's points cost as requests grow. The harness walk against nginx's canned
 * pages at a high fixed rate, RUNS times (bench/points-run.ts): bytes of points written per 1,000
 * requests, seconds the judge's read takes per million requests, and the megabytes one worker
 * would write in an hour at the rate it ran. Each is the median of the runs, with their spread.
 * Beside them, the same figures of the per-sample points the harness wrote before (one JSON line
 * per sample), measured with the same file on that commit (docs/bench.md says how).
 */
import { measurePoints, type PointsRun } from '../points-run.ts';
import { absoluteFigure, medianOf, type Figure } from '../report.ts';
import { onCannedPages } from '../canned-pages.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';

const RUNS = 3;
const MB = 1e6;

/**
 * The per-sample NDJSON points of commit 5250355, measured by bench/points-run.ts on that commit at
 * 640 walks/s for 8 s (82,533 requests), median of 3 runs, on 2026-11-26 beside this code's
 * (docs/bench.md): 598,059 B per 1,000 requests (598,043 to 598,079), 14.48 s per million (14.16 to 14.60).
 */
const BEFORE = { bytesPer1000: 598_059, judgeSecPerMillion: 14.48 } as const;

const size = (quick: boolean) =>
  quick ? { walksPerSec: 200, durationSec: 4 } : { walksPerSec: 640, durationSec: 8 };

/** One figure: the median of the runs' values, with their spread. */
function median(name: string, values: number[], unit: string, extra: Pick<Figure, 'note' | 'goal'> = {}) {
  const found = medianOf(values);
  return absoluteFigure(name, found?.value, unit, { ...extra, ...(found ? { spread: found.spread } : {}) });
}

function pointsFigures(runs: readonly PointsRun[]): Figure[] {
  const measured = runs.filter((run) => run.requests > 0);
  const bytesPer1000 = measured.map((run) => (run.bytes / run.requests) * 1000);
  const judge = measured.map((run) => run.judgeMs / 1000 / (run.requests / 1e6));
  const hour = measured.map((run) => ((run.bytes / run.files / run.durationSec) * 3600) / MB);
  const rates = measured.map((run) => run.requests / run.durationSec);
  const rate = medianOf(rates)?.value ?? 0;
  const bytes = medianOf(bytesPer1000)?.value;
  return [
    median('points bytes per 1,000 requests', bytesPer1000, 'B', {
      goal: {
        text: `<= 1/100 of per-sample points (${BEFORE.bytesPer1000} B)`,
        met: bytes !== undefined && bytes * 100 <= BEFORE.bytesPer1000,
      },
    }),
    median('judge seconds per million requests', judge, 's', {
      // Cells make most of the read a fixed cost (a histogram per series), not a cost per request.
      note: `per-sample points: ${BEFORE.judgeSecPerMillion} s; ${Math.round(medianOf(measured.map((run) => run.judgeMs))?.value ?? 0)} ms per run of ${Math.round(medianOf(measured.map((run) => run.requests))?.value ?? 0)} requests`,
    }),
    median(`points MB per worker-hour at ${Math.round(rate)} req/s`, hour, 'MB', {
      goal: { text: '< 200 MB', met: (medianOf(hour)?.value ?? Infinity) < 200 },
      note: `${measured[0]?.durationSec ?? 0} s runs, extrapolated to an hour`,
    }),
  ];
}

async function measure(context: BenchContext, targetFile: string): Promise<SectionOutcome> {
  const { walksPerSec, durationSec } = size(context.quick);
  const runs: PointsRun[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    context.signal.throwIfAborted();
    context.log(
      `points: harness walk at ${walksPerSec} walks/s for ${durationSec} s (run ${run} of ${RUNS})`,
    );
    runs.push(await measurePoints({ targetFile, walksPerSec, durationSec, dir: context.workDir }));
  }
  return { status: 'ok', figures: pointsFigures(runs), details: { runs, before: BEFORE } };
}

export const points: BenchSection = {
  name: 'points',
  title: "What a load's points cost: bytes and judge time per request, per worker-hour",
  budgetMs: (quick) => (quick ? 180_000 : 300_000),
  run: (context) => onCannedPages(context, 'points', (targetFile) => measure(context, targetFile)),
};
