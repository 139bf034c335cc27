/**
 * The generator section's figures and tables from what it measured (./generator.ts): each walk's
 * requests/s at its top rate (the median of its runs there, a bound when its ladder never missed),
 * the ratios the issue set goals for (n/a when a side is only a bound), and the CPU profile.
 */
import { minimalHeld, type MinimalWalkRun } from '../artillery-walk.ts';
import type { SelfTime } from '../cpu-profile.ts';
import type { Ladder } from '../rate-ladder.ts';
import { absoluteFigure, medianOf, ratioFigure, type Figure, type SectionTable } from '../report.ts';
import type { WrkRun } from '../wrk.ts';
import type { ClosedLoops } from '../closed-loop.ts';
import { closedLoopFigures } from './closed-loop-figures.ts';
import { ownScheduleFigures, type OwnScheduled } from './own-schedule-figures.ts';

/**
 * Issue 36's goals: the harness ≥ 5× the minimal Artillery walk and, per worker, ≥ 0.6× the Node
 * ceiling (undici + JSON.parse in a closed loop, measured in the same run: wrk's speed against
 * Node's varies from machine to machine); its start lateness p99 < 10 ms at 0.8 × its top rate.
 */
export const GOALS = { overMinimal: 5, overNodeCeilingPerWorker: 0.6, latenessP99AtHeldMs: 10 } as const;
/** A rate is held when the harness's start lateness p95 is at most this. */
export const HELD_LATENESS_P95_MS = 10;
/** The share of its own top rate the harness is run at once more, for its lateness p99. */
export const HELD_SHARE = 0.8;
/** wrk's connections: the open-model walks open as many as they need. */
export const WRK_CONNECTIONS = 8;

/** Runs at each walk's top rate, the ladder's own included: its figure is their median. */
export const RUNS_AT_TOP = 3;

/** One harness run: what the generator says of itself, and what it sent. */
export interface HarnessRun {
  walksPerSec: number;
  durationSec: number;
  requests: number;
  requestsPerSec: number;
  planned: number;
  started: number;
  latenessP95Ms: number | null;
  latenessP99Ms: number | null;
  verdict: string;
}

/**
 * Held: every planned arrival started, and started at most 10 ms late at p95, in a run that
 * passed (a run cut short by a finding measured nothing).
 */
export const harnessHeld = (run: HarnessRun): boolean =>
  run.verdict === 'pass' &&
  run.latenessP95Ms !== null &&
  run.latenessP95Ms <= HELD_LATENESS_P95_MS &&
  run.started >= run.planned * 0.98;

/** Self-time entries listed from the harness worker's CPU profile. */
export const PROFILE_ENTRIES = 12;

export interface Profiled {
  walksPerSec: number;
  entries: SelfTime[];
}

export function profileTable(profiled: Profiled | null | undefined): SectionTable[] {
  if (!profiled) return [];
  return [
    {
      title: `CPU self time of the busiest harness thread at its top rate (${profiled.walksPerSec} walks/s)`,
      header: ['function (file:line)', 'self time', 'samples'],
      rows: profiled.entries.map((entry) => [
        entry.where,
        `${(entry.share * 100).toFixed(1)} %`,
        String(entry.samples),
      ]),
      notes: [
        'node --cpu-prof in the Artillery processes (NODE_OPTIONS); the thread with the most non-idle samples; self time excludes callees.',
      ],
    },
  ];
}

export const ladderNote = (ladder: Ladder<{ requestsPerSec: number }>, unit: string) =>
  ladder.steps
    .map((step) => `${step.rate}${step.held ? ' held' : step.error ? ' failed' : ' missed'}`)
    .join(', ')
    .concat(` (${unit})`)
    .concat(ladder.bound ? `; a bound: ${ladder.bound}` : '');

export interface Measured {
  wrk: WrkRun | null;
  wrkNote?: string;
  /** One thread with no arrival schedule, as wrk: the parse alone and the harness's walk. */
  closedLoops?: ClosedLoops;
  /** The harness's walk in the open model on the bench's own schedule, without Artillery. */
  ownSchedule?: OwnScheduled;
  minimal: Ladder<MinimalWalkRun>;
  harness: Ladder<HarnessRun>;
  /** The runs at each walk's top rate after its ladder's (RUNS_AT_TOP in all). */
  minimalAgain?: MinimalWalkRun[];
  harnessAgain?: HarnessRun[];
  atHeld: HarnessRun | null;
  /** Where the harness spends its CPU at its top rate. */
  profiled?: Profiled | null;
  workers: number;
}

/**
 * A walk's figure: the median requests/s of the runs at its top rate that held there. The top
 * counts only when a majority of those runs held it; else the figure is the next rate down the
 * ladder that held, and says so. A bound when its ladder never missed.
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
  const heldNote = top
    ? stable
      ? `held in ${heldThere.length} of ${atTop.length} runs there`
      : `${top.rate} walks/s held in ${heldThere.length} of ${atTop.length} runs, so the figure is the next rate down, held once`
    : '';
  return {
    value: median?.value ?? null,
    rate,
    heldNote,
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

export function generatorFigures(measured: Measured): Figure[] {
  const { wrk, minimal, harness, atHeld, workers } = measured;
  const harnessTop = topFigure(harness, measured.harnessAgain ?? [], harnessHeld);
  const minimalTop = topFigure(minimal, measured.minimalAgain ?? [], minimalHeld);
  const wrkRps = wrk?.requestsPerSec ?? null;
  const perWorker = {
    value: harnessTop.value === null ? null : harnessTop.value / workers,
    extra: harnessTop.extra.bound ? { bound: '>=' as const } : {},
  };
  const overMinimal =
    harnessTop.value !== null && minimalTop.value ? harnessTop.value / minimalTop.value : null;
  const ceiling = medianOf(measured.closedLoops?.parse.map((run) => run.requestsPerSec) ?? []);
  const overCeiling = perWorker.value !== null && ceiling ? perWorker.value / ceiling.value : null;
  const p99 = atHeld?.latenessP99Ms ?? null;
  return [
    walkRatio(
      'harness / minimal Artillery walk',
      harnessTop,
      'harness walk',
      minimalTop,
      'minimal walk',
      'requests/s each holds',
      {
        note: `both open-model at the highest arrival rate each held; each the median of ${RUNS_AT_TOP} runs there`,
        ...(overMinimal === null
          ? {}
          : { goal: { text: `>= ${GOALS.overMinimal}`, met: overMinimal >= GOALS.overMinimal } }),
      },
    ),
    walkRatio(
      'harness per worker / Node ceiling',
      perWorker,
      'harness walk',
      { value: ceiling?.value ?? null, extra: {} },
      'Node ceiling',
      'requests/s',
      {
        note: `${workers} Artillery worker thread(s); the ceiling: undici + JSON.parse, one thread, ${WRK_CONNECTIONS} in flight, no schedule (closed loop below, the same run)`,
        ...(overCeiling === null
          ? {}
          : {
              goal: {
                text: `>= ${GOALS.overNodeCeilingPerWorker}`,
                met: overCeiling >= GOALS.overNodeCeilingPerWorker,
              },
            }),
      },
    ),
    walkRatio(
      'harness per worker / wrk (1 thread)',
      perWorker,
      'harness walk',
      { value: wrkRps, extra: {} },
      'wrk',
      'requests/s',
      {
        note: `${workers} Artillery worker thread(s); wrk with 1 thread and ${WRK_CONNECTIONS} connections on the same pages`,
      },
    ),
    absoluteFigure('lateness p99 at 0.8 × top', p99, 'ms', {
      note: atHeld
        ? `harness at ${atHeld.walksPerSec} walks/s for ${atHeld.durationSec} s; p95 ${atHeld.latenessP95Ms?.toFixed(1)} ms; ${atHeld.started} of ${atHeld.planned} arrivals started`
        : 'not run: the harness held no rate',
      ...(p99 === null
        ? {}
        : { goal: { text: `< ${GOALS.latenessP99AtHeldMs}`, met: p99 < GOALS.latenessP99AtHeldMs } }),
    }),
    absoluteFigure('wrk, 1 thread', wrkRps, 'req/s', { note: measured.wrkNote }),
    absoluteFigure('minimal Artillery walk', minimalTop.value, 'req/s', {
      ...minimalTop.extra,
      note: minimal.top?.run
        ? `at ${minimalTop.rate} walks/s, ${minimalTop.heldNote}; held = no failed vuser, >= 98% of planned completed, done within 2 s of the phase (Artillery reports no lateness); steps ${ladderNote(minimal, 'walks/s')}`
        : `held no rate; steps ${ladderNote(minimal, 'walks/s')}`,
    }),
    absoluteFigure('harness walk', harnessTop.value, 'req/s', {
      ...harnessTop.extra,
      note: harness.top?.run
        ? `at ${harnessTop.rate} walks/s, ${harnessTop.heldNote} (held: lateness p95 <= ${HELD_LATENESS_P95_MS} ms); steps ${ladderNote(harness, 'walks/s')}`
        : `held no rate; steps ${ladderNote(harness, 'walks/s')}`,
    }),
    ...closedLoopFigures(measured.closedLoops, wrkRps, WRK_CONNECTIONS),
    ...ownScheduleFigures(measured.ownSchedule, harnessTop, wrkRps),
  ];
}
