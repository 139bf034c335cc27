/**
 * One stage of a run as one worker thread of the engine holds it: its scenario, its Vu over one
 * undici client, its points (written, and mirrored into Artillery's metrics by the engine), its
 * live progress, and, from its first slot on, its share of the stage's schedule.
 */
import { threadId } from 'node:worker_threads';
import path from 'node:path';
import { resolveTarget, targetSecrets, type Target } from '../../target/target.ts';
import { METRIC } from '../metrics.ts';
import type { MetricKind } from '../points/format.ts';
import { PointWriter, type PointSink } from '../points/write.ts';
import { ProgressCounter, progressFile } from '../progress.ts';
import { scenarioNamed } from '../registry.ts';
import type { LoadScenario } from '../scenario.ts';
import { createVu, type LoadVu } from '../vu.ts';
import type { EngineConfig, StageConfig } from './engine-config.ts';
import type { SlotPlan } from './slots.ts';

type Tags = Record<string, string>;

/** Records a point of a stage: into its file, and into Artillery's metrics (the engine's). */
export type Recorder = (metric: string, kind: MetricKind, value: number, tags: Tags) => void;

/** The recorder of a stage's points, given its file and its target's key values (never in a name). */
export type RecorderFor = (points: PointWriter, keyValues: readonly string[]) => Recorder;

export interface Stage {
  name: string;
  config: StageConfig;
  scenario: LoadScenario;
  vu: LoadVu;
  points: PointWriter;
  /** Where the stage's points go: written, and mirrored into Artillery's metrics. */
  sink: PointSink;
  /** What the console shows while the run goes on (lib/load/progress.ts). */
  progress: ProgressCounter;
  progressFile: string;
  /** This thread's slots of the stage, from its first slot on. */
  slots?: SlotPlan;
  /** performance.now() of the stage's first slot in this thread: its schedule's zero. */
  anchor: number;
  /** Arrivals of the stage running in this thread, and how many may at most. */
  inFlight: number;
  maxInFlight: number;
  /** Whether an arrival started since the engine last sampled the thread's busy share. */
  arrivedSinceSample: boolean;
  /** One tags object per phase name (points find their series by the object). */
  phaseTags: Map<string, Tags>;
}

function readTarget(config: StageConfig): Target {
  const text = process.env[config.targetEnv];
  if (!text) throw new Error(`the harness engine needs ${config.targetEnv}: run it through npm run load`);
  const result = resolveTarget(JSON.parse(text), process.env);
  if (!result.ok) throw new Error(`target file: ${result.problems.join('; ')}`);
  return result.target;
}

/** The stage `name` of the script's config, made in this thread; throws when there is none. */
export function makeStage(config: EngineConfig, name: string, recorderFor: RecorderFor): Stage {
  const stageConfig = config.stages[name];
  if (!stageConfig) throw new Error(`no stage "${name}" in the script's config.harness.stages`);
  const worker = `${config.generator.index ?? 'i'}-${threadId}-${process.pid}`;
  const points = new PointWriter(path.join(config.pointsDir, name, `points-${worker}.ndjson.gz`));
  const progress = new ProgressCounter();
  const target = readTarget(stageConfig);
  const record = recorderFor(points, targetSecrets(target));
  const sink: PointSink = {
    add: (metric, kind, value, tags) => {
      record(metric, kind, value, tags);
      if (metric === METRIC.latency) progress.responded(Number(tags.status ?? 0));
      else if (metric === METRIC.clientWait) progress.waited(value);
      else if (metric === METRIC.checkFailures && tags.severity === 'error') progress.failed();
    },
  };
  const vu = createVu({
    target,
    settings: stageConfig.settings,
    setup: stageConfig.setup,
    points: sink,
    recordDrift: stageConfig.recordDrift,
    maxRps: stageConfig.maxRps,
  });
  return {
    name,
    config: stageConfig,
    scenario: scenarioNamed(stageConfig.scenario),
    vu,
    points,
    sink,
    progress,
    progressFile: progressFile(path.join(config.pointsDir, name), worker),
    anchor: 0,
    inFlight: 0,
    maxInFlight: Infinity,
    arrivedSinceSample: false,
    phaseTags: new Map(),
  };
}
