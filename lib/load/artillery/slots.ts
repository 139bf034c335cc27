/**
 * What one Artillery arrival is in the harness's engine: a slot, not a walk. Each generator
 * process asks Artillery for `slotsPerS` slots a second through every stage (a flat ramp, which
 * Artillery times with plain timers and splits over its worker threads as it splits a whole rate;
 * its constant rate's timer holds a core below 25 ms intervals and spins the last 25 ms of longer
 * ones), about one a second per thread; each slot hands the engine the arrivals of the
 * stage's own schedule (lib/load/walk-schedule.ts) that fall in its window, which the engine
 * starts at their due times (lib/load/due-timer.ts).
 *
 * The process's arrivals are dealt to `slotsPerS` lanes (its j-th arrival to lane j mod
 * slotsPerS); a thread owns the lanes of its share of the slots, as Artillery splits a whole rate
 * (its `distribute`), so the threads of a process run its arrivals once each. A thread's slot s
 * takes its arrivals due before the end of the window after its own (a slot that comes a little
 * late still starts them on time) and any earlier one not taken yet; its last slot takes the rest.
 */
import type { DueArrival, GeneratorArrivals } from '../walk-schedule.ts';

/** The fields of an Artillery phase spec the engine reads (per worker thread). */
export interface PhaseSpec {
  name?: string;
  duration?: number;
  arrivalRate?: number;
  /** 1-based; absent in a run of one thread. */
  worker?: number;
  totalWorkers?: number;
}

/** Artillery's split of a whole rate over its worker threads (artillery 2.0.34, lib/dist.ts `distribute`). */
export function distribute(total: number, parts: number): number[] {
  if (total < parts) return Array.from({ length: parts }, (_, index) => (index < total ? 1 : 0));
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, index) => base + (index < total % parts ? 1 : 0));
}

/** The lanes a thread owns among its process's `slotsPerS`: [offset, offset + count). */
export interface Lanes {
  offset: number;
  count: number;
  of: number;
}

/**
 * This thread's lanes. Artillery gives each of its totalWorkers threads rate / totalWorkers of a
 * ramp and, each second, one more arrival to the first of them while the fractions add up (its
 * adjustArrivalsByWorker): the share distribute() gives.
 */
export function threadLanes(slotsPerS: number, spec: PhaseSpec): Lanes {
  const shares = distribute(slotsPerS, spec.totalWorkers ?? 1);
  const index = (spec.worker ?? 1) - 1;
  const offset = shares.slice(0, index).reduce((sum, share) => sum + share, 0);
  return { offset, count: shares[index] ?? 0, of: slotsPerS };
}

/**
 * A distributed run's instance's guess of a lane (walk-schedule.ts GeneratorShare): Artillery's
 * runners give each instance a random WORKER_ID (Fargate, Lambda, ACI) and no ordinal, so the lane
 * is a hash of it; instances whose hashes meet run the same arrivals, none more or fewer.
 */
export function instanceLane(instances: number, workerId = process.env.WORKER_ID ?? ''): number {
  let hash = 0;
  for (const char of workerId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % Math.max(1, instances);
}

/** One thread's slots of one stage, in the order Artillery starts them. */
export class SlotPlan {
  /** The next of the generator's arrivals this thread has not taken. */
  private next: number;
  private slots = 0;
  private readonly windowMs: number;
  private readonly lastSlot: number;
  private readonly arrivals: GeneratorArrivals;
  private readonly lanes: Lanes;

  constructor(arrivals: GeneratorArrivals, lanes: Lanes, durationS: number) {
    this.arrivals = arrivals;
    this.lanes = lanes;
    this.next = lanes.count > 0 ? lanes.offset : arrivals.count;
    this.windowMs = 1000 / Math.max(1, lanes.count);
    this.lastSlot = durationS * lanes.count - 1;
  }

  /** This thread's share of the generator's arrivals (0..1). */
  get share(): number {
    return this.lanes.count / this.lanes.of;
  }

  /** The arrivals the next slot starts, in due order (dueMs from the stage's first slot). */
  take(): DueArrival[] {
    const slot = this.slots;
    this.slots += 1;
    const horizonMs = (slot + 2) * this.windowMs;
    const taken: DueArrival[] = [];
    while (this.next < this.arrivals.count) {
      const arrival = this.arrivals.at(this.next);
      if (slot < this.lastSlot && arrival.dueMs >= horizonMs) break;
      taken.push(arrival);
      this.advance();
    }
    return taken;
  }

  private advance(): void {
    this.next = this.after(this.next);
  }

  private after(j: number): number {
    const { offset, count, of } = this.lanes;
    return (j % of) + 1 < offset + count ? j + 1 : j - (j % of) + of + offset;
  }
}
