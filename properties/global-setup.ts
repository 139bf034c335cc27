/**
 * vitest globalSetup of the property suites: the target named by HARNESS_TARGET, or else a fresh
 * sandbox on a free port, stopped in teardown. The suites start once it answers.
 */
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../sandbox/start.ts';
import { loadProvidedTarget, SUITE_CHURN, type ProvidedTarget } from './provided-target.ts';
import { waitUntilAnswering } from '../lib/props/readiness.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.HARNESS_TARGET;
  const sandbox = file ? undefined : await startSandbox({ port: 0, churn: SUITE_CHURN });
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
