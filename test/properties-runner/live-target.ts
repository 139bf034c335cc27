/** A small sandbox for runner tests, its target resolved, and a suite context on it. */
import type { TargetFile } from '../../lib/target/schema.ts';
import { resolveTarget, type Target } from '../../lib/target/target.ts';
import { createContext, type ContextOptions, type SuiteContext } from '../../lib/props/context.ts';
import { MATRIX_SANDBOX } from '../../lib/props/matrix.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/start.ts';

export const startSmallSandbox = (options: SandboxOptions = {}): Promise<RunningSandbox> =>
  startSandbox({ ...MATRIX_SANDBOX, ...options });

export function targetOf(file: TargetFile): Target {
  const resolved = resolveTarget(file, {});
  if (!resolved.ok) throw new Error(resolved.problems.join('; '));
  return resolved.target;
}

export const contextOn = (file: TargetFile, options?: ContextOptions): SuiteContext =>
  createContext(targetOf(file), options);

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
