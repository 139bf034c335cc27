/**
 * Turns a workload shape into a k6 scenario (plain data, so it is built and tested outside k6).
 * Field names from k6's constant-arrival-rate and ramping-arrival-rate executors.
 */
import { PROFILES, type Stage } from './profiles.ts';
import type { LoadConfig } from './config.ts';

export interface ArrivalScenario {
  executor: 'constant-arrival-rate' | 'ramping-arrival-rate';
  exec: string;
  timeUnit: '1s';
  preAllocatedVUs: number;
  maxVUs: number;
  /** Walks in progress at the end get this long to finish. */
  gracefulStop: string;
  startTime?: string;
  rate?: number;
  duration?: string;
  startRate?: number;
  stages?: { duration: string; target: number }[];
  tags?: Record<string, string>;
}

export interface ArrivalShape {
  /** The exported function k6 runs for each iteration. */
  exec: string;
  /** Base arrival rate, iterations per second (k6 rates are integers). */
  rate: number;
  durationS: number;
  /** Absent: a constant arrival rate. */
  stages?: readonly Stage[];
  /** Upper bound on concurrent VUs. @default from the peak rate */
  maxVUs?: number;
  /** VUs initialised before the start (each parses the bundle). @default from the peak rate */
  preAllocatedVUs?: number;
  startTimeS?: number;
  /** Put on every sample the scenario emits. */
  tags?: Record<string, string>;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(value)));

/** Enough VUs for walks that each take a few seconds at the peak rate; at least 10. */
const defaultMaxVUs = (peak: number): number => clamp(peak * 4, 10, 300);
/**
 * Two walks in flight per walk per second of the peak. A VU k6 has to add mid-run parses the
 * bundle first, and the iteration that waited for it is dropped: initialise enough up front.
 */
const defaultPreAllocatedVUs = (peak: number): number => clamp(peak * 2, 2, 50);

const ms = (seconds: number): string => `${Math.max(1, Math.round(seconds * 1000))}ms`;

/** Seconds a walk still running at the end may take to finish before k6 interrupts it. */
export const GRACEFUL_STOP_S = 10;

export function arrivalScenario(shape: ArrivalShape): ArrivalScenario {
  const peak = shape.rate * Math.max(1, ...(shape.stages ?? []).map((stage) => stage.multiple));
  const maxVUs = shape.maxVUs ?? defaultMaxVUs(peak);
  const common = {
    exec: shape.exec,
    timeUnit: '1s' as const,
    // A VU count given by the user is initialised up front: no iteration waits for one.
    preAllocatedVUs: Math.min(maxVUs, shape.preAllocatedVUs ?? shape.maxVUs ?? defaultPreAllocatedVUs(peak)),
    maxVUs,
    gracefulStop: `${GRACEFUL_STOP_S}s`,
    ...(shape.startTimeS ? { startTime: ms(shape.startTimeS) } : {}),
    ...(shape.tags ? { tags: shape.tags } : {}),
  };
  if (!shape.stages) {
    return { ...common, executor: 'constant-arrival-rate', rate: shape.rate, duration: ms(shape.durationS) };
  }
  return {
    ...common,
    executor: 'ramping-arrival-rate',
    startRate: shape.rate,
    stages: shape.stages.map((stage) => ({
      duration: ms(stage.share * shape.durationS),
      target: Math.max(0, Math.round(stage.multiple * shape.rate)),
    })),
  };
}

/** The profile's own arrival shape (base rate, duration, stages) for one exec function. */
export function profileArrival(config: LoadConfig, exec: string, traffic: string): ArrivalScenario {
  return arrivalScenario({
    exec,
    rate: config.rate,
    durationS: config.durationS,
    stages: PROFILES[config.profile].stages,
    maxVUs: config.maxVUs,
    tags: { traffic },
  });
}
