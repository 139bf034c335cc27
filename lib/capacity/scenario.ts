/**
 * The k6 side of one capacity step, as plain data: its environment, and its options. Each
 * iteration is one request (the next page of the walk its VU is on), so the arrival rate is in
 * requests per second and an open-model executor starts them whatever the target answers.
 */
import { arrivalScenario, type ArrivalScenario } from '../load/executor.ts';

export const CAPACITY_ENV = {
  /** 0-based step number: tags every sample of the step. */
  step: 'HARNESS_CAPACITY_STEP',
  /** `1` on the first step: setup() checks the target answers before any load is sent. */
  probe: 'HARNESS_CAPACITY_PROBE',
} as const;

/** k6 system tags kept: fewer tags, smaller raw points (the URL holds a cursor: never kept). */
const SYSTEM_TAGS = ['status', 'method', 'name', 'scenario', 'error_code', 'expected_response'];

export interface CapacityStepOptions {
  scenarios: Record<string, ArrivalScenario>;
  systemTags: string[];
  summaryTrendStats: string[];
  setupTimeout: string;
  rps?: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.ceil(value)));

export function capacityStepOptions(
  step: number,
  rate: number,
  durationS: number,
  maxRps?: number,
  maxVUs?: number,
): CapacityStepOptions {
  // A loopback request takes milliseconds: a few VUs serve a high rate. Enough are made ready
  // before the start that k6 need not create VUs mid-step, which would itself cause drops.
  const vus = maxVUs ?? clamp(rate, 10, 500);
  return {
    scenarios: {
      step: arrivalScenario({
        exec: 'request',
        rate,
        durationS,
        maxVUs: vus,
        preAllocatedVUs: clamp(rate / 4, 2, vus),
        tags: { step: String(step), traffic: 'capacity' },
      }),
    },
    systemTags: SYSTEM_TAGS,
    summaryTrendStats: ['med', 'p(95)', 'p(99)', 'count'],
    setupTimeout: '60s',
    // The target file's load.maxRps: a safety ceiling, not a workload shape.
    ...(maxRps ? { rps: maxRps } : {}),
  };
}
