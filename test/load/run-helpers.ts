/** Load runs for tests: each in its own temporary directory, removed when the file is done. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { LoadOptions } from '../../lib/load/run/options.ts';
import { runLoads, type LoadResult } from '../../lib/load/run/loads.ts';
import { runLoad, type LoadRun } from '../../lib/load/run/run-load.ts';
import '../setup/provide-layers.ts';

/** Each run is bounded by its own short duration plus runLoad's hard timeout. */
export const RUN_TIMEOUT_MS = 90_000;

export function loadRunner(): (options: LoadOptions) => Promise<LoadRun> {
  const root = mkdtempSync(path.join(tmpdir(), 'load-test-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let count = 0;
  return (options) => {
    count += 1;
    return runLoad({ ...options, outDir: path.join(root, `run-${count}`) });
  };
}

/** A run of several loads as stages of one Artillery run (started once), each judged alone. */
export const STAGED_TIMEOUT_MS = 240_000;

/**
 * The loads run together on first use, once; `result(name)` is that load's result. Saves an
 * Artillery start-up (~5 s) per load.
 */
export function stagedRunner(loads: Record<string, LoadOptions>): (name: string) => Promise<LoadResult> {
  const root = mkdtempSync(path.join(tmpdir(), 'load-stages-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const names = Object.keys(loads);
  let all: Promise<LoadResult[]> | undefined;
  return async (name) => {
    all ??= runLoads(
      names.map((stage) => ({ name: stage, options: loads[stage] ?? {}, dir: path.join(root, stage) })),
      { dir: root },
    );
    const result = (await all)[names.indexOf(name)];
    if (!result) throw new Error(`no load named ${name}`);
    return result;
  };
}

/** The result as written to disk: what CI and the gate read. */
export const resultOnDisk = (result: LoadResult): LoadResult =>
  JSON.parse(readFileSync(result.files.result, 'utf8')) as LoadResult;

export const crossed = (result: LoadResult): string[] =>
  result.thresholds.filter((threshold) => threshold.ok === false).map((threshold) => threshold.metric);

export const failedChecks = (result: LoadResult): string[] =>
  result.checks.filter((check) => check.errors > 0).map((check) => check.name);
