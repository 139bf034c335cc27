/**
 * When each arrival of a stage is due (open model), as the harness's own schedule: the stage's
 * phases laid end to end, arrival k of the stage at its own due time, and which of them each
 * generator runs. The engine starts every arrival at its due time and measures its lateness from
 * it; Artillery only starts the slots that hold them (lib/load/artillery/slots.ts).
 *
 * A constant phase of rate r puts arrival i at i / r seconds into it; a ramp from a to b over D
 * seconds puts it where the ramp's arrivals so far, a·t + (b − a)·t² / 2D, reach i. A phase holds
 * plannedArrivals(phase) arrivals, so the stage's count is exactly the plan's.
 */
import { plannedArrivals, type Phase } from './phases.ts';

/** One arrival of the plan: which one (it picks the walk: lib/load/walk-plan.ts), when, in which phase. */
export interface DueArrival {
  /** 0-based index of the arrival in the stage's whole plan, across every generator. */
  index: number;
  /** Milliseconds from the start of the stage. */
  dueMs: number;
  /** The phase's name (Phase.name). */
  phase: string;
}

interface PhasePart {
  phase: Phase;
  startMs: number;
  /** Index of the phase's first arrival in the stage. */
  first: number;
  count: number;
}

/** Seconds into a phase at which its arrival `i` is due (the stable root of the ramp's quadratic). */
function dueInPhaseS(phase: Phase, i: number): number {
  if (i === 0) return 0;
  const from = phase.rate;
  const slope = ((phase.rampTo ?? from) - from) / phase.durationS;
  return (2 * i) / (from + Math.sqrt(from * from + 2 * slope * i));
}

/** A stage's arrivals in due order. */
export class StageSchedule {
  readonly total: number;
  private readonly parts: PhasePart[] = [];

  constructor(phases: readonly Phase[]) {
    let startMs = 0;
    let first = 0;
    for (const phase of phases) {
      const count = plannedArrivals(phase);
      this.parts.push({ phase, startMs, first, count });
      startMs += phase.durationS * 1000;
      first += count;
    }
    this.total = first;
  }

  /** Arrival `index` of the stage (0 <= index < total). */
  at(index: number): DueArrival {
    let part: PhasePart | undefined;
    for (const candidate of this.parts) if (candidate.first <= index && candidate.count > 0) part = candidate;
    if (part === undefined || index >= this.total) throw new RangeError(`no arrival ${index} in the stage`);
    const dueMs = part.startMs + dueInPhaseS(part.phase, index - part.first) * 1000;
    return { index, dueMs, phase: part.phase.name };
  }
}

/**
 * Which generator this is among those sharing the stage (`--workers` processes, or a distributed
 * run's instances). `index` absent: Artillery's distributed runners give an instance no ordinal
 * (each runs the same script), so it takes an equal share on `lane`, its guess of one.
 */
export interface GeneratorShare {
  count: number;
  index?: number;
  /** An instance's lane when `index` is unknown, 0 <= lane < count. @default 0 */
  lane?: number;
}

/** The arrivals one generator runs, in due order. */
export interface GeneratorArrivals {
  count: number;
  at(j: number): DueArrival;
}

/**
 * A generator's share of a stage. With its index known, generator g of G runs arrivals g, g + G,
 * g + 2G…: together the generators run every arrival once. Without it, each of the N instances
 * runs floor(total / N) arrivals, arrival j of them being the stage's jN + lane: the total is
 * N·floor(total / N), which the plan states (distributedPlanned), and two instances that guessed
 * the same lane run the same arrivals at the same times.
 */
export function generatorArrivals(schedule: StageSchedule, share: GeneratorShare): GeneratorArrivals {
  const { count: generators } = share;
  if (share.index !== undefined) {
    const g = share.index;
    return {
      count: Math.max(0, Math.ceil((schedule.total - g) / generators)),
      at: (j) => schedule.at(j * generators + g),
    };
  }
  const lane = share.lane ?? 0;
  return { count: Math.floor(schedule.total / generators), at: (j) => schedule.at(j * generators + lane) };
}

/** The arrivals a distributed run of `instances` plans for these phases: a multiple of `instances`. */
export const distributedPlanned = (phases: readonly Phase[], instances: number): number =>
  instances * Math.floor(new StageSchedule(phases).total / instances);
