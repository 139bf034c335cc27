/**
 * The sandbox in a child process (see child.ts): started with the options the parent passed,
 * it reports its address, its target (over IPC only: it holds keys) and how long seeding took.
 */
import type { TargetFile } from '../lib/target/schema.ts';
import { startSandbox, type SandboxOptions } from '../sandbox/start.ts';
import { childOptions, reportStartFailure, serveParent } from './child.ts';

export interface SandboxReady {
  baseUrl: string;
  target: TargetFile;
  /** From the call to startSandbox until it listens: seeding the store is most of it. */
  startMs: number;
}

async function main(): Promise<void> {
  const started = performance.now();
  const sandbox = await startSandbox(childOptions<SandboxOptions>());
  const ready: SandboxReady = {
    baseUrl: sandbox.baseUrl,
    target: sandbox.target,
    startMs: performance.now() - started,
  };
  serveParent({ ...ready }, () => sandbox.close());
}

main().catch(reportStartFailure);
