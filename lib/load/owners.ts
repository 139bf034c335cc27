/**
 * Who owns which record, for isolation under load: setup walks each tenant's lists alone and
 * keeps the ids; every arrival then looks ids up in one map built from them.
 */
import { tenantsDisjoint } from '../checks/tenants-disjoint.ts';
import { HarnessError } from '../errors.ts';
import type { SetupContext, SetupData } from './scenario.ts';
import { walkTenantIds } from './tenant-ids.ts';
import { runWalkSetCheck } from '../paging/run-checks.ts';
import { isQuiescent } from '../target/target.ts';

const SETUP_WALK_MS = 60_000;

/**
 * Each tenant's ids, how many each quiescent tenant's lists hold, and what the walks found: a page
 * that broke a check (setup traffic is checked traffic), or two tenants already sharing an id.
 * Either fails the load like any check; a walk that only ran out of time or retries proves nothing,
 * and the load cannot run without its owners.
 */
export async function collectOwners(
  context: SetupContext,
): Promise<Pick<SetupData, 'owners' | 'listed' | 'failures'>> {
  const sets = await walkTenantIds(context.sender, context.target, {
    deadlineMs: Date.now() + SETUP_WALK_MS,
  });
  const found = sets.flatMap((set) => set.failures);
  if (found.length > 0) return { failures: found };
  const incomplete = sets.find((set) => set.incomplete !== undefined);
  if (incomplete)
    throw new HarnessError(
      `isolation setup could not walk ${incomplete.tenant}'s ${incomplete.incomplete}; wait for the target's rate limit to reset, or raise its limits`,
    );
  return {
    owners: Object.fromEntries(sets.map(({ tenant, ids }) => [tenant, [...ids]])),
    // Only a quiescent tenant's list holds still for the walks of the load to be compared with it.
    listed: Object.fromEntries(
      sets
        .filter(({ tenant }) => isQuiescent(context.target.tenants, tenant))
        .map(({ tenant, listed }) => [tenant, listed]),
    ),
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
