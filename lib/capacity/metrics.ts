/**
 * A capacity run as the `metrics.capacity` of summary.json (lib/report/model.ts): the capacity
 * curve. Latency and the 429 share over time come from the same responses as a load run's
 * (lib/load/run/response-metrics.ts).
 */
import type { Capacity } from '../report/model.ts';
import type { Knee } from './knee.ts';
import type { CapacityAnswer, Objective, StepVerdict } from './objective.ts';
import type { Onset } from './onset.ts';
import type { StepStats } from './step-stats.ts';

/** What a capacity run found, as metrics.capacity wants it. */
export interface CapacityFindings {
  steps: readonly StepStats[];
  verdicts: readonly StepVerdict[];
  capacity: CapacityAnswer;
  /** The capacity line and, with --expected-rate, the headroom line, as printed. */
  lines: { capacity: string; headroom?: string };
  objective: Objective;
  expectedRps?: number;
  knee: Knee | null;
  onsets: Onset[];
  next: string[];
}

function stepRow(step: StepStats, verdict: StepVerdict | undefined): Capacity['steps'][number] {
  return {
    rps: step.offeredRps,
    p95: step.p95,
    errorRate: step.errorRate,
    rate429: step.rate429,
    p99: step.p99,
    achievedRps: step.achievedRps,
    generatorRps: step.generatorRps,
    latenessP95: step.latenessP95,
    ...(verdict ? { verdict: verdict.verdict } : {}),
    ...(verdict?.verdict === 'missed' ? { misses: verdict.misses } : {}),
    ...(step.undriven ? { undriven: step.undriven } : {}),
  };
}

function answerRow(
  capacity: CapacityAnswer,
  lines: CapacityFindings['lines'],
): NonNullable<Capacity['answer']> {
  const printed = { line: lines.capacity, ...(lines.headroom ? { headroom: lines.headroom } : {}) };
  if (capacity.kind === 'none') return { kind: 'none', ...printed };
  const missedAt = capacity.kind === 'below' ? undefined : capacity.missedAt;
  return {
    kind: capacity.kind,
    rps: capacity.rps,
    ...(missedAt === undefined ? {} : { missedAt }),
    ...printed,
  };
}

export function capacityMetrics(found: CapacityFindings): Capacity {
  const { knee, capacity } = found;
  return {
    steps: found.steps.map((step, at) => stepRow(step, found.verdicts[at])),
    ...(knee
      ? {
          knee: {
            rps: knee.rps,
            p95: knee.p95,
            reasons: knee.reasons,
            because: knee.because,
            confirmed: knee.confirmed,
          },
        }
      : {}),
    onset429: found.onsets,
    objective: found.objective,
    answer: answerRow(capacity, found.lines),
    ...(found.expectedRps === undefined ? {} : { expectedRps: found.expectedRps }),
    next: found.next,
  };
}
