import type { AddressInfo } from 'node:net';
import type { TargetFile } from '../lib/target/schema.ts';
import { apiKeyHeader, buildApp, createContext } from './app.ts';
import { churnedTenants, startChurn } from './churn.ts';
import { resolveOptions, type SandboxOptions } from '../lib/target/sandbox-options.ts';
import { openStore } from './store.ts';
import { buildTarget, writeTarget } from './target.ts';

export type { SandboxOptions } from '../lib/target/sandbox-options.ts';

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:41234/api/v1 */
  baseUrl: string;
  /** The target file describing this instance (it holds live keys: never print it). */
  target: TargetFile;
  /** Where the target file was written, when options.targetPath was given. */
  targetPath?: string;
  /** Stops churn, then the server, then frees the store. */
  close(): Promise<void>;
}

/** Seeds a store, starts the API on host:port (0 = a free port) and describes it as a target. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const options = resolveOptions(opts);
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
