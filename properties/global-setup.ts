/**
 * vitest globalSetup of the property suites: the target named by HARNESS_TARGET, or else a fresh
 * sandbox on a free port, stopped in teardown, opened the way every command opens its target
 * (startTarget). The suites start once it answers.
 */
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SANDBOX } from '../sandbox/start.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { startTarget } from '../lib/run/start.ts';
import { SUITE_CHURN, type ProvidedTarget } from './provided-target.ts';
import { waitUntilAnswering } from '../lib/props/readiness.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const file = process.env.HARNESS_TARGET;
  provideSandbox(SANDBOX);
  const { opened } = await startTarget({ file: file ? resolve(file) : '', sandbox: { churn: SUITE_CHURN } });
  // The test files resolve the target themselves: a target file's keys from their environment.
  const provided: ProvidedTarget = opened.file
    ? { kind: 'file', path: opened.file }
    : {
        kind: 'inline',
        file: JSON.parse(opened.fileJson) as Extract<ProvidedTarget, { kind: 'inline' }>['file'],
      };
  try {
    await waitUntilAnswering(opened.target);
  } catch (error) {
    await opened.close();
    throw error;
  }
  project.provide('harnessTarget', provided);
  return opened.sandbox ? () => opened.close() : undefined;
}
