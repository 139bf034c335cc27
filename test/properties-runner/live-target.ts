/**
 * A small sandbox for runner tests, its target resolved, a suite context on it, and how to run a
 * reproduction script against it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { writeRunArtifacts } from '../../lib/props/report.ts';
import { keyVariable } from '../../lib/repro/curl.ts';
import type { TargetFile } from '../../lib/target/schema.ts';
import { resolveTarget, type Target } from '../../lib/target/target.ts';
import { createContext, type ContextOptions, type SuiteContext } from '../../lib/props/context.ts';
import { MATRIX_SANDBOX } from '../../lib/props/matrix.ts';
import { runProperties, type PropertyResult } from '../../lib/props/runner.ts';
import type { PropertyDefinition } from '../../lib/props/types.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/start.ts';
import { AUTH } from '../../properties/auth.ts';

export const startSmallSandbox = (options: SandboxOptions = {}): Promise<RunningSandbox> =>
  startSandbox({ ...MATRIX_SANDBOX, ...options });

export function targetOf(file: TargetFile): Target {
  const resolved = resolveTarget(file, {});
  if (!resolved.ok) throw new Error(resolved.problems.join('; '));
  return resolved.target;
}

export const contextOn = (file: TargetFile, options?: ContextOptions): SuiteContext =>
  createContext(targetOf(file), options);

/** `property`'s coverage phase alone (no random run) on `sandbox`, with `seed`. */
export async function coverageOnly(sandbox: RunningSandbox, property: PropertyDefinition, seed = 1) {
  const context = contextOn(sandbox.target);
  try {
    const [result] = await runProperties([property], context, { seed, runs: 0 });
    return result;
  } finally {
    await context.close();
  }
}

const authProperty = (name: string) => AUTH.find((each) => each.name === name) as PropertyDefinition;

/**
 * A run's first 401s, a missing or malformed key's, then the revoked key's (what the framing checks
 * that remember a run's answers compare): auth.missing-or-malformed-key then auth.revoked-key, four
 * random runs each, seed 1, not shrunk, on a fresh context on `file`.
 */
export async function missingThenRevoked(file: TargetFile): Promise<PropertyResult[]> {
  const context = contextOn(file);
  const properties = [authProperty('auth.missing-or-malformed-key'), authProperty('auth.revoked-key')];
  try {
    return await runProperties(properties, context, { seed: 1, runs: 4, shrink: false });
  } finally {
    await context.close();
  }
}

/**
 * A sandbox's target file without its lowRateLimit keys, as a staging's may be: the rate-limit
 * property then bursts the keys that keep the sandbox's per-key limit.
 */
export function withoutLowRateLimitKeys(file: TargetFile): TargetFile {
  const tenants = file.tenants.map((tenant) => {
    const keys = { ...tenant.keys };
    delete keys.lowRateLimit;
    return { ...tenant, keys };
  });
  return { ...file, tenants };
}

/** Every key value of a target file, to prove none of them leaks. */
export const keyValues = (file: TargetFile): string[] =>
  file.tenants.flatMap((tenant) =>
    Object.values(tenant.keys).flatMap((key) => (key && 'value' in key ? [key.value] : [])),
  );

/** Environment for a reproduction script: the base URL and every key, by tenant and role. */
export function scriptEnv(file: TargetFile): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', BASE_URL: file.baseUrl };
  for (const tenant of file.tenants)
    for (const [role, key] of Object.entries(tenant.keys))
      if (key && 'value' in key) env[keyVariable(tenant.name, role)] = key.value;
  return env;
}

export async function runScript(
  path: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)('bash', [path], { env, timeout: 30_000 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

/**
 * Writes the reproduction of `result`, a failure on `sandbox` started with `fault`, into a
 * temporary directory, runs its script against the sandbox (`reproduced` in its output, exit 1),
 * and asserts that nothing written, nor any of `results`, holds a key.
 */
export async function expectReproducedWithoutKeys(
  sandbox: RunningSandbox,
  fault: string,
  results: readonly PropertyResult[],
  reproduced: string,
): Promise<void> {
  const [first] = results;
  if (first === undefined) throw new Error('no result');
  const directory = await mkdtemp(join(tmpdir(), 'reproduced-'));
  try {
    const { scripts } = await writeRunArtifacts(
      directory,
      targetOf(sandbox.target),
      [first],
      { seed: 1 },
      {
        faults: [fault],
      },
    );
    const [script] = scripts;
    if (script === undefined) throw new Error('no reproduction written');
    // The script rebuilds each request as the harness sent it, the key from its variable.
    const run = await runScript(script, scriptEnv(sandbox.target));
    expect(run.stdout).toContain(reproduced);
    expect(run.code).toBe(1);
    const written = await Promise.all(
      (await readdir(directory)).map((name) => readFile(join(directory, name), 'utf8')),
    );
    for (const text of [...written, JSON.stringify(results)])
      for (const key of keyValues(sandbox.target)) expect(text).not.toContain(key);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
