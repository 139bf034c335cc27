/** The sandbox in a child process, as the sandbox sections measure it, and its full-key headers. */
import path from 'node:path';
import type { SandboxOptions } from '../lib/target/sandbox-options.ts';
import type { TargetFile } from '../lib/target/schema.ts';
import { forkServer, type ChildServer } from './child.ts';
import { BENCH_DIR } from './runtime-child.ts';
import type { SandboxReady } from './sandbox-child.ts';
import type { BaselineOptions, BaselineReady } from './fastify-child.ts';

const SANDBOX_CHILD = path.join(BENCH_DIR, 'sandbox-child.ts');
const BASELINE_CHILD = path.join(BENCH_DIR, 'fastify-child.ts');

/** Limits far above any bench's rate: the bench measures serving, not throttling. */
export const UNTHROTTLED = { perKey: 1_000_000_000, perTenant: 1_000_000_000, windowMs: 1000 };

export function startSandboxProcess(options: SandboxOptions, startTimeoutMs = 120_000) {
  return forkServer<SandboxReady>(SANDBOX_CHILD, options, 'sandbox', startTimeoutMs);
}

export function startBaselineProcess(options: BaselineOptions): Promise<ChildServer<BaselineReady>> {
  return forkServer<BaselineReady>(BASELINE_CHILD, options, 'fastify baseline', 30_000);
}

/** The first tenant's full key as a header (never printed). */
export function fullKeyHeader(target: TargetFile): { name: string; value: string } {
  const key = target.tenants[0]?.keys.full;
  if (!key || !('value' in key)) throw new Error('the sandbox target has no full key for its first tenant');
  return { name: target.apiKeyHeader, value: key.value };
}

/** Stops every server given, whatever happens to any one of them. */
export async function stopAll(servers: readonly (ChildServer<unknown> | undefined)[]): Promise<void> {
  await Promise.allSettled(servers.map((server) => (server ? server.stop() : Promise.resolve())));
}
