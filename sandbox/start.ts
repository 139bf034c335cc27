import type { AddressInfo } from 'node:net';
import type { RunningSandbox, Sandbox } from '../lib/target/sandbox.ts';
import { apiKeyHeader, buildApp, createContext } from './app.ts';
import { churnedTenants, startChurn } from './churn.ts';
import { resolveOptions, type SandboxOptions } from '../lib/target/sandbox-options.ts';
import { openStore } from './store.ts';
import { FAULTS } from './faults/catalogue.ts';
import { MUTANTS, mutantNamed } from './mutants/matrix.ts';
import { buildTarget, writeTarget } from './target.ts';

export type { RunningSandbox } from '../lib/target/sandbox.ts';
export type { SandboxOptions } from '../lib/target/sandbox-options.ts';

/** Seeds a store, starts the API on host:port (0 = a free port) and describes it as a target. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const options = resolveOptions(opts);
  // An unknown mutant fails before the store is seeded.
  if (options.mutant !== undefined) mutantNamed(options.mutant);
  const store = openStore(options);
  const ctx = createContext(options, store);
  const app = buildApp(ctx, options);
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    store.close();
    throw new Error(
      `sandbox could not listen on ${options.host}:${options.port}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const { port } = app.server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const baseUrl = `http://${host}:${port}/api/v1`;
  const stopChurn = startChurn(store, options.churn, options.seed);
  const churned = options.churn > 0 ? churnedTenants(store.catalog.tenants) : [];
  const target = buildTarget({
    baseUrl,
    apiKeyHeader: apiKeyHeader(options.apiKeyBrand),
    tenants: store.catalog.tenants,
    keys: ctx.keys,
    churnedTenants: new Set(churned.map((tenant) => tenant.name)),
    identity: ctx.identity,
  });
  const close = async (): Promise<void> => {
    stopChurn();
    await app.close();
    store.close();
  };
  if (options.targetPath !== undefined) {
    await writeTarget(options.targetPath, target).catch(async (error: Error) => {
      await close();
      throw new Error(`sandbox could not write its target file ${options.targetPath}: ${error.message}`, {
        cause: error,
      });
    });
  }
  return { baseUrl, target, targetPath: options.targetPath, close };
}

/** The sandbox as lib/ takes it: entry points hand it in with provideSandbox (lib/target/sandbox.ts). */
export const SANDBOX: Sandbox = {
  start: startSandbox,
  faults: FAULTS,
  mutants: MUTANTS.map((mutant) => ({
    name: mutant.name,
    checks: mutant.sentence.checks,
    equivalent: mutant.equivalent,
    needsThrottling: mutant.site.throttled === true,
  })),
};
