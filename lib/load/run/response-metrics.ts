/**
 * What the report shows of the responses of load runs and capacity steps alike: latency per
 * endpoint and tenant, and the 429 share over time (summary.json `metrics`, lib/report/model.ts).
 */
import type { LatencyRow, Metrics } from '../../report/model.ts';
import { countOf, groupBy, latencyPercentiles, maxOf, type ResponseCell } from '../points/responses.ts';

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

// A loop, not Math.min(...values): a long run has more cells than a call takes arguments.
const earliest = (cells: readonly ResponseCell[]) =>
  cells.reduce((min, cell) => Math.min(min, cell.time), Infinity);

/**
 * The 429 share per step (a capacity step, or a second of a load run), placed at the step's start
 * (seconds after the first step began).
 */
export function rate429Series(steps: readonly { responses: readonly ResponseCell[] }[]): Metrics['rate429'] {
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
