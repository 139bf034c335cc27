/**
 * vitest globalSetup of the property suites: the target named by HARNESS_TARGET, or else a fresh
 * sandbox on a free port, stopped in teardown. The suites start once it answers.
 */
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../sandbox/start.ts';
import { loadProvidedTarget, type ProvidedTarget } from './provided-target.ts';
import { waitUntilAnswering } from './readiness.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.HARNESS_TARGET;
  // Churn on, as in the gate: the sandbox keeps its last tenant quiescent, so every property has
  // a tenant to run on (walk comparisons, and no duplicates while the data changes).
  const sandbox = file ? undefined : await startSandbox({ port: 0, churn: 20 });
  const provided: ProvidedTarget = sandbox
    ? { kind: 'inline', file: sandbox.target }
    : { kind: 'file', path: resolve(file ?? '') };
  try {
    await waitUntilAnswering(await loadProvidedTarget(provided));
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  project.provide('harnessTarget', provided);
  return sandbox ? () => sandbox.close() : undefined;
}
