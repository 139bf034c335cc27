/**
 * The generator section's figures and tables from what it measured (./generator.ts): each walk's
 * requests/s at its top rate (the median of its runs there, a bound when its ladder never missed),
 * the ratios the issue set goals for (n/a when a side is only a bound), and the CPU profile.
 */
import { minimalHeld, type MinimalWalkRun } from '../artillery-walk.ts';
import type { SelfTime } from '../cpu-profile.ts';
import type { Ladder } from '../rate-ladder.ts';
import { absoluteFigure, medianOf, type Figure, type SectionTable } from '../report.ts';
import type { WrkRun } from '../wrk.ts';
import type { ClosedLoops } from '../closed-loop.ts';
import { closedLoopFigures } from './closed-loop-figures.ts';
import { ownScheduleFigures, type OwnScheduled } from './own-schedule-figures.ts';
import {
  harnessHeld,
  HELD_LATENESS_P95_MS,
  ladderNote,
  topFigure,
  walkRatio,
  type HarnessRun,
} from './walk-figures.ts';

/**
 * Issue 36's goals: the harness ≥ 5× the minimal Artillery walk and, per worker, ≥ 0.6× the Node
 * ceiling (undici + JSON.parse in a closed loop, measured in the same run: wrk's speed against
 * Node's varies from machine to machine); its start lateness p99 < 10 ms at 0.8 × its top rate.
 */
export const GOALS = { overMinimal: 5, overNodeCeilingPerWorker: 0.6, latenessP99AtHeldMs: 10 } as const;
/** The share of its own top rate the harness is run at once more, for its lateness p99. */
export const HELD_SHARE = 0.8;
/** wrk's connections: the open-model walks open as many as they need. */
export const WRK_CONNECTIONS = 8;

/** Runs at each walk's top rate, the ladder's own included: its figure is their median. */
export const RUNS_AT_TOP = 3;

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
        ? `at ${harnessTop.rate} walks/s, ${harnessTop.heldNote} (held: lateness p95 <= ${HELD_LATENESS_P95_MS} ms, >= 98% of arrivals started and >= 98% of walks ended within 2 s of the phase); steps ${ladderNote(harness, 'walks/s')}`
        : `held no rate; steps ${ladderNote(harness, 'walks/s')}`,
    }),
    ...closedLoopFigures(measured.closedLoops, wrkRps, WRK_CONNECTIONS),
    ...ownScheduleFigures(measured.ownSchedule, harnessTop, wrkRps),
  ];
}
