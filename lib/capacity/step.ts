/**
 * One step of a capacity run: the `capacity` scenario (lib/load/scenarios/capacity.ts) at one constant
 * arrival rate, on Artillery through the harness's engine (one generator process per step, under
 * a hard time limit), then the step's raw points read back: one `latency` point per request,
 * tagged with its endpoint, tenant, key and status; one `arrivals` point and one
 * `generator_lateness` point per arrival the generator started. Each step writes under a
 * directory of its own, so its points are its own.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createNodeClient } from '../adapters/node-http.ts';
import type { GeneratorRun, RequestSample } from './step-stats.ts';
import { HarnessError } from '../errors.ts';
import { runGenerators, type GeneratorRequest } from '../load/artillery/run.ts';
import { METRIC } from '../load/metrics.ts';
import { plannedArrivals } from '../load/phases.ts';
import type { Point } from '../load/points/format.ts';
import { readRunPoints } from '../load/points/run-points.ts';
import type { LoadSettings, SetupData } from '../load/scenario.ts';
import { capacity } from '../load/scenarios/capacity.ts';
import type { RunTarget } from '../load/run/target.ts';

/** A request of a step that got no answer in this long is a data point (status 0). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface StepRequest {
  run: RunTarget;
  /** The run's directory: the step writes under `step-<n>/` in it. */
  dir: string;
  /** 0-based step number. */
  index: number;
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** What the setup of the first step measured (capacitySetup). */
  setup: SetupData;
  /** Where keys named by the target file are read (the generator's environment). */
  env: Record<string, string | undefined>;
  /** `--publish`: where the step's metrics go while it runs. */
  publish?: GeneratorRequest['publish'];
  /** Generator processes the step's arrival rate is split over. */
  workers: number;
}

export interface StepRun {
  samples: RequestSample[];
  generator: GeneratorRun;
  pointFiles: string[];
  /** The step's Artillery script(s). */
  scripts: string[];
  /** `--publish` did not reach its receiver (one line each). */
  warnings: string[];
}

const settingsOf = (rate: number, durationS: number): LoadSettings => ({
  profile: 'capacity',
  rate,
  durationS,
  floodRate: rate,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
});

/**
 * The setup of the run, once, before the first step, in this process: probes every tenant (one
 * line when the target is unreachable or refuses a key) and measures the latency floor.
 */
export async function capacitySetup(run: RunTarget, rate: number, durationS: number): Promise<SetupData> {
  const settings = settingsOf(rate, durationS);
  const client = createNodeClient(run.target, { timeoutMs: settings.requestTimeoutMs });
  return capacity.setup({ target: run.target, settings, sender: client }).finally(() => client.close());
}

/** Artillery's start-up (about 5 s), the step, the drain of requests in flight and a margin. */
const timeoutMs = (durationS: number) => (durationS + 30 + REQUEST_TIMEOUT_MS / 1000 + 30) * 1000;

function sampleOf(point: Point): RequestSample | undefined {
  const { status, key, tenant, endpoint } = point.tags;
  if (status === undefined || key === undefined || tenant === undefined || endpoint === undefined)
    return undefined;
  return { durationMs: point.value, status: Number(status), key, tenant, endpoint, time: point.time };
}

/** The one stage of a step's Artillery run. */
const STAGE = 'capacity';

export async function runCapacityStep(request: StepRequest): Promise<StepRun> {
  const step = request.index + 1;
  const settings = settingsOf(request.rate, request.durationS);
  const phases = capacity.phases(settings);
  const env = Object.fromEntries(
    Object.entries(request.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const dir = path.join(request.dir, `step-${step}`);
  await mkdir(dir, { recursive: true });
  const generated = await runGenerators({
    stages: [
      {
        name: STAGE,
        baseUrl: request.run.target.baseUrl,
        phases,
        engine: {
          scenario: capacity.name,
          settings,
          setup: { ...request.setup, startedAt: Date.now() },
          recordDrift: false,
        },
        targetJson: request.run.fileJson,
        maxRps: request.run.target.load.maxRps,
      },
    ],
    workers: request.workers,
    dir,
    env,
    timeoutMs: timeoutMs(request.durationS),
    ...(request.publish ? { publish: request.publish } : {}),
  });
  if (generated.error) throw new HarnessError(`step ${step}: ${generated.error}`);
  const pointFiles = generated.pointFiles[STAGE] ?? [];
  if (pointFiles.length === 0)
    throw new HarnessError(
      `step ${step}: the load engine wrote no points: no arrival ran (HARNESS_DEBUG=1 shows Artillery's output)`,
    );
  const samples: RequestSample[] = [];
  const { summary } = await readRunPoints(pointFiles, [95], (point) => {
    if (point.metric !== METRIC.latency) return;
    const sample = sampleOf(point);
    if (sample) samples.push(sample);
  });
  const planned = phases.reduce((sum, phase) => sum + plannedArrivals(phase), 0);
  const started = summary.metrics[METRIC.arrivals]?.values.count ?? 0;
  return {
    samples,
    generator: {
      planned,
      started,
      skipped: generated.skipped,
      latenessP95: summary.metrics[METRIC.generatorLateness]?.values.p95 ?? 0,
    },
    pointFiles,
    scripts: generated.scripts,
    warnings: generated.warnings,
  };
}
