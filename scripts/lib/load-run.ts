/**
 * One load run as a function: starts or checks the target, bundles the scenario, runs k6 (or N
 * k6 processes on execution segments) under a hard time limit, and returns the results as data.
 * Writes under the run's directory: summary.json, result.json, junit.xml, dashboard.html (single
 * runs) and the raw points. The gate (scripts/gate.ts) and the bench call this.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOAD_ENV, parseDurationS } from '../../lib/load/config.ts';
import { GRACEFUL_STOP_S } from '../../lib/load/executor.ts';
import { PROFILES } from '../../lib/load/profiles.ts';
import type { K6Summary } from '../../lib/load/summary.ts';
import { percentilesIn } from '../../lib/load/threshold-eval.ts';
import { overridesFromFlags, thresholdsFor } from '../../lib/load/thresholds.ts';
import { createRedactor, redactDeep } from '../../lib/redact.ts';
import { targetSecrets } from '../../lib/target/target.ts';
import { resolveK6 } from './k6.ts';
import type { MergedSummary } from './k6-merge.ts';
import { bundleScenario } from './load-bundle.ts';
import { writeLoadJunit } from './load-junit.ts';
import { checkOptions, type LoadOptions } from './load-options.ts';
import { readRunPoints, type LoadFailure } from './load-points.ts';
import { runLoadK6 } from './load-k6.ts';
import { SANDBOX_FLOOD_RATE } from './load-sandbox.ts';
import { openTarget } from './load-target.ts';
import { judge, rateLimiting, type RateLimiting, type Judgement } from './load-verdict.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The run as data: what it was, its judgement, and what it measured. */
export interface LoadResult extends Judgement {
  scenario: string;
  profile: string;
  /** Name and base URL only: never a key. */
  target: { name: string; baseUrl: string; sandbox: boolean; faults: string[] };
  k6: { version: string; exitCodes: (number | null)[] };
  segments: number;
  startedAt: string;
  durationMs: number;
  /** Each distinct failure the page checks recorded, with how often. */
  failures: LoadFailure[];
  rateLimiting: RateLimiting;
  /** From all raw points: k6's summary keys per metric, and per tag value as `metric{tag:value}`. */
  metrics: MergedSummary['metrics'];
  files: {
    dir: string;
    result: string;
    junit: string;
    summary?: string;
    dashboard?: string;
    points: string[];
  };
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The profile's run time plus setup, the graceful stop and a margin; a k6 run never outlives it. */
function defaultTimeoutMs(scenario: string, durationS: number): number {
  const setupS = scenario === 'isolation' ? 120 : 30;
  return (durationS + GRACEFUL_STOP_S + setupS + 30) * 1000;
}

function readSummary(file: string): K6Summary | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as K6Summary) : undefined;
}

export async function runLoad(options: LoadOptions = {}): Promise<LoadResult> {
  const { scenario, profile, segments } = checkOptions(options);
  const started = Date.now();
  const k6 = resolveK6();
  const durationS = options.duration ? (parseDurationS(options.duration) ?? 0) : PROFILES[profile].durationS;
  const thresholds = thresholdsFor(scenario, profile, overridesFromFlags(options.thresholds ?? []));
  const dir = path.resolve(options.outDir ?? path.join(PROJECT_ROOT, 'reports', `load-${stamp()}`));
  mkdirSync(dir, { recursive: true });
  const run = await openTarget(scenario, options);
  const redact = createRedactor(targetSecrets(run.target));
  try {
    const bundle = await bundleScenario(scenario, path.join(dir, 'bundle'));
    const summaryFile = path.join(dir, 'summary.json');
    const floodRate = options.floodRate ?? (run.sandbox ? SANDBOX_FLOOD_RATE : undefined);
    const env: Record<string, string> = {
      ...definedEntries(options.env ?? {}),
      [LOAD_ENV.targetJson]: run.fileJson,
      [LOAD_ENV.profile]: profile,
      [LOAD_ENV.duration]: `${durationS}s`,
      [LOAD_ENV.thresholds]: JSON.stringify(overridesFromFlags(options.thresholds ?? [])),
      [LOAD_ENV.maxRps]: String(Math.max(1, Math.floor(run.target.load.maxRps / segments))),
      [LOAD_ENV.summaryPath]: summaryFile,
      ...(options.rate ? { [LOAD_ENV.rate]: String(options.rate) } : {}),
      ...(options.maxVUs ? { [LOAD_ENV.maxVUs]: String(options.maxVUs) } : {}),
      ...(floodRate ? { [LOAD_ENV.floodRate]: String(Math.round(floodRate)) } : {}),
    };
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs(scenario, durationS);
    const ran = await runLoadK6({
      bundle,
      dir,
      env,
      segments,
      timeoutMs,
      durationS,
      echo: options.echo ?? false,
    });
    const wanted = [90, 95, 99, ...percentilesIn(Object.values(thresholds).flat())];
    const points = await readRunPoints(ran.pointFiles, [...new Set(wanted)]);
    const summary = segments === 1 ? readSummary(summaryFile) : undefined;
    if (segments > 1) writeFileSync(summaryFile, `${JSON.stringify(points.summary, null, 2)}\n`);
    const judgement = judge({
      ...ran,
      timeoutMs,
      summary,
      merged: points.summary,
      thresholds,
      failures: points.failures,
    });
    const result: LoadResult = redactDeep(
      {
        scenario,
        profile,
        target: {
          name: run.target.name,
          baseUrl: run.target.baseUrl,
          sandbox: run.sandbox,
          faults: run.faults,
        },
        k6: { version: k6.version, exitCodes: ran.k6ExitCodes },
        segments,
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
          ...(existsSync(summaryFile) ? { summary: summaryFile } : {}),
          ...(ran.dashboard && existsSync(ran.dashboard) ? { dashboard: ran.dashboard } : {}),
          points: ran.pointFiles,
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

function definedEntries(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
