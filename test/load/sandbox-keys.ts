/**
 * Every key value of every sandbox a test's runs start, caught where a run starts it. In a test
 * file: `vi.mock('../../lib/target/open.ts', captureSandboxKeys)`, then read `sandboxKeys`.
 */
import type * as OpenTarget from '../../lib/target/open.ts';

export const sandboxKeys = new Set<string>();

export async function captureSandboxKeys(
  importOriginal: <T = typeof OpenTarget>() => Promise<T>,
): Promise<typeof OpenTarget> {
  const original = await importOriginal();
  return {
    ...original,
    startSandboxTarget: async (...args: Parameters<typeof original.startSandboxTarget>) => {
      const started = await original.startSandboxTarget(...args);
      for (const tenant of started.target.tenants)
        for (const value of Object.values(tenant.keys)) if (value) sandboxKeys.add(value);
      return started;
    },
  };
}
