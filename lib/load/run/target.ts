/**
 * The target of a load run: a target file (validated, its keys resolved from the environment,
 * refused when it is not loopback and does not allow load) or a sandbox started for the run.
 * The load engine gets the target file's JSON in its environment and reads the keys it names from
 * its own environment, so the harness never writes a key to disk.
 */
import { readFile } from 'node:fs/promises';
import { loadTargetFile } from '../../adapters/node-target.ts';
import { HarnessError } from '../../errors.ts';
import type { ScenarioName } from '../thresholds.ts';
import { loadRefusal } from '../../target/loopback.ts';
import { type Target } from '../../target/target.ts';
import { startSandboxTarget } from '../../target/open.ts';
import type { LoadOptions } from './options.ts';
import { sandboxOptionsFor } from './sandbox.ts';

export interface RunTarget {
  /** Resolved, keys included: for the safety checks and the redactor, never for output. */
  target: Target;
  /** The target file as JSON text, for the load engine (HARNESS_TARGET_JSON). */
  fileJson: string;
  /** Sandbox faults switched on; empty for a target file. */
  faults: string[];
  sandbox: boolean;
  close(): Promise<void>;
}

async function fromFile(path: string, env: Record<string, string | undefined>): Promise<RunTarget> {
  const target = await loadTargetFile(path, env);
  const refusal = loadRefusal(target);
  if (refusal) throw new HarnessError(refusal);
  const fileJson = await readFile(path, 'utf8');
  return { target, fileJson, faults: [], sandbox: false, close: async () => {} };
}

async function fromSandbox(scenario: ScenarioName, options: LoadOptions): Promise<RunTarget> {
  const faults = options.faults ?? [];
  const { target, sandbox } = await startSandboxTarget(faults, sandboxOptionsFor(scenario, options.sandbox));
  return {
    target,
    fileJson: JSON.stringify(sandbox.target),
    faults,
    sandbox: true,
    close: () => sandbox.close(),
  };
}

export function openTarget(scenario: ScenarioName, options: LoadOptions): Promise<RunTarget> {
  return options.target !== undefined
    ? fromFile(options.target, options.env ?? process.env)
    : fromSandbox(scenario, options);
}
