import type { Random } from './random.ts';

/** A location or category: its public id and the small integer the store uses for it. */
export interface Place {
  id: string;
  code: number;
  tenant: number;
  name: string;
}

export interface Tenant {
  code: number;
  name: string;
  locations: Place[];
  categories: Place[];
}

/** Tenants with their locations and categories, and lookups by public id. */
export interface Catalog {
  tenants: Tenant[];
  locationById: ReadonlyMap<string, Place>;
  categoryById: ReadonlyMap<string, Place>;
  /** Public location id by store code (orders carry the code). */
  locationIds: ReadonlyMap<number, string>;
  categoryIds: ReadonlyMap<number, string>;
}

const CATEGORY_NAMES = [
  'Starters',
  'Mains',
  'Pizza',
  'Pasta',
  'Salads',
  'Desserts',
  'Drinks',
  'Coffee',
  'Sides',
];
const STREETS = ['Harbour', 'Market', 'Station', 'Old Town', 'Airport', 'Riverside', 'Campus'];

function tenantName(index: number): string {
  return `tenant-${String.fromCharCode(97 + index)}`;
}

export function buildCatalog(random: Random, tenantCount: number): Catalog {
  const tenants: Tenant[] = [];
  let nextCode = 1;
  for (let index = 0; index < tenantCount; index++) {
    const code = index + 1;
    const place = (prefix: string, name: string): Place => ({
      id: random.id(prefix),
      code: nextCode++,
      tenant: code,
      name,
    });
    const locations = Array.from({ length: 3 + (index % 3) }, (_, i) =>
      place('loc', STREETS[i % STREETS.length] ?? ''),
    );
    const categories = Array.from({ length: 5 + (index % 4) }, (_, i) =>
      place('cat', CATEGORY_NAMES[i] ?? ''),
    );
    tenants.push({ code, name: tenantName(index), locations, categories });
  }
  const byId = (pick: (tenant: Tenant) => Place[]) =>
    new Map(tenants.flatMap(pick).map((p) => [p.id, p] as const));
  const locationById = byId((tenant) => tenant.locations);
  const categoryById = byId((tenant) => tenant.categories);
  return {
    tenants,
    locationById,
    categoryById,
    locationIds: new Map([...locationById.values()].map((p) => [p.code, p.id])),
    categoryIds: new Map([...categoryById.values()].map((p) => [p.code, p.id])),
  };
}
