/**
 * The faults that only show under concurrent load, timed the way they are caught: a short run
 * of the load scenario made for each (runLoad, on Artillery), judged by its thresholds and checks. Thresholds are
 * judged at the end of a run (an isolation leak aborts it at once), so the time to catch such a
 * fault is the wall time of the run; there is no request sequence to shrink.
 */
import path from 'node:path';
import type { LoadOptions } from '../../lib/load/run/options.ts';
import { absoluteFigure, type Figure } from '../report.ts';
import type { BenchContext } from '../section.ts';

/** The smallest run of each load fault's scenario that shows it (as in test/load/faults.test.ts). */
const LOAD_FAULT_RUNS: Record<string, LoadOptions> = {
  'shared-cache': { scenario: 'isolation', profile: 'smoke', duration: '4s', rate: 10 },
  'global-rate-limit': { scenario: 'fairness', profile: 'smoke', duration: '4s', rate: 2 },
  'overload-5xx': { scenario: 'stress', profile: 'stress', duration: '4s', rate: 6 },
  'deep-page-slowdown': { scenario: 'depth', profile: 'smoke', duration: '2s', rate: 1 },
  'soak-drift': { scenario: 'walk', profile: 'soak', duration: '10s', rate: 15 },
  'global-rate-limit-high': { scenario: 'fairness', profile: 'smoke', duration: '6s', rate: 2 },
  'throttle-text-body': { scenario: 'fairness', profile: 'smoke', duration: '4s', rate: 2 },
};

export interface LoadDetection {
  fault: string;
  scenario: string;
  caught: boolean;
  durationMs: number;
  /** The first failed threshold or check: what named the fault. */
  caughtBy: string | null;
}

async function detect(context: BenchContext, fault: string, options: LoadOptions): Promise<LoadDetection> {
  context.log(`detection: ${fault} under load (${options.scenario} ${options.duration})`);
  // Loaded when needed: the load runner pulls in the whole Artillery toolchain.
  const { runLoad } = await import('../../lib/load/run/run-load.ts');
  const result = await runLoad({
    ...options,
    faults: [fault],
    outDir: path.join(context.workDir, `load-${fault}`),
  });
  const threshold = result.thresholds.find((item) => item.ok === false);
  const failure = result.failures.find((item) => item.severity === 'error');
  const caughtBy = threshold ? `${threshold.metric} ${threshold.expression}` : (failure?.check ?? null);
  const scenario = options.scenario ?? 'walk';
  return { fault, scenario, caught: result.verdict === 'fail', durationMs: result.durationMs, caughtBy };
}

/** Runs each known load fault's scenario in turn; a fault without a known run is left out. */
export async function detectLoadFaults(
  context: BenchContext,
  faults: readonly string[],
): Promise<LoadDetection[]> {
  const detections: LoadDetection[] = [];
  for (const fault of faults) {
    const options = LOAD_FAULT_RUNS[fault];
    if (!options) continue;
    context.signal.throwIfAborted();
    detections.push(await detect(context, fault, options));
  }
  return detections;
}

export function loadFaultFigure(detection: LoadDetection): Figure {
  const by = detection.caughtBy ? ` (${detection.caughtBy})` : '';
  return detection.caught
    ? absoluteFigure(detection.fault, detection.durationMs, 'ms', {
        note: `whole ${detection.scenario} run; caught by its thresholds and checks${by}`,
      })
    : absoluteFigure(detection.fault, null, 'ms', { note: `MISSED by the ${detection.scenario} scenario` });
}
