import type { PageCheck } from './types.ts';

/** spec §5: all data access is limited to the key's tenant; no page carries another tenant's record. */
export const tenantIsolation: PageCheck = {
  name: 'tenant-isolation',
  description: 'No page carries a record known to belong to another tenant.',
  catches: ['shared-cache', 'search-leak', 'cross-tenant-cursor'],
  run({ ids, walk }) {
    const ownerOf = walk.spec.foreignOwner;
    if (ownerOf === undefined) return null;
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] as string;
      const owner = ownerOf(id);
      if (owner !== undefined)
        return {
          code: 'TENANT_LEAK',
          message: `${walk.spec.credential.tenant}'s key received record ${id} of tenant ${owner}`,
          expected: `only records of ${walk.spec.credential.tenant}`,
          received: `a record of ${owner}`,
        };
    }
    return null;
  },
};
