/**
 * Runs a schedule on Artillery: one `artillery run` process per generator (`--workers N` splits
 * the arrival rate N ways), each with the harness's engine on NODE_PATH, all at once, under one
 * hard time limit. Returns what the harness needs to judge the run: the points files the engine's
 * workers wrote, and the one line to show when a process failed.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artilleryErrorLine, runArtillery } from '../../process/artillery.ts';
import { sharePhases, type Phase } from '../phases.ts';
import { buildEngine } from './build-engine.ts';
import type { EngineConfig } from './engine-config.ts';
import { artilleryScript, scriptText } from './script.ts';

export interface GeneratorRequest {
  baseUrl: string;
  phases: readonly Phase[];
  engine: Omit<EngineConfig, 'generator' | 'pointsDir' | 'maxRps'>;
  /** The target's load.maxRps, shared between the generators. */
  maxRps: number;
  workers: number;
  dir: string;
  /** The environment of each process: the target JSON and the keys it names. */
  env: Record<string, string>;
  timeoutMs: number;
  maxInFlight?: number;
  echo?: boolean;
}

export interface GeneratorRun {
  exitCodes: (number | null)[];
  timedOut: boolean;
  /** One line: why a process failed, when one did. */
  error?: string;
  pointFiles: string[];
  /** Arrivals Artillery skipped at the in-flight ceiling (its `vusers.skipped`). */
  skipped: number;
  scripts: string[];
}

function skippedIn(report: string): number {
  if (!existsSync(report)) return 0;
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
    aggregate?: { counters?: Record<string, number> };
  };
  return parsed.aggregate?.counters?.['vusers.skipped'] ?? 0;
}

export async function runGenerators(request: GeneratorRequest): Promise<GeneratorRun> {
  const enginePath = await buildEngine();
  const pointsDir = path.join(request.dir, 'points');
  // A reused output directory must not lend an earlier run's points to this one.
  rmSync(pointsDir, { recursive: true, force: true });
  const phases = sharePhases(request.phases, request.workers);
  const runs = Array.from({ length: request.workers }, async (_, index) => {
    const engine: EngineConfig = {
      ...request.engine,
      pointsDir,
      maxRps: Math.max(1, request.maxRps / request.workers),
      generator: { index, count: request.workers },
    };
    const script = path.join(request.dir, `artillery-${index + 1}.yml`);
    const report = path.join(request.dir, `artillery-${index + 1}.json`);
    writeFileSync(script, scriptText(artilleryScript(request.baseUrl, phases, engine, request.maxInFlight)));
    const run = await runArtillery({
      script,
      env: request.env,
      enginePath,
      timeoutMs: request.timeoutMs,
      echo: request.echo ?? false,
      args: ['--output', report],
    });
    return { run, script, skipped: skippedIn(report) };
  });
  const done = await Promise.all(runs);
  const failed = done.find(({ run }) => run.timedOut || run.exitCode !== 0);
  const pointFiles = existsSync(pointsDir)
    ? readdirSync(pointsDir)
        .filter((name) => name.endsWith('.ndjson'))
        .map((name) => path.join(pointsDir, name))
    : [];
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
    pointFiles,
    skipped: done.reduce((sum, { skipped }) => sum + skipped, 0),
    scripts: done.map(({ script }) => script),
  };
}
