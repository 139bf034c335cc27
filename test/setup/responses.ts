/**
 * Responses laid out one by one, as a load worker would record them, folded into the cells the
 * harness reads (lib/load/points): so a test states each response and its expected figures.
 */
import { METRIC } from '../../lib/load/metrics.ts';
import { responseCell, type ResponseCell } from '../../lib/load/points/responses.ts';
import { CellRecorder } from '../../lib/load/points/write.ts';
import type { ArrivalCell } from '../../lib/load/run/summary-metrics.ts';

export interface Sample {
  /** Epoch ms. */
  time: number;
  durationMs: number;
  status: number;
  key: string;
  tenant: string;
  endpoint: string;
  depth?: string;
}

/** The `latency` tags a worker records a response with. */
const latencyTags = (sample: Sample): Record<string, string> => ({
  status: String(sample.status),
  tenant: sample.tenant,
  endpoint: sample.endpoint,
  key: sample.key,
  ...(sample.depth === undefined ? {} : { depth: sample.depth }),
});

/** Records each sample into `recorder` as the worker does. */
export function recordResponses(recorder: CellRecorder, samples: readonly Sample[]): void {
  for (const sample of samples)
    recorder.add(METRIC.latency, 'trend', sample.durationMs, latencyTags(sample), sample.time);
}

/** The response cells of these samples. */
export function responsesOf(samples: readonly Sample[]): ResponseCell[] {
  const recorder = new CellRecorder();
  recordResponses(recorder, samples);
  return recorder.take().flatMap((cell) => responseCell(cell) ?? []);
}

/** Records an arrival at each time, as the worker does. */
export function recordArrivals(recorder: CellRecorder, times: readonly number[]): void {
  for (const time of times) recorder.add(METRIC.arrivals, 'counter', 1, { phase: 'walk' }, time);
}

/** The arrival cells of arrivals at these times. */
export function arrivalsOf(times: readonly number[]): ArrivalCell[] {
  const recorder = new CellRecorder();
  recordArrivals(recorder, times);
  return recorder.take().map((cell) => ({ time: cell.time, count: cell.sum }));
}
