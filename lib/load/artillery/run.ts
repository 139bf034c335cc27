/**
 * Runs a schedule on Artillery: one `artillery run` process per generator (`--workers N`: each
 * runs its exact share of every stage's arrivals, walk-schedule.ts), each with the harness's
 * engine on NODE_PATH, all at once, under one hard time limit. A run holds one or more stages (the gate's loads), played one after the other
 * in the same processes: Artillery starts once, not once per load. Returns what the harness needs
 * to judge each stage: the points files its workers wrote, the one line to show when a
 * process failed, and one line when `--publish` could not deliver (which never fails the run).
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { artilleryErrorLine, runArtillery } from '../../process/artillery.ts';
import { watchProgress } from '../progress.ts';
import { phasesDurationS, type Phase } from '../phases.ts';
import type { Publish } from '../publish.ts';
import { buildEngine } from './build-engine.ts';
import { targetEnv, type EngineConfig, type StageConfig } from './engine-config.ts';
import { artilleryScript, scriptText, STAGE_GAP_S } from './script.ts';
import { deliveryProblem, probeReceiver, publishMetricsEntry, type PublishMetricsEntry } from './publish.ts';

interface StageRequest {
  name: string;
  /** What progress lines call it, e.g. `walk/smoke`. @default name */
  label?: string;
  baseUrl: string;
  phases: readonly Phase[];
  engine: Omit<StageConfig, 'maxRps' | 'targetEnv' | 'phases' | 'maxInFlight'>;
  /** The stage's target file as JSON (keys it names come from `env`). */
  targetJson: string;
  /** The target's load.maxRps, shared between the generators. */
  maxRps: number;
}

export interface GeneratorRequest {
  stages: readonly StageRequest[];
  workers: number;
  dir: string;
  /** The environment of each process: the keys the target files name. */
  env: Record<string, string>;
  timeoutMs: number;
  /** Arrivals in flight per generator process at most; those due beyond are skipped and counted. */
  maxInFlight?: number;
  echo?: boolean;
  /** `--publish`: where the run's metrics go while it runs, and the run's name (a static label). */
  publish?: { to: Publish; run: string };
  /** Where the live progress lines go while the run goes on (lib/load/progress.ts); none: silent. */
  progress?: (line: string) => void;
}

export interface GeneratorRun {
  exitCodes: (number | null)[];
  timedOut: boolean;
  /** One line: why a process failed, when one did. */
  error?: string;
  /** By stage name. */
  pointFiles: Record<string, string[]>;
  scripts: string[];
  /** One line each: `--publish` did not reach its receiver (the run itself is not affected). */
  warnings: string[];
}

/** The whole schedule's length, stages and the gaps between them. */
export const scheduleS = (stages: readonly { phases: readonly Phase[] }[]): number =>
  stages.reduce((sum, stage) => sum + phasesDurationS(stage.phases), 0) + STAGE_GAP_S * (stages.length - 1);

/**
 * Slots a second per generator process: one per worker thread Artillery starts on this machine
 * (its own rule, one per CPU but one), so that every thread takes an even share of the arrivals
 * and its timer fires once a second.
 */
export const localSlotsPerS = (): number => Math.max(1, os.cpus().length - 1);

/**
 * V8's young generation for the generator processes, 4 × Node's default semi-space (16 MB): a
 * walk's state (its ids, its request records, its suspended frames) lives as long as the walk, tens
 * to hundreds of ms under load, long enough to survive two scavenges of the default size and be
 * promoted, which the old generation's marking on V8's helper threads then pays for (docs/bench.md,
 * session 19). With fewer scavenges most walks end before their second one and die young.
 */
const GENERATOR_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

const filesIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.startsWith('points-') && name.endsWith('.ndjson.gz'))
        .map((name) => path.join(dir, name))
    : [];

/** The plugin's entry, or, when the receiver does not answer, the line saying so (no entry). */
async function publishing(
  request: GeneratorRequest,
): Promise<{ entry?: PublishMetricsEntry; env: Record<string, string>; warning?: string }> {
  if (!request.publish) return { env: {} };
  const warning = await probeReceiver(request.publish.to);
  if (warning) return { env: {}, warning };
  return { entry: publishMetricsEntry(request.publish.to, request.publish.run), env: request.publish.to.env };
}

export async function runGenerators(request: GeneratorRequest): Promise<GeneratorRun> {
  const enginePath = await buildEngine();
  const publish = await publishing(request);
  const pointsDir = path.join(request.dir, 'points');
  // A reused output directory must not lend an earlier run's points to this one.
  rmSync(pointsDir, { recursive: true, force: true });
  const env = { ...request.env, ...publish.env };
  const stages: Record<string, StageConfig> = {};
  request.stages.forEach((stage, index) => {
    env[targetEnv(index)] = stage.targetJson;
    stages[stage.name] = {
      ...stage.engine,
      maxRps: Math.max(1, stage.maxRps / request.workers),
      ...(request.maxInFlight === undefined ? {} : { maxInFlight: request.maxInFlight }),
      targetEnv: targetEnv(index),
      phases: [...stage.phases],
    };
  });
  const baseUrl = request.stages[0]?.baseUrl ?? 'http://127.0.0.1';
  const slotsPerS = localSlotsPerS();
  const runs = Array.from({ length: request.workers }, async (_, index) => {
    const engine: EngineConfig = {
      stages,
      pointsDir,
      generator: { index, count: request.workers },
      slotsPerS,
    };
    const script = path.join(request.dir, `artillery-${index + 1}.yml`);
    const report = path.join(request.dir, `artillery-${index + 1}.json`);
    writeFileSync(script, scriptText(artilleryScript(baseUrl, request.stages, engine, publish.entry)));
    const run = await runArtillery({
      script,
      env,
      enginePath,
      timeoutMs: request.timeoutMs,
      echo: request.echo ?? false,
      args: ['--output', report],
      nodeFlags: GENERATOR_NODE_FLAGS,
    });
    return { run, script };
  });
  const watching = request.progress
    ? watchProgress(
        pointsDir,
        request.stages.map((stage) => ({
          name: stage.name,
          label: stage.label ?? stage.name,
          phases: stage.phases,
        })),
        request.progress,
      )
    : undefined;
  const done = await Promise.all(runs).finally(() => watching?.stop());
  const failed = done.find(({ run }) => run.timedOut || run.exitCode !== 0);
  const to = publish.entry ? request.publish?.to : undefined;
  const undelivered = to
    ? done.map(({ run }) => deliveryProblem(to, run.stdout + run.stderr)).find(Boolean)
    : undefined;
  return {
    exitCodes: done.map(({ run }) => run.exitCode),
    timedOut: done.some(({ run }) => run.timedOut),
    ...(failed
      ? {
          error: failed.run.timedOut
            ? `the load did not finish within ${Math.round(request.timeoutMs / 1000)} s; raise --timeout or shorten --duration`
            : `Artillery failed (exit ${failed.run.exitCode}): ${artilleryErrorLine(failed.run) ?? 'see its output with HARNESS_DEBUG=1'}`,
        }
      : {}),
    pointFiles: Object.fromEntries(
      request.stages.map((stage) => [stage.name, filesIn(path.join(pointsDir, stage.name))]),
    ),
    scripts: done.map(({ script }) => script),
    warnings: [publish.warning, undelivered].filter((line): line is string => line !== undefined),
  };
}
