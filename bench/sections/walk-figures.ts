/**
 * What the generator section's figures share (./generator-figures.ts, ./own-schedule-figures.ts):
 * a harness run and when it held its rate, a ladder's note, a walk's figure at its top rate, and
 * the ratio of two walks' figures.
 */
import type { Ladder } from '../rate-ladder.ts';
import { medianOf, ratioFigure, type Figure } from '../report.ts';

/** A rate is held when the harness's start lateness p95 is at most this. */
export const HELD_LATENESS_P95_MS = 10;
/** One harness run: what the generator says of itself, and what it sent. */
export interface HarnessRun {
  walksPerSec: number;
  durationSec: number;
  requests: number;
  requestsPerSec: number;
  planned: number;
  started: number;
  /**
   * Walks that ended within ENDED_WITHIN_MS of the phase's end: an open model holds a rate only
   * when its walks keep up, not only when they start on time (the minimal walk's rule too).
   */
  ended: number;
  latenessP95Ms: number | null;
  latenessP99Ms: number | null;
  verdict: string;
}

/** How long after the phase's end a walk may still end and count as kept up with (minimalHeld's 2 s). */
export const ENDED_WITHIN_MS = 2000;

/**
 * Held: 98 % of the planned arrivals started, at most 10 ms late at p95, and 98 % of the planned
 * walks ended within 2 s of the phase's end, in a run that passed (a run cut short by a finding
 * measured nothing). Without the last, a generator whose timer keeps starting walks on time while
 * the walks pile up in flight would count as holding a rate it cannot serve.
 */
export const harnessHeld = (run: HarnessRun): boolean =>
  run.verdict === 'pass' &&
  run.latenessP95Ms !== null &&
  run.latenessP95Ms <= HELD_LATENESS_P95_MS &&
  run.started >= run.planned * 0.98 &&
  run.ended >= run.planned * 0.98;

export const ladderNote = (ladder: Ladder<{ requestsPerSec: number }>, unit: string) =>
  ladder.steps
    .map((step) => `${step.rate}${step.held ? ' held' : step.error ? ' failed' : ' missed'}`)
    .join(', ')
    .concat(` (${unit})`)
    .concat(ladder.bound ? `; a bound: ${ladder.bound}` : '');

/** The lowest rate above `rate` a ladder tried and missed, if any. */
function lowestMissedAbove(ladder: Ladder<unknown>, rate: number | undefined): number | undefined {
  if (rate === undefined) return undefined;
  const above = ladder.steps.filter((step) => !step.held && step.rate > rate).map((step) => step.rate);
  return above.length > 0 ? Math.min(...above) : undefined;
}

/**
 * Where a walk's held rate lies: at or above the rate held, below the rate missed above it (a
 * ladder's steps are coarse; the gap says how coarse).
 */
const bracketNote = (bracket: { held: number; missed: number }): string =>
  `bracket: held ${bracket.held}, missed ${bracket.missed} walks/s (${((bracket.missed / bracket.held - 1) * 100).toFixed(1)} % apart)`;

/**
 * A walk's figure: the median requests/s of the runs at its top rate that held there. The top
 * counts only when a majority of those runs held it; else the figure is the next rate down the
 * ladder that held, and says so. A bound when its ladder never missed. Its bracket: the rate held
 * and the rate missed just above it (none for a bound), which its note states.
 */
export function topFigure<Run extends { requestsPerSec: number }>(
  ladder: Ladder<Run>,
  again: readonly Run[],
  held: (run: Run) => boolean,
) {
  const top = ladder.top;
  const atTop = top?.run ? [top.run, ...again] : [];
  const heldThere = atTop.filter(held);
  const stable = heldThere.length * 2 > atTop.length;
  const below = ladder.steps
    .filter((step) => step.held && step.run && top && step.rate < top.rate)
    .sort((a, b) => b.rate - a.rate)[0];
  const used = stable ? heldThere : below?.run ? [below.run] : [];
  const median = medianOf(used.map((run) => run.requestsPerSec));
  const rate = stable ? top?.rate : below?.rate;
  // The rate missed just above the figure's: the top itself when it held in a minority of its runs.
  const missed = stable ? lowestMissedAbove(ladder, top?.rate) : top?.rate;
  const bracket = rate !== undefined && missed !== undefined ? { held: rate, missed } : undefined;
  const heldNote = top
    ? stable
      ? `held in ${heldThere.length} of ${atTop.length} runs there`
      : below
        ? `${top.rate} walks/s held in ${heldThere.length} of ${atTop.length} runs, so the figure is the next rate down, held once`
        : `${top.rate} walks/s held in ${heldThere.length} of ${atTop.length} runs and no rate below it held: no figure`
    : '';
  return {
    value: median?.value ?? null,
    rate,
    bracket,
    heldNote: bracket ? `${heldNote}; ${bracketNote(bracket)}` : heldNote,
    extra: {
      ...(median && median.spread.runs > 1 ? { spread: median.spread } : {}),
      ...(ladder.bound && stable ? { bound: '>=' as const } : {}),
    },
  };
}

/** A ratio of two walks' figures; n/a, with the reason, when either is only a bound. */
export function walkRatio(
  name: string,
  numerator: { value: number | null; extra: { bound?: '>=' } },
  numeratorName: string,
  denominator: { value: number | null; extra: { bound?: '>=' } },
  denominatorName: string,
  unit: string,
  extra: Pick<Figure, 'note' | 'goal'>,
): Figure {
  const bounded = [
    numerator.extra.bound ? numeratorName : '',
    denominator.extra.bound ? denominatorName : '',
  ].filter(Boolean);
  if (bounded.length === 0) return ratioFigure(name, numerator.value, denominator.value, unit, extra);
  return {
    ...ratioFigure(name, null, null, unit),
    note: `n/a: the ${bounded.join(' and the ')} held the ladder's last rate, so its figure is a bound, not a measurement`,
  };
}
