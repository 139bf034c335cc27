/** One gate property against a sandbox of its own, for the mutation tests. */
import { MATRIX_SANDBOX, withSandbox } from '../../lib/props/matrix.ts';
import { selectProperties } from '../../lib/props/registry.ts';
import { runProperty, type PropertyResult } from '../../lib/props/runner.ts';
import type { SandboxOptions } from '../../lib/target/sandbox-options.ts';

/** `property` run once, unshrunk, on the mutation matrix's small sandbox with `options` (a mutant, a limit). */
export async function runOnSandbox(
  property: string,
  options: SandboxOptions,
  seed: number,
): Promise<PropertyResult> {
  const [definition] = selectProperties([property]);
  if (definition === undefined) throw new Error(`no property ${property}`);
  return withSandbox({ ...MATRIX_SANDBOX, ...options }, (context) =>
    runProperty(definition, context, { seed, shrink: false }),
  );
}

/** The first failing check of a result, or its status when nothing failed. */
export const failedCheck = (result: PropertyResult): string | undefined =>
  result.status === 'failed' ? result.failures[0]?.check : result.status;
