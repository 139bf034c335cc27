/**
 * One step of a capacity run: a load of the `capacity` scenario (scenarios/capacity.ts, handed in through lib/load/registry.ts)
 * at one constant arrival rate, run and judged by the load pipeline (lib/load/run/loads.ts
 * runStages) as the one stage of an Artillery run of its own, under `step-<n>/`, so its points
 * are its own; then its responses (lib/load/points/responses.ts) and what the generator did. The setup runs once, before the first step.
 */
import path from 'node:path';
import { HarnessError } from '../errors.ts';
import type { GeneratorRequest } from '../load/artillery/run.ts';
import type { LoadSettings, SetupData } from '../load/scenario.ts';
import { scenarioNamed } from '../load/registry.ts';
import { runStages, stageError } from '../load/run/loads.ts';
import { REQUEST_TIMEOUT_MS, runSetup, type PreparedLoad } from '../load/run/prepare.ts';
import { reportPointsOf } from '../load/run/summary-metrics.ts';
import type { ResponseCell } from '../load/points/responses.ts';
import type { OpenedTarget } from '../adapters/open-target.ts';
import type { Redactor } from '../redact.ts';
import type { GeneratorFigures } from '../load/generator-figures.ts';

export interface StepRequest {
  run: OpenedTarget;
  /** The command's redactor (lib/run/start.ts), built once for the whole run. */
  redact: Redactor;
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
  /** Live progress lines while the step runs (its start, then every 5 s). */
  progress?: (line: string) => void;
}

export interface StepRun {
  responses: ResponseCell[];
  generator: GeneratorFigures;
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
export async function capacitySetup(run: OpenedTarget, rate: number, durationS: number): Promise<SetupData> {
  const { setup, setupError } = await runSetup(scenarioNamed('capacity'), run, settingsOf(rate, durationS));
  if (setupError !== undefined) throw new HarnessError(setupError);
  return setup;
}

/** A step as a load: no thresholds, since the objective (objective.ts) judges the step. */
function stepLoad(request: StepRequest): PreparedLoad {
  const settings = settingsOf(request.rate, request.durationS);
  const capacity = scenarioNamed('capacity');
  return {
    name: capacity.name,
    scenario: capacity,
    profile: 'capacity',
    thresholds: {},
    run: request.run,
    redact: request.redact,
    settings,
    setup: { ...request.setup, startedAt: Date.now() },
    phases: capacity.phases(settings),
    dir: path.join(request.dir, `step-${request.index + 1}`),
  };
}

export async function runCapacityStep(request: StepRequest): Promise<StepRun> {
  const load = stepLoad(request);
  const { results, generated } = await runStages([load], {
    dir: load.dir,
    workers: request.workers,
    env: request.env,
    ...(request.publish ? { publish: request.publish } : {}),
    ...(request.progress ? { progress: request.progress } : {}),
  });
  const [result] = results;
  if (!result) throw new Error('runStages returned no result for one load');
  const pointFiles = result.files.points;
  const error = stageError(generated, pointFiles);
  if (error !== undefined) throw new HarnessError(`step ${request.index + 1}: ${error}`);
  return {
    responses: (await reportPointsOf(result, pointFiles)).responses,
    generator: result.generator,
    pointFiles,
    scripts: generated.scripts,
    warnings: generated.warnings,
  };
}
