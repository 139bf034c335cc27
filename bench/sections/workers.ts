/**
 * Section: generator processes on one machine. The harness walk (every check on) against nginx's
 * canned pages with `--workers 1` and with `--workers 2`, each stepped up in arrival rate to the
 * highest it holds (start lateness p95 within bounds, >= 98 % of arrivals started, a pass), each
 * figure the median of RUNS_AT_TOP runs at that rate: what a second generator process buys on this
 * machine, for sizing generators to a target rate (docs/sizing.md, docs/bench.md).
 */
import os from 'node:os';
import { runHarnessWalk } from '../harness-walk.ts';
import { climbLadder, repeatAtTop, type Ladder } from '../rate-ladder.ts';
import { absoluteFigure, type Figure } from '../report.ts';
import { onCannedPages } from '../canned-pages.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { RUNS_AT_TOP } from './generator-figures.ts';
import { harnessHeld, ladderNote, topFigure, walkRatio, type HarnessRun } from './walk-figures.ts';

const WORKERS = [1, 2] as const;
const CEILING = 5000;

const size = (quick: boolean) =>
  quick ? { start: 80, maxSteps: 4, durationSec: 4 } : { start: 80, maxSteps: 6, durationSec: 8 };

interface Climbed {
  workers: number;
  ladder: Ladder<HarnessRun>;
  again: HarnessRun[];
}

function workerFigures(climbed: readonly Climbed[]): Figure[] {
  const tops = climbed.map((one) => ({ ...one, top: topFigure(one.ladder, one.again, harnessHeld) }));
  const [one, two] = tops;
  const figures = tops.map(({ workers, ladder, top }) =>
    absoluteFigure(`harness walk, --workers ${workers}`, top.value, 'req/s', {
      ...top.extra,
      note: ladder.top?.run
        ? `at ${top.rate} walks/s, ${top.heldNote}; steps ${ladderNote(ladder, 'walks/s')}`
        : `held no rate; steps ${ladderNote(ladder, 'walks/s')}`,
    }),
  );
  if (!one || !two) return figures;
  return [
    walkRatio(
      '--workers 2 / --workers 1',
      two.top,
      '2-worker walk',
      one.top,
      '1-worker walk',
      'requests/s each holds',
      {
        note: `${os.cpus().length} CPUs; nginx, the harness's processes and Artillery's share them`,
      },
    ),
    ...figures,
  ];
}

async function measure(context: BenchContext, targetFile: string): Promise<SectionOutcome> {
  const { start, maxSteps, durationSec } = size(context.quick);
  const beforeStep = () => context.signal.throwIfAborted();
  const climbed: Climbed[] = [];
  for (const workers of WORKERS) {
    const measureAt = async (walksPerSec: number) => {
      context.log(
        `workers: harness walk, --workers ${workers}, at ${walksPerSec} walks/s for ${durationSec} s`,
      );
      const label = `workers-${workers}-${Date.now()}`;
      return (
        await runHarnessWalk({ targetFile, walksPerSec, durationSec, dir: context.workDir, label, workers })
      ).run;
    };
    const ladder = await climbLadder<HarnessRun>({
      start,
      maxSteps,
      ceiling: CEILING,
      beforeStep,
      held: harnessHeld,
      measure: measureAt,
    });
    climbed.push({ workers, ladder, again: await repeatAtTop(ladder, measureAt, RUNS_AT_TOP, beforeStep) });
  }
  return { status: 'ok', figures: workerFigures(climbed), details: { size: size(context.quick), climbed } };
}

export const workers: BenchSection = {
  name: 'workers',
  title: 'Generator processes on one machine: --workers 1 against --workers 2',
  budgetMs: (quick) => (quick ? 420_000 : 900_000),
  run: (context) => onCannedPages(context, 'workers', (targetFile) => measure(context, targetFile)),
};
