/**
 * A run's loads on one time axis, for the report's charts: each load's stretch (named, with what it
 * provokes on purpose) and, per second, the latency of what was served and the arrivals started
 * against those the schedule planned. Seconds count from the run's first response, as the 429
 * share's do (lib/load/run/summary-metrics.ts), so every chart of the run shares its axis.
 */
import { countOf, latencyPercentiles, type ResponseCell } from '../points/responses.ts';
import type { LoadWindow, TimelinePoint } from '../../report/model.ts';
import { phasesDurationS, type Phase } from '../phases.ts';
import type { ArrivalCell } from './summary-metrics.ts';

/** One load of the run as its points tell it. */
export interface LoadTrace {
  name: string;
  /** What it provokes on purpose (LoadScenario.expects). */
  expects?: string;
  phases: readonly Phase[];
  responses: readonly ResponseCell[];
  arrivals: readonly ArrivalCell[];
}

/** Arrivals per second the phases plan `s` seconds into their schedule; undefined outside it. */
export function plannedRateAt(phases: readonly Phase[], s: number): number | undefined {
  let from = 0;
  for (const phase of phases) {
    if (s >= from && s < from + phase.durationS) {
      const into = (s - from) / phase.durationS;
      return phase.rate + ((phase.rampTo ?? phase.rate) - phase.rate) * into;
    }
    from += phase.durationS;
  }
  return undefined;
}

// Loops, not Math.min(...values): a long run has more points than a call takes arguments.
const earliest = (times: readonly number[]) => times.reduce((min, time) => Math.min(min, time), Infinity);
const latest = (times: readonly number[]) => times.reduce((max, time) => Math.max(max, time), -Infinity);

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Seconds from the run's first response to the load's first arrival, and to the end of its schedule or traffic. */
function windowOf(trace: LoadTrace, origin: number): LoadWindow {
  const responseTimes = trace.responses.map((cell) => cell.time);
  const arrivalTimes = trace.arrivals.map((cell) => cell.time);
  const first = arrivalTimes.length > 0 ? earliest(arrivalTimes) : earliest(responseTimes);
  const start = Math.max(0, (first - origin) / 1000);
  // A cell is a whole second: the traffic goes on to its end.
  const traffic = (latest([...responseTimes, ...arrivalTimes]) + 1000 - origin) / 1000;
  const end = Math.max(traffic, start + phasesDurationS(trace.phases));
  return {
    name: trace.name,
    start: round(start),
    end: round(end),
    ...(trace.expects === undefined ? {} : { expects: trace.expects }),
  };
}

function second(responses: ResponseCell[], arrivals: number, planned: number | undefined, t: number) {
  const served = responses.filter((cell) => cell.status !== 429);
  const point: TimelinePoint = { t, served: countOf(served), arrivals };
  if (point.served > 0) {
    const [p50 = 0, p95 = 0] = latencyPercentiles(served, [50, 95]);
    point.p50 = round(p50, 2);
    point.p95 = round(p95, 2);
  }
  if (planned !== undefined) point.planned = round(planned, 2);
  return point;
}

/** Each load's window, and one point per second of the run; empty when nothing was answered. */
export function loadTimeline(traces: readonly LoadTrace[]): {
  loads: LoadWindow[];
  timeline: TimelinePoint[];
} {
  const active = traces.filter((trace) => trace.responses.length > 0 || trace.arrivals.length > 0);
  const origin = earliest(active.flatMap((trace) => trace.responses.map((cell) => cell.time)));
  if (!Number.isFinite(origin)) return { loads: [], timeline: [] };
  const loads = active.map((trace) => windowOf(trace, origin));
  const seconds = Math.max(1, Math.ceil(latest(loads.map((load) => load.end))));
  const bucketOf = (time: number) => Math.min(seconds - 1, Math.max(0, Math.floor((time - origin) / 1000)));
  const responses = Array.from({ length: seconds }, (): ResponseCell[] => []);
  const arrivals = new Array<number>(seconds).fill(0);
  for (const trace of active) {
    for (const cell of trace.responses) responses[bucketOf(cell.time)]?.push(cell);
    for (const cell of trace.arrivals)
      arrivals[bucketOf(cell.time)] = (arrivals[bucketOf(cell.time)] ?? 0) + cell.count;
  }
  const timeline = responses.map((ofSecond, t) => {
    const rates = active
      .map((trace, index) => plannedRateAt(trace.phases, t + 0.5 - (loads[index]?.start ?? 0)))
      .filter((rate): rate is number => rate !== undefined);
    const planned = rates.length === 0 ? undefined : rates.reduce((sum, rate) => sum + rate, 0);
    return second(ofSecond, arrivals[t] ?? 0, planned, t);
  });
  return { loads, timeline };
}
