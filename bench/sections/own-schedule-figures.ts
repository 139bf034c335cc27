/**
 * The generator section's figures for the harness's walk on the bench's own schedule
 * (../own-schedule.ts) beside the same walk through Artillery: what Artillery's arrival machinery
 * costs the walk, and how far from wrk the walk gets without it.
 */
import type { Ladder } from '../rate-ladder.ts';
import { absoluteFigure, type Figure } from '../report.ts';
import {
  HELD_LATENESS_P95_MS,
  harnessHeld,
  ladderNote,
  topFigure,
  walkRatio,
  type HarnessRun,
} from './walk-figures.ts';

export interface OwnScheduled {
  ladder: Ladder<HarnessRun>;
  again: HarnessRun[];
}

export function ownScheduleFigures(
  own: OwnScheduled | undefined,
  throughArtillery: ReturnType<typeof topFigure>,
  wrkRps: number | null,
): Figure[] {
  if (!own) return [];
  const top = topFigure(own.ladder, own.again, harnessHeld);
  return [
    walkRatio(
      "harness walk: own schedule / Artillery's",
      top,
      'walk on its own schedule',
      throughArtillery,
      'walk through Artillery',
      'requests/s each holds',
      {
        note: "the same walk, checks, points and held rule; what Artillery's arrival timer (one arrival per turn of the event loop, spinning between) and its per-arrival work cost",
      },
    ),
    walkRatio(
      'harness walk on its own schedule / wrk (1 thread)',
      top,
      'walk on its own schedule',
      { value: wrkRps, extra: {} },
      'wrk',
      'requests/s',
      { note: 'one thread, open model, every check' },
    ),
    absoluteFigure('harness walk, own schedule', top.value, 'req/s', {
      ...top.extra,
      note: own.ladder.top?.run
        ? `at ${top.rate} walks/s, ${top.heldNote} (held: lateness p95 <= ${HELD_LATENESS_P95_MS} ms, >= 98% of arrivals started and >= 98% of walks ended within 2 s of the phase); a 1 ms timer starts every arrival that is due; steps ${ladderNote(own.ladder, 'walks/s')}`
        : `held no rate; steps ${ladderNote(own.ladder, 'walks/s')}`,
    }),
  ];
}
