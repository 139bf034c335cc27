/**
 * Who owns which record, for isolation under load: setup() walks each tenant's lists alone and
 * keeps the ids; each VU then looks ids up in one map built from them.
 */
import exec from 'k6/execution';
import { DEFAULT_BACKOFF } from '../../lib/backoff.ts';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { tenantsDisjoint } from '../../lib/checks/tenants-disjoint.ts';
import { runWalkSetCheck } from '../../lib/paging/run-checks.ts';
import { walkK6 } from '../../lib/adapters/k6-walk.ts';
import { metrics } from '../../lib/adapters/k6-metrics.ts';
import { walkRoles, walkableTenants } from '../../lib/load/walk-plan.ts';
import type { ScenarioContext } from './context.ts';
import type { SetupData } from './setup.ts';

const SETUP_WALK_MS = 60_000;
const MAX_PAGES = 10_000;

function tenantIds(ctx: ScenarioContext, tenantIndex: number): Set<string> {
  const tenant = walkableTenants(ctx.target)[tenantIndex];
  const ids = new Set<string>();
  if (!tenant) return ids;
  for (const endpoint of ENDPOINTS) {
    const role = walkRoles(tenant, endpoint)[0];
    if (role === undefined) continue;
    // A limit of its own per tenant: no two tenants send the same path, even to a tenant-blind cache.
    const query = { limit: String(100 - tenantIndex) };
    const credential = { tenant: tenant.name, role, scheme: 'bearer' as const };
    const walk = walkK6(
      { endpoint, query, credential, maxPages: MAX_PAGES },
      {
        target: ctx.target,
        policy: DEFAULT_BACKOFF,
        requestTimeoutMs: ctx.config.requestTimeoutMs,
        deadlineMs: Date.now() + SETUP_WALK_MS,
        tags: { traffic: 'setup' },
      },
    );
    if (walk.end !== 'complete')
      throw new Error(
        `isolation setup could not walk ${tenant.name}'s ${endpoint} (${walk.end}${walk.failures[0] ? `: ${walk.failures[0].message}` : ''})`,
      );
    for (const id of walk.ids.keys()) ids.add(id);
  }
  return ids;
}

/** Each tenant's ids; aborts the run when two tenants already share one (a leak, found early). */
export function collectOwners(ctx: ScenarioContext): Record<string, string[]> {
  const sets = walkableTenants(ctx.target).map((tenant, index) => ({
    tenant: tenant.name,
    ids: tenantIds(ctx, index),
  }));
  const [failure] = runWalkSetCheck(tenantsDisjoint, sets, []);
  if (failure) {
    metrics.checkFailures.add(1, { check: failure.check, code: failure.code, message: failure.message });
    exec.test.abort(`${failure.check}: ${failure.message}`);
  }
  return Object.fromEntries(sets.map(({ tenant, ids }) => [tenant, [...ids]]));
}

let ownerById: Map<string, string> | undefined;

/** For the tenant-isolation check: the owner of an id when it is another tenant. */
export function ownerLookup(data: SetupData, tenant: string): (id: string) => string | undefined {
  if (!ownerById) {
    ownerById = new Map();
    for (const [owner, ids] of Object.entries(data.owners ?? {}))
      for (const id of ids) ownerById.set(id, owner);
  }
  const owners = ownerById;
  return (id) => {
    const owner = owners.get(id);
    return owner !== undefined && owner !== tenant ? owner : undefined;
  };
}

const foreignIdsByTenant = new Map<string, string[]>();

/** The ids of every tenant but `tenant`, for the page screen (lib/adapters/k6-screen.ts). */
export function foreignIds(data: SetupData, tenant: string): string[] {
  let ids = foreignIdsByTenant.get(tenant);
  if (ids === undefined) {
    ids = Object.entries(data.owners ?? {}).flatMap(([owner, owned]) => (owner === tenant ? [] : owned));
    foreignIdsByTenant.set(tenant, ids);
  }
  return ids;
}
