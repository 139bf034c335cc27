/**
 * How late the generator starts each arrival against Artillery's own schedule (open model): the
 * schedule is rebuilt from the phase spec as Artillery's phaser lays it out (lib/core/phases.ts of
 * artillery 2.0.34): a constant phase is one arrival every 1000/rate ms, a ramp is one-second
 * periods of n arrivals spaced floor(1000/n) ms apart. Lateness is measured against the first
 * arrival of the phase (constant) or of the period (ramp), so the timer's own start-up offset is
 * not counted; what is counted is every arrival that came later than the one before it plus its
 * interval, which is what a saturated generator does.
 */

/** The fields of an Artillery phase spec that the schedule depends on (per worker). */
export interface PhaseSpec {
  duration?: number;
  arrivalRate?: number;
  rampTo?: number;
  worker?: number;
  totalWorkers?: number;
  name?: string;
}

/** Artillery's adjustArrivalsByWorker: workers share the fractional arrivals of a period. */
function arrivalsOfWorker(raw: number, totalWorkers: number | undefined, worker: number | undefined): number {
  const whole = Math.floor(raw);
  if (totalWorkers === undefined || worker === undefined) return whole;
  return Math.round((raw % 1) * totalWorkers) >= worker ? whole + 1 : whole;
}

/** Offsets (ms) of a ramp's arrivals from the start of their period, period by period. */
function rampPeriods(spec: PhaseSpec): { arrivals: number; tickMs: number }[] {
  const duration = spec.duration ?? 1;
  const from = spec.arrivalRate ?? 0;
  const to = spec.rampTo ?? from;
  const periods: { arrivals: number; tickMs: number }[] = [];
  for (let period = 0; period < duration; period += 1) {
    const raw = duration === 1 ? (from + to) / 2 : ((to - from) / (duration - 1)) * period + from;
    const arrivals = arrivalsOfWorker(raw, spec.totalWorkers, spec.worker);
    periods.push({ arrivals, tickMs: Math.min(Math.floor(1000 / arrivals), 1000) });
  }
  return periods;
}

/** Tracks one phase's arrivals in one worker and tells each one's lateness. */
export class PhaseClock {
  private count = 0;
  private anchor = 0;
  private readonly intervalMs: number | null;
  private readonly periods: { arrivals: number; tickMs: number }[];
  private period = 0;
  private inPeriod = 0;

  constructor(spec: PhaseSpec) {
    const ramp = spec.rampTo !== undefined;
    this.intervalMs = ramp ? null : 1000 / (spec.arrivalRate ?? 1);
    this.periods = ramp ? rampPeriods(spec) : [];
  }

  /** How many arrivals of the phase came before this one. */
  get arrivals(): number {
    return this.count;
  }

  /** Counts an arrival at `now` (ms) and returns how late it was, ms (never negative). */
  arrive(now: number): number {
    const index = this.count;
    this.count += 1;
    if (this.intervalMs !== null) {
      if (index === 0) this.anchor = now;
      return Math.max(0, now - (this.anchor + index * this.intervalMs));
    }
    while (this.period < this.periods.length && this.inPeriod >= (this.periods[this.period]?.arrivals ?? 0)) {
      this.period += 1;
      this.inPeriod = 0;
    }
    const tick = this.periods[this.period]?.tickMs ?? 0;
    if (this.inPeriod === 0) this.anchor = now;
    const late = Math.max(0, now - (this.anchor + this.inPeriod * tick));
    this.inPeriod += 1;
    return late;
  }
}
