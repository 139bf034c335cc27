/**
 * Which key of the target replays the customer's walk. A HAR recorded against the target itself
 * carries one of its keys: compared in memory, it names the tenant and role. Otherwise `--tenant`
 * (or the first tenant that can walk the list) with a key that holds the list's scopes.
 */
import type { Endpoint } from '../contract/endpoints.ts';
import type { Credential } from '../http/call.ts';
import { walkableTenants, walkRoles } from '../load/walk-plan.ts';
import type { Target } from '../target/target.ts';
import type { SeenKey } from './har-secrets.ts';

export type CredentialChoice =
  { ok: true; credential: Credential; how: string } | { ok: false; problem: string };

function matchKey(target: Target, key: SeenKey): Credential | undefined {
  for (const tenant of target.tenants)
    for (const [role, value] of Object.entries(tenant.keys))
      if (value === key.value)
        return { tenant: tenant.name, role: role as Credential['role'], scheme: key.scheme };
  return undefined;
}

export function chooseCredential(
  target: Target,
  endpoint: Endpoint,
  key: SeenKey | undefined,
  tenantName: string | undefined,
): CredentialChoice {
  const matched = key ? matchKey(target, key) : undefined;
  if (matched && (tenantName === undefined || tenantName === matched.tenant))
    return {
      ok: true,
      credential: matched,
      how: `${matched.tenant}'s ${matched.role} key (the key the HAR was recorded with)`,
    };
  const scheme = key?.scheme ?? 'bearer';
  const candidates = walkableTenants(target, { endpoints: [endpoint] });
  const tenant =
    tenantName === undefined ? candidates[0] : candidates.find((entry) => entry.name === tenantName);
  if (!tenant) {
    const names = candidates.map((entry) => entry.name).join(', ') || 'none';
    return {
      ok: false,
      problem:
        tenantName === undefined
          ? `no tenant of the target has a key that can walk ${endpoint}`
          : `--tenant ${tenantName} has no key that can walk ${endpoint}; tenants that can: ${names}`,
    };
  }
  const role = walkRoles(tenant, endpoint)[0] ?? 'full';
  const how = tenantName === undefined ? `the first tenant that can walk ${endpoint}` : '--tenant';
  return {
    ok: true,
    credential: { tenant: tenant.name, role, scheme },
    how: `${tenant.name}'s ${role} key (${how})`,
  };
}
