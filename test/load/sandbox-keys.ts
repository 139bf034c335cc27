/**
 * Every key value of every sandbox a test's runs start, caught where a run opens it. In a test
 * file: `vi.mock('../../lib/adapters/open-target.ts', captureSandboxKeys)`, then read `sandboxKeys`.
 */
import type * as OpenTarget from '../../lib/adapters/open-target.ts';

export const sandboxKeys = new Set<string>();

export async function captureSandboxKeys(
  importOriginal: <T = typeof OpenTarget>() => Promise<T>,
): Promise<typeof OpenTarget> {
  const original = await importOriginal();
  return {
    ...original,
    openTarget: async (...args: Parameters<typeof original.openTarget>) => {
      const opened = await original.openTarget(...args);
      if (opened.sandbox)
        for (const tenant of opened.target.tenants)
          for (const value of Object.values(tenant.keys)) if (value) sandboxKeys.add(value);
      return opened;
    },
  };
}
