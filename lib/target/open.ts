/**
 * The target of a command: a target file (keys from the environment), or else a sandbox started
 * for the run, with catalogue faults switched on. Shared by the gate, props and load commands.
 */
import { loadTargetFile } from '../adapters/node-target.ts';
import { HarnessError } from '../errors.ts';
import { resolveInlineTarget, type Target } from './target.ts';
import { providedSandbox, type RunningSandbox } from './sandbox.ts';
import type { SandboxOptions } from './sandbox-options.ts';

export interface OpenedTarget {
  target: Target;
  /** The target file, when one was given. */
  file?: string;
  sandbox?: RunningSandbox;
}

/** Starts a sandbox with these faults and resolves the target it describes itself with. */
export async function startSandboxTarget(
  faults: readonly string[],
  sandboxOptions: SandboxOptions = {},
): Promise<{ target: Target; sandbox: RunningSandbox }> {
  const sandbox = await providedSandbox()
    .start({ ...sandboxOptions, faults: [...faults] })
    .catch((error: Error) => {
      throw new HarnessError(`sandbox did not start: ${error.message.split('\n')[0] ?? ''}`);
    });
  return { target: resolveInlineTarget(sandbox.target), sandbox };
}

/** The target file when `file` is not empty, else a sandbox started for the run. */
export async function openTarget(
  file: string,
  faults: readonly string[],
  sandboxOptions: SandboxOptions = {},
): Promise<OpenedTarget> {
  if (file === '') return startSandboxTarget(faults, sandboxOptions);
  if (faults.length > 0)
    throw new HarnessError('--fault switches a sandbox fault on; it cannot be used with --target');
  return { target: await loadTargetFile(file, process.env), file };
}
