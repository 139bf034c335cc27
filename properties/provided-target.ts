/** How globalSetup hands the target to the property test files (vitest `provide` / `inject`). */
import { loadTargetFile } from '../lib/adapters/node-target.ts';
import { HarnessError } from '../lib/errors.ts';
import type { TargetFile } from '../lib/target/schema.ts';
import { resolveTarget, type Target } from '../lib/target/target.ts';
import type { RunSource } from '../lib/replay-command.ts';

/**
 * Data changes per second in the suites' own sandbox. Churn on, as in the gate: the sandbox keeps
 * its last tenant quiescent, so every property has a tenant to run on.
 */
export const SUITE_CHURN = 20;

/** A target file on disk (its keys may come from the environment), or the sandbox's own target. */
export type ProvidedTarget = { kind: 'file'; path: string } | { kind: 'inline'; file: TargetFile };

declare module 'vitest' {
  export interface ProvidedContext {
    harnessTarget: ProvidedTarget;
  }
}

/** What the suites run against, as a replay command must name it. */
export const providedSource = (provided: ProvidedTarget): RunSource =>
  provided.kind === 'file' ? { targetFile: provided.path } : { churn: SUITE_CHURN };

export async function loadProvidedTarget(provided: ProvidedTarget, env = process.env): Promise<Target> {
  if (provided.kind === 'file') return loadTargetFile(provided.path, env);
  const result = resolveTarget(provided.file, env);
  if (!result.ok) throw new HarnessError(`sandbox target is invalid: ${result.problems.join('; ')}`);
  return result.target;
}
