/**
 * Which sandbox a sandbox is: the settings that decide how it behaves (its faults, churn, data and
 * limits) and an id of this one start. The sandbox writes it into its target file and answers it at
 * SANDBOX_IDENTITY_PATH, so that a reproduction made for "the sandbox started with --fault X" can
 * tell whether the server it meets is such a sandbox, and whether the keys it read belong to it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { shellArgument } from '../replay-command.ts';
import { resolveOptions, type ResolvedOptions } from './sandbox-options.ts';

/** Where a sandbox answers its identity, under its base URL (no key needed: it holds none). */
export const SANDBOX_IDENTITY_PATH = '/_sandbox';

const Count = Type.Integer({ minimum: 0 });

/** The `sandbox` block of a sandbox's target file. */
export const SandboxIdentitySchema = Type.Object(
  {
    /** Random per start: a target file and a server agree on it only when they are the same start. */
    instance: Type.String({ minLength: 1 }),
    /** Sorted. */
    faults: Type.Array(Type.String({ minLength: 1 })),
    churn: Type.Number({ minimum: 0 }),
    seed: Count,
    orders: Count,
    menuItems: Count,
    tenants: Count,
    rateLimit: Type.Object(
      { perKey: Count, perTenant: Count, windowMs: Count },
      { additionalProperties: false },
    ),
    apiKeyBrand: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

export type SandboxIdentity = Static<typeof SandboxIdentitySchema>;

/** What two starts of the same sandbox share: its identity without the instance. */
export type SandboxSettings = Omit<SandboxIdentity, 'instance'>;

/** The identity of a sandbox started with `options`. */
export function sandboxIdentity(options: ResolvedOptions, instance: string): SandboxIdentity {
  return {
    instance,
    // A mutant goes with the faults, as `--fault m:…` starts it again (sandboxFlags).
    faults: [
      ...new Set([...options.faults, ...(options.mutant === undefined ? [] : [options.mutant])]),
    ].sort(),
    churn: options.churn,
    seed: options.seed,
    orders: options.orders,
    menuItems: options.menuItemsPerTenant,
    tenants: options.tenants,
    rateLimit: { ...options.rateLimit },
    apiKeyBrand: options.apiKeyBrand,
  };
}

/** The settings alone, in a fixed key order (a reproduction compares them as JSON). */
export function sandboxSettings(identity: SandboxSettings): SandboxSettings {
  const { faults, churn, seed, orders, menuItems, tenants, rateLimit, apiKeyBrand } = identity;
  return {
    faults: [...faults].sort(),
    churn,
    seed,
    orders,
    menuItems,
    tenants,
    rateLimit: { perKey: rateLimit.perKey, perTenant: rateLimit.perTenant, windowMs: rateLimit.windowMs },
    apiKeyBrand,
  };
}

/** The flags of `npm run sandbox` that start a sandbox with these settings (defaults left out). */
function sandboxFlags(settings: SandboxSettings): string[] {
  const defaults = sandboxSettings(sandboxIdentity(resolveOptions({}), 'default'));
  // A mutant's name holds `>` (`m:status-500@concurrent>1`): quoted, a shell reads it back whole.
  const flags = settings.faults.flatMap((fault) => ['--fault', shellArgument(fault)]);
  const numbers: [string, number, number][] = [
    ['--churn', settings.churn, defaults.churn],
    ['--seed', settings.seed, defaults.seed],
    ['--orders', settings.orders, defaults.orders],
    ['--menu-items', settings.menuItems, defaults.menuItems],
    ['--tenants', settings.tenants, defaults.tenants],
  ];
  for (const [flag, value, byDefault] of numbers) if (value !== byDefault) flags.push(flag, String(value));
  const { perKey, perTenant, windowMs } = settings.rateLimit;
  if (JSON.stringify(settings.rateLimit) !== JSON.stringify(defaults.rateLimit))
    flags.push('--rate-limit', `perKey=${perKey},perTenant=${perTenant},window=${windowMs}ms`);
  if (settings.apiKeyBrand !== defaults.apiKeyBrand) flags.push('--api-key-brand', settings.apiKeyBrand);
  return flags;
}

/** The command, run in the harness checkout, that starts a sandbox with these settings. */
export const sandboxCommand = (settings: SandboxSettings): string =>
  ['npm run sandbox --', ...sandboxFlags(settings)].join(' ');
