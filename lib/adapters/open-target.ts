/**
 * The target of a command: a target file (validated, its keys resolved from the environment), or
 * else a sandbox started for the run, with catalogue faults switched on. Every command opens its
 * target here, once, and hands it down. The load engine gets the target file's JSON in its
 * environment and reads the keys it names from its own environment, so the harness never writes
 * a key to disk.
 */
import { readTargetFile } from './node-target.ts';
import { HarnessError } from '../errors.ts';
import { loadRefusal } from '../target/loopback.ts';
import { resolveInlineTarget, type Target } from '../target/target.ts';
import { providedSandbox } from '../target/sandbox.ts';
import type { SandboxOptions } from '../target/sandbox-options.ts';

export interface OpenedTarget {
  /** Resolved, keys included: for the safety checks and the redactor, never for output. */
  target: Target;
  /** The target file as JSON text, for the load engine (HARNESS_TARGET_JSON). */
  fileJson: string;
  /** The target file, when one was given. */
  file?: string;
  /** Sandbox faults switched on; empty for a target file. */
  faults: string[];
  sandbox: boolean;
  /** Stops the sandbox; a target file has nothing to close. */
  close(): Promise<void>;
}

export interface TargetSource {
  /** The target file; absent or empty: start a sandbox. */
  file?: string;
  faults?: readonly string[];
  /** How the sandbox is started (churn, rate limits, latency). */
  sandbox?: SandboxOptions;
  /** Where keys named by the target file are read. @default process.env */
  env?: Record<string, string | undefined>;
  /** Load will be sent: a target file that is not loopback must allow it. @default false */
  forLoad?: boolean;
}

async function startSandboxTarget(faults: string[], options: SandboxOptions): Promise<OpenedTarget> {
  const sandbox = await providedSandbox()
    .start({ ...options, faults })
    .catch((error: Error) => {
      throw new HarnessError(`sandbox did not start: ${error.message.split('\n')[0] ?? ''}`);
    });
  return {
    target: resolveInlineTarget(sandbox.target),
    fileJson: JSON.stringify(sandbox.target),
    faults,
    sandbox: true,
    close: () => sandbox.close(),
  };
}

/** The target file when `source.file` is not empty, else a sandbox started for the run. */
export async function openTarget(source: TargetSource): Promise<OpenedTarget> {
  const { file, faults = [] } = source;
  if (file === undefined || file === '') return startSandboxTarget([...faults], source.sandbox ?? {});
  if (faults.length > 0)
    throw new HarnessError('--fault switches a sandbox fault on; it cannot be used with --target');
  // One read: the file resolved and, for the engine, the JSON it held (not a second read that
  // could see another file).
  const { target, json } = await readTargetFile(file, source.env ?? process.env);
  const refusal = source.forLoad ? loadRefusal(target) : null;
  if (refusal) throw new HarnessError(refusal);
  const fileJson = JSON.stringify(json);
  return { target, fileJson, file, faults: [], sandbox: false, close: async () => {} };
}
