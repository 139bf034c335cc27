/**
 * A capacity run as the `metrics` of summary.json (lib/report/model.ts): the capacity curve, and,
 * from the same responses, latency per endpoint and tenant and the 429 share over time.
 */
import type { Capacity, LatencyRow, Metrics } from '../report/model.ts';
import type { Knee } from './knee.ts';
import type { CapacityAnswer, Objective, StepVerdict } from './objective.ts';
import type { MeasuredStep, Onset } from './onset.ts';
import { countOf, groupBy, latencyPercentiles, maxOf, type ResponseCell } from '../load/points/responses.ts';
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

const twoDigits = (value: number): number => Number(value.toFixed(2));

function latencyRow(endpoint: string, tenant: string | undefined, cells: ResponseCell[]): LatencyRow {
  const served = cells.filter((cell) => cell.status !== 429);
  const [p50 = 0, p95 = 0, p99 = 0] = latencyPercentiles(served, [50, 95, 99]).map(twoDigits);
  const max = twoDigits(maxOf(served));
  return {
    endpoint,
    ...(tenant === undefined ? {} : { tenant }),
    p50,
    p95,
    p99,
    max,
    count: countOf(served),
  };
}

/** Per endpoint over all tenants, then per endpoint and tenant, over every step. */
export function latencyRows(responses: readonly ResponseCell[]): LatencyRow[] {
  const rows: LatencyRow[] = [];
  for (const [endpoint, ofEndpoint] of [...groupBy(responses, (s) => s.endpoint)].sort()) {
    rows.push(latencyRow(endpoint, undefined, ofEndpoint));
    for (const [tenant, ofTenant] of [...groupBy(ofEndpoint, (s) => s.tenant)].sort())
      rows.push(latencyRow(endpoint, tenant, ofTenant));
  }
  return rows;
}

/** The 429 share per step, placed at the step's start (seconds after the first step began). */
// A loop, not Math.min(...values): a long run has more cells than a call takes arguments.
const earliest = (cells: readonly ResponseCell[]) =>
  cells.reduce((min, cell) => Math.min(min, cell.time), Infinity);

export function rate429Series(steps: readonly Pick<MeasuredStep, 'responses'>[]): Metrics['rate429'] {
  const start = Math.min(...steps.map((step) => earliest(step.responses)));
  const points: Metrics['rate429'] = [];
  for (const step of steps) {
    const total = countOf(step.responses);
    if (total === 0) continue;
    const t = Number(((earliest(step.responses) - start) / 1000).toFixed(1));
    const share = (of: readonly ResponseCell[]) =>
      Number((countOf(of.filter((s) => s.status === 429)) / countOf(of)).toFixed(4));
    points.push({ t, rate: share(step.responses) });
    for (const [tenant, ofTenant] of [...groupBy(step.responses, (s) => s.tenant)].sort())
      points.push({ t, rate: share(ofTenant), tenant });
  }
  return points;
}
