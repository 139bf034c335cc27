/**
 * Who owns which record: one complete walk of each list each tenant can walk, alone, before any
 * load. Isolation under load (lib/load/owners.ts) and a reproduction under load
 * (lib/repro/under-load.ts) judge a foreign id in a walk with it.
 */
import type { Endpoint } from '../contract/endpoints.ts';
import { isError, type Failure } from '../failure.ts';
import { ENDPOINTS } from '../contract/endpoints.ts';
import { MAX_PAGES } from '../paging/walk.ts';
import { walkList, type Sender } from '../paging/walk-list.ts';
import type { Target } from '../target/target.ts';
import { walkableTenants, walkRoles } from './walk-plan.ts';

export interface TenantIds {
  tenant: string;
  ids: Set<string>;
  /** Distinct ids of each of its lists whose walk completed (walk-complete-under-load compares). */
  listed: Partial<Record<Endpoint, number>>;
  /** Why a walk of this tenant ended before its last page, when one did. */
  incomplete?: string;
  /** What its walks broke (every page goes through the page checks): findings, not errors. */
  failures: Failure[];
}

/** The ids of every walkable tenant (of `endpoints`), each list walked once with its first role. */
export async function walkTenantIds(
  sender: Sender,
  target: Target,
  options: { endpoints?: readonly Endpoint[]; deadlineMs: number },
): Promise<TenantIds[]> {
  const endpoints = options.endpoints ?? ENDPOINTS;
  const tenants = walkableTenants(target, { endpoints: [...endpoints] });
  const result: TenantIds[] = [];
  for (const [index, tenant] of tenants.entries()) {
    const entry: TenantIds = { tenant: tenant.name, ids: new Set(), listed: {}, failures: [] };
    for (const endpoint of endpoints) {
      const role = walkRoles(tenant, endpoint)[0];
      if (role === undefined) continue;
      // A limit of its own per tenant: no two tenants send the same path, even to a tenant-blind cache.
      const query = { limit: String(100 - index) };
      const credential = { tenant: tenant.name, role, scheme: 'bearer' as const };
      const walk = await walkList(
        sender,
        { endpoint, query, credential, maxPages: MAX_PAGES },
        { deadlineMs: options.deadlineMs },
      );
      entry.failures.push(...walk.failures.filter(isError));
      if (walk.end === 'complete') entry.listed[endpoint] = walk.ids.size;
      else
        entry.incomplete ??= `${endpoint}: ${walk.end}${walk.failures[0] ? `: ${walk.failures[0].message}` : ''}`;
      for (const id of walk.ids.keys()) entry.ids.add(id);
    }
    result.push(entry);
  }
  return result;
}
