/**
 * Who owns which record, for isolation under load: setup walks each tenant's lists alone and
 * keeps the ids; every arrival then looks ids up in one map built from them.
 */
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { tenantsDisjoint } from '../../lib/checks/tenants-disjoint.ts';
import { HarnessError } from '../../lib/errors.ts';
import { MAX_PAGES } from '../../lib/paging/walk.ts';
import type { SetupContext, SetupData } from '../../lib/load/scenario.ts';
import { walkRoles, walkableTenants } from '../../lib/load/walk-plan.ts';
import { runWalkSetCheck } from '../../lib/paging/run-checks.ts';
import { walkList, type Sender } from '../../lib/paging/walk-list.ts';
import type { Target } from '../../lib/target/target.ts';

const SETUP_WALK_MS = 60_000;

/** The ids of one tenant's lists, from one walk of each list it can walk. */
async function tenantIds(sender: Sender, target: Target, tenantIndex: number): Promise<Set<string>> {
  const tenant = walkableTenants(target)[tenantIndex];
  const ids = new Set<string>();
  if (!tenant) return ids;
  for (const endpoint of ENDPOINTS) {
    const role = walkRoles(tenant, endpoint)[0];
    if (role === undefined) continue;
    // A limit of its own per tenant: no two tenants send the same path, even to a tenant-blind cache.
    const query = { limit: String(100 - tenantIndex) };
    const credential = { tenant: tenant.name, role, scheme: 'bearer' as const };
    const walk = await walkList(
      sender,
      { endpoint, query, credential, maxPages: MAX_PAGES },
      { deadlineMs: Date.now() + SETUP_WALK_MS },
    );
    if (walk.end !== 'complete')
      throw new HarnessError(
        `isolation setup could not walk ${tenant.name}'s ${endpoint} (${walk.end}${walk.failures[0] ? `: ${walk.failures[0].message}` : ''})`,
      );
    for (const id of walk.ids.keys()) ids.add(id);
  }
  return ids;
}

/**
 * Each tenant's ids, and the tenants-disjoint failure when two tenants already share one: a leak
 * found before any load, which fails the run like any check.
 */
export async function collectOwners(context: SetupContext): Promise<Pick<SetupData, 'owners' | 'failures'>> {
  const tenants = walkableTenants(context.target);
  const sets: { tenant: string; ids: Set<string> }[] = [];
  for (const [index, tenant] of tenants.entries())
    sets.push({ tenant: tenant.name, ids: await tenantIds(context.sender, context.target, index) });
  return {
    owners: Object.fromEntries(sets.map(({ tenant, ids }) => [tenant, [...ids]])),
    failures: runWalkSetCheck(tenantsDisjoint, sets, []),
  };
}

/** For the tenant-isolation check: the owner of an id when it is another tenant. */
export function ownerLookup(
  owners: SetupData['owners'],
): (tenant: string) => (id: string) => string | undefined {
  const ownerById = new Map<string, string>();
  for (const [owner, ids] of Object.entries(owners ?? {})) for (const id of ids) ownerById.set(id, owner);
  return (tenant) => (id) => {
    const owner = ownerById.get(id);
    return owner !== undefined && owner !== tenant ? owner : undefined;
  };
}
