import type { WalkSetCheck } from './types.ts';

export interface TenantIds {
  tenant: string;
  ids: ReadonlySet<string>;
}

/** spec §5: each key sees only its tenant's data, so two tenants' id sets never meet. */
export const tenantsDisjoint: WalkSetCheck<readonly TenantIds[]> = {
  name: 'tenants-disjoint',
  description: 'The id sets that different tenants see (for the same list and filters) are disjoint.',
  catches: ['search-leak'],
  run(tenants) {
    for (const [index, a] of tenants.entries()) {
      for (const b of tenants.slice(index + 1)) {
        const shared = [...a.ids].find((id) => b.ids.has(id));
        if (shared !== undefined)
          return {
            code: 'TENANTS_SHARE_IDS',
            message: `record ${shared} is seen by both ${a.tenant} and ${b.tenant}`,
            expected: 'disjoint id sets',
            received: `shared id ${shared}`,
          };
      }
    }
    return null;
  },
};
