/**
 * One load run as a function: opens the target (or starts a sandbox), runs the scenario's setup
 * in this process (one line when the target is unfit), runs its schedule on Artillery through the
 * harness's engine (lib/load/artillery), merges every worker's points and judges them. Writes
 * under the run's directory: result.json, junit.xml, the Artillery scripts and the raw points.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import { runGenerators } from '../../lib/load/artillery/run.ts';
import {
  writeDistributedRun,
  type DistributedPlan,
  type Platform,
} from '../../lib/load/artillery/distributed.ts';
import { HarnessError } from '../../lib/errors.ts';
import { TARGET_ENV } from '../../lib/load/artillery/engine-config.ts';
import { parseDurationS } from '../../lib/load/duration.ts';
import { phasesDurationS, plannedArrivals } from '../../lib/load/phases.ts';
import { PROFILES } from '../../lib/load/profiles.ts';
import type { LoadSettings } from '../../lib/load/scenario.ts';
import type { MergedSummary } from '../../lib/load/points/merge.ts';
import { readRunPoints, type LoadFailure } from '../../lib/load/points/run-points.ts';
import { gatesOnDrift, overridesFromFlags, percentilesIn, thresholdsFor } from '../../lib/load/thresholds.ts';
import { judge, rateLimiting, type Judgement, type RateLimiting } from '../../lib/load/verdict.ts';
import { resolveArtillery } from '../../lib/process/artillery.ts';
import { createRedactor, redactDeep } from '../../lib/redact.ts';
import { targetSecrets } from '../../lib/target/target.ts';
import { SCENARIOS } from '../../scenarios/index.ts';
import { writeLoadJunit } from './load-junit.ts';
import { checkOptions, type LoadOptions } from './load-options.ts';
import { SANDBOX_FLOOD_RATE } from './load-sandbox.ts';
import { openTarget } from './load-target.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The run as data: what it was, its judgement, and what it measured. */
export interface LoadResult extends Judgement {
  scenario: string;
  profile: string;
  /** Name and base URL only: never a key. */
  target: { name: string; baseUrl: string; sandbox: boolean; faults: string[] };
  engine: { artillery: string; exitCodes: (number | null)[] };
  workers: number;
  startedAt: string;
  durationMs: number;
  /** Each distinct failure the page checks recorded, with how often. */
  failures: LoadFailure[];
  rateLimiting: RateLimiting;
  /** From all raw points: per metric, and per tag value as `metric{tag:value}`. */
  metrics: MergedSummary['metrics'];
  files: { dir: string; result: string; junit: string; scripts: string[]; points: string[] };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The schedule plus Artillery's start-up, the walks' drain and a margin; a run never outlives it. */
const defaultTimeoutMs = (scheduleS: number): number => (scheduleS + 30 + 60) * 1000;

function settingsOf(
  options: LoadOptions,
  profile: LoadSettings['profile'],
  sandbox: boolean,
  maxRps: number,
): LoadSettings {
  const durationS = options.duration ? (parseDurationS(options.duration) ?? 0) : PROFILES[profile].durationS;
  const rate = options.rate ?? PROFILES[profile].rate;
  // The flood ramps up to all the target allows, so it reaches the noisy tenant's limit.
  const floodRate = options.floodRate ?? (sandbox ? SANDBOX_FLOOD_RATE : Math.max(1, maxRps - rate));
  return { profile, rate, durationS, floodRate, requestTimeoutMs: 10_000 };
}

export async function runLoad(options: LoadOptions = {}): Promise<LoadResult> {
  const { scenario: name, profile, workers } = checkOptions(options);
  const started = Date.now();
  const artillery = resolveArtillery();
  const scenario = SCENARIOS[name];
  const thresholds = thresholdsFor(name, profile, overridesFromFlags(options.thresholds ?? []));
  const dir = path.resolve(options.outDir ?? path.join(PROJECT_ROOT, 'reports', `load-${stamp()}`));
  const run = await openTarget(name, options);
  const redact = createRedactor(targetSecrets(run.target));
  try {
    const settings = settingsOf(options, profile, run.sandbox, run.target.load.maxRps);
    const client = createNodeClient(run.target, { timeoutMs: settings.requestTimeoutMs });
    const setup = await scenario
      .setup({ target: run.target, settings, sender: client })
      .finally(() => client.close());
    mkdirSync(dir, { recursive: true });
    const phases = scenario.phases(settings);
    const scheduleS = phasesDurationS(phases);
    const env = Object.fromEntries(
      Object.entries({ ...(options.env ?? process.env), [TARGET_ENV]: run.fileJson }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const generated = await runGenerators({
      baseUrl: run.target.baseUrl,
      phases,
      engine: { scenario: name, settings, setup, recordDrift: gatesOnDrift(thresholds) },
      maxRps: run.target.load.maxRps,
      workers,
      dir,
      env,
      timeoutMs: options.timeoutMs ?? defaultTimeoutMs(scheduleS),
      ...(options.maxInFlight ? { maxInFlight: options.maxInFlight } : {}),
      echo: options.echo ?? false,
    });
    const wanted = [50, 90, 95, 99, ...percentilesIn(Object.values(thresholds).flat())];
    const points = await readRunPoints(generated.pointFiles, [...new Set(wanted)]);
    const judgement = judge({
      ...(generated.error
        ? { engineError: generated.error }
        : generated.pointFiles.length === 0
          ? {
              engineError:
                "the load engine wrote no points: no arrival ran (HARNESS_DEBUG=1 shows Artillery's output)",
            }
          : {}),
      merged: points.summary,
      thresholds,
      failures: points.failures,
      setupFailures: setup.failures ?? [],
      planned: phases.reduce((sum, phase) => sum + plannedArrivals(phase), 0),
      scheduleS,
      skipped: generated.skipped,
      ...(() => {
        const why = scenario.premise?.(points.summary.metrics, settings);
        return why === undefined ? {} : { premiseFailed: why };
      })(),
    });
    const result: LoadResult = redactDeep(
      {
        scenario: name,
        profile,
        target: {
          name: run.target.name,
          baseUrl: run.target.baseUrl,
          sandbox: run.sandbox,
          faults: run.faults,
        },
        engine: { artillery: artillery.version, exitCodes: generated.exitCodes },
        workers,
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        ...judgement,
        failures: points.failures,
        rateLimiting: rateLimiting(points.summary),
        metrics: points.summary.metrics,
        files: {
          dir,
          result: path.join(dir, 'result.json'),
          junit: path.join(dir, 'junit.xml'),
          scripts: generated.scripts,
          points: generated.pointFiles,
        },
      },
      redact,
    );
    writeFileSync(result.files.result, `${JSON.stringify(result, null, 2)}\n`);
    writeLoadJunit(result, result.files.junit, redact);
    return result;
  } finally {
    await run.close();
  }
}

/** The environment variables a target file names for its keys; one line when a key is inline. */
function keyVariables(fileJson: string): string[] {
  const file = JSON.parse(fileJson) as {
    tenants?: { keys?: Record<string, { env?: string; value?: string }> }[];
  };
  const keys = (file.tenants ?? []).flatMap((tenant) => Object.values(tenant.keys ?? {}));
  if (keys.some((key) => key.env === undefined))
    throw new HarnessError(
      '--platform needs a target file whose keys all come from environment variables ({ "env": "NAME" }): remote workers get the names, never the values',
    );
  return [...new Set(keys.map((key) => key.env as string))];
}

/**
 * A dry run for Artillery's distributed runners: runs the scenario's setup here (one line when
 * the target is unfit), writes the run's directory and returns the command that launches it.
 */
export async function prepareDistributedLoad(
  options: LoadOptions,
  platform: Platform,
  count: number,
  region?: string,
): Promise<DistributedPlan> {
  const { scenario: name, profile } = checkOptions(options);
  if (options.target === undefined)
    throw new HarnessError('--platform needs --target: the embedded sandbox runs on this machine only');
  const scenario = SCENARIOS[name];
  const thresholds = thresholdsFor(name, profile, overridesFromFlags(options.thresholds ?? []));
  const run = await openTarget(name, options);
  try {
    const variables = keyVariables(run.fileJson);
    const settings = settingsOf(options, profile, run.sandbox, run.target.load.maxRps);
    const client = createNodeClient(run.target, { timeoutMs: settings.requestTimeoutMs });
    const setup = await scenario
      .setup({ target: run.target, settings, sender: client })
      .finally(() => client.close());
    return await writeDistributedRun({
      platform,
      count,
      ...(region ? { region } : {}),
      baseUrl: run.target.baseUrl,
      phases: scenario.phases(settings),
      engine: {
        scenario: name,
        settings,
        setup,
        recordDrift: gatesOnDrift(thresholds),
        maxRps: run.target.load.maxRps,
      },
      targetJson: run.fileJson,
      keyVariables: variables,
      dir: path.resolve(options.outDir ?? path.join(PROJECT_ROOT, 'reports', `load-${stamp()}-${platform}`)),
    });
  } finally {
    await run.close();
  }
}
