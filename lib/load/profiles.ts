/**
 * The named workload shapes (one shared module, as grafana/quickpizza's load-options does). A
 * profile is relative: rates are multiples of a base arrival rate and stages are shares of the
 * run, so `--rate` and `--duration` rescale any profile without changing its shape; a "smoke
 * variant" of any profile is that profile squeezed into seconds. Every profile is open-model
 * (arrival-rate executors): a stalled server cannot slow the arrival of new walks, so stalls
 * show in the percentiles instead of being hidden by coordinated omission.
 */
export const PROFILE_NAMES = ['smoke', 'load', 'stress', 'spike', 'soak', 'capacity'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

/** Ramp linearly to `multiple` × the base rate over `share` of the run. */
interface Stage {
  share: number;
  multiple: number;
}

export interface Profile {
  name: ProfileName;
  description: string;
  /** Base arrival rate, walks per second. */
  rate: number;
  durationS: number;
  /** Absent: a constant arrival rate at the base rate. */
  stages?: readonly Stage[];
}

const steps = (count: number): Stage[] =>
  Array.from({ length: count }, (_, index) => [
    { share: 0.01, multiple: index + 1 },
    { share: 1 / count - 0.01, multiple: index + 1 },
  ]).flat();

export const PROFILES: Record<ProfileName, Profile> = {
  smoke: { name: 'smoke', description: 'a few walks: is everything wired up', rate: 2, durationS: 10 },
  load: { name: 'load', description: 'the expected steady load', rate: 10, durationS: 120 },
  stress: {
    name: 'stress',
    description: 'ramp to 6x the base rate and hold: overload must be answered with 429',
    rate: 10,
    durationS: 120,
    stages: [
      { share: 0.2, multiple: 2 },
      { share: 0.2, multiple: 4 },
      { share: 0.2, multiple: 6 },
      { share: 0.2, multiple: 6 },
      { share: 0.2, multiple: 1 },
    ],
  },
  spike: {
    name: 'spike',
    description: 'a sudden 10x burst and back',
    rate: 5,
    durationS: 60,
    stages: [
      { share: 0.3, multiple: 1 },
      { share: 0.05, multiple: 10 },
      { share: 0.15, multiple: 10 },
      { share: 0.05, multiple: 1 },
      { share: 0.45, multiple: 1 },
    ],
  },
  soak: {
    name: 'soak',
    description: 'steady load for long: latency must not drift',
    rate: 10,
    durationS: 1800,
  },
  capacity: {
    name: 'capacity',
    description: 'stepped arrival rate, 1x to 10x: find the knee and the 429 onset',
    rate: 5,
    durationS: 300,
    stages: steps(10),
  },
};

export function isProfileName(name: string): name is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(name);
}
