import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TargetFile } from '../lib/target/schema.ts';
import type { SandboxIdentity } from '../lib/target/sandbox-identity.ts';
import type { KeyRing } from './auth.ts';
import type { Tenant } from './catalog.ts';
import { KEY_ROLES, SALES_CHANNELS } from './domain.ts';

/** Load the harness may send to a sandbox; its rate limits, not its speed, bound it. */
const SANDBOX_MAX_RPS = 2000;

export interface TargetFacts {
  baseUrl: string;
  apiKeyHeader: string;
  tenants: readonly Tenant[];
  keys: KeyRing;
  /** Tenants whose data the churn writer changes; the others are quiescent. */
  churnedTenants: ReadonlySet<string>;
  identity: SandboxIdentity;
}

/** The target file describing this sandbox, so the harness drives it exactly as it drives staging. */
export function buildTarget(facts: TargetFacts): TargetFile {
  return {
    name: 'sandbox',
    baseUrl: facts.baseUrl,
    apiKeyHeader: facts.apiKeyHeader,
    load: { allowed: true, maxRps: SANDBOX_MAX_RPS },
    salesChannels: [...SALES_CHANNELS],
    tenants: facts.tenants.map((tenant) => {
      const values = facts.keys.valuesByTenant.get(tenant.name);
      return {
        name: tenant.name,
        quiescent: !facts.churnedTenants.has(tenant.name),
        locations: tenant.locations.map((place) => place.id),
        categories: tenant.categories.map((place) => place.id),
        keys: Object.fromEntries(KEY_ROLES.map((role) => [role, { value: values?.[role] ?? '' }])),
      };
    }),
    sandbox: facts.identity,
  };
}

/** Writes the target file readable by its owner only: it holds live keys. */
export async function writeTarget(path: string, target: TargetFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(target, null, 2)}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
