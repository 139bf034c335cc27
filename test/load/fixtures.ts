/** A resolved target with three tenants, as lib/target would produce it; keys are fake. */
import type { Target } from '../../lib/target/target.ts';

const keys = (tenant: string) => ({
  full: `${tenant}-full`,
  noMenuRead: `${tenant}-no-menu`,
  noOrdersRead: `${tenant}-no-orders`,
  revoked: `${tenant}-revoked`,
});

export const TARGET: Target = {
  name: 'fixture',
  baseUrl: 'http://127.0.0.1:1/api/v1',
  apiKeyHeader: 'X-Fixture-Api-Key',
  load: { allowed: true, maxRps: 100 },
  salesChannels: ['DINE_IN'],
  tenants: ['tenant-a', 'tenant-b', 'tenant-c'].map((name) => ({
    name,
    quiescent: true,
    locations: [`loc_${name}`],
    categories: [`cat_${name}`],
    keys: keys(name),
  })),
};
