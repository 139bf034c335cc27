/**
 * A run's arrival schedule as plain data (open model: arrivals start on schedule whatever the
 * target answers, so stalls show in the percentiles instead of being hidden by coordinated
 * omission). The engine seam (lib/load/artillery/) turns these into its own phases.
 */
import { PROFILES, type ProfileName } from './profiles.ts';

export interface Phase {
  /** What the scenario does with this phase's arrivals (fairness: `quiet` then `flood`). */
  name: string;
  /** Whole seconds: arrival schedules run in one-second periods. */
  durationS: number;
  /** Arrivals per second at the start of the phase. */
  rate: number;
  /** Arrivals per second at its end, when it ramps. */
  rampTo?: number;
}

const wholeSeconds = (seconds: number): number => Math.max(1, Math.round(seconds));

/**
 * The profile's shape at base rate `rate` over `durationS`: one constant phase, or one phase per
 * stage, each ramping linearly from the previous stage's rate to its own multiple of `rate`.
 */
export function profilePhases(profile: ProfileName, rate: number, durationS: number, name = 'walk'): Phase[] {
  const stages = PROFILES[profile].stages;
  if (!stages) return [{ name, durationS: wholeSeconds(durationS), rate }];
  let from = rate;
  return stages.map((stage) => {
    const to = stage.multiple * rate;
    const phase: Phase = { name, durationS: wholeSeconds(stage.share * durationS), rate: from };
    if (to !== from) phase.rampTo = to;
    from = to;
    return phase;
  });
}

/** Planned arrivals of a phase: a ramp's mean rate times its length. */
export const plannedArrivals = (phase: Phase): number =>
  Math.round(((phase.rate + (phase.rampTo ?? phase.rate)) / 2) * phase.durationS);

export const phasesDurationS = (phases: readonly Phase[]): number =>
  phases.reduce((sum, phase) => sum + phase.durationS, 0);

/** The schedule in words, e.g. `walk 5/s for 10s, walk 5→20/s for 4s`: what a baseline matches on. */
export const phasesText = (phases: readonly Phase[]): string =>
  phases
    .map(
      (phase) =>
        `${phase.name} ${phase.rate}${phase.rampTo === undefined ? '' : `→${phase.rampTo}`}/s for ${phase.durationS}s`,
    )
    .join(', ');
