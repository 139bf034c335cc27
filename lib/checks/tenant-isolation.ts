import type { FailureFields } from '../failure.ts';
import type { PageCheck, PageContext } from './types.ts';

/**
 * Fields the spec lists as a record's own text (a name, a SKU, an order number): a target that
 * numbers ids per table may give one tenant's order number the text of another tenant's id.
 */
const OWN_TEXT: ReadonlySet<string> = new Set(['name', 'sku', 'number']);

/** Each value nested in `value` that is read (the spec's own-text fields are not), with its key. */
function children(value: object): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((inner: unknown, index) => [index, inner]);
  return Object.entries(value).filter(([key]) => !OWN_TEXT.has(key));
}

/**
 * The first string anywhere in `value` (nested arrays and objects, extra fields too) that is an id
 * of another tenant, and its owner. Runs on every page of every walk, under load too: no path is
 * built on the way (pathTo builds it once something is found). Also scans refusals
 * (foreign-like-unknown).
 */
export function foreignString(
  value: unknown,
  ownerOf: (id: string) => string | undefined,
): { id: string; owner: string } | null {
  if (typeof value === 'string') {
    const owner = ownerOf(value);
    return owner === undefined ? null : { id: value, owner };
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = foreignString(value[index], ownerOf);
      if (found !== null) return found;
    }
    return null;
  }
  for (const key in value) {
    if (OWN_TEXT.has(key)) continue;
    const found = foreignString((value as Record<string, unknown>)[key], ownerOf);
    if (found !== null) return found;
  }
  return null;
}

/** Where the string `id` first sits in `value`, for a message: `data[3].similar[0]`. */
function pathTo(value: unknown, id: string, path = ''): string | null {
  if (value === id) return path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of children(value)) {
    const at = typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    const found = pathTo(inner, id, at);
    if (found !== null) return found;
  }
  return null;
}

const leak = ({ walk }: PageContext, received: string, message: string): FailureFields => ({
  code: 'TENANT_LEAK',
  message,
  expected: `only data of ${walk.spec.credential.tenant}`,
  received,
});

/**
 * spec §5: all data access is limited to the key's tenant. No page carries another tenant's record,
 * nor another tenant's id (a record's, a location's, a category's) anywhere in it: in a record's
 * extra fields (spec §2 allows fields, not other tenants' data), nested, or beside `data`.
 */
export const tenantIsolation: PageCheck = {
  name: 'tenant-isolation',
  description:
    "No page carries a record of another tenant, nor another tenant's id in any field (extra, nested or page-level).",
  catches: [
    'shared-cache',
    'search-leak',
    'cross-tenant-cursor',
    'foreign-ids-in-search',
    'tenant-shared-across-await',
    'auth-cached-on-connection',
  ],
  run(context) {
    const { ids, walk, page } = context;
    const ownerOf = walk.spec.foreignOwner;
    if (ownerOf === undefined) return null;
    const tenant = walk.spec.credential.tenant;
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] as string;
      const owner = ownerOf(id);
      if (owner !== undefined)
        return leak(
          context,
          `a record of ${owner}`,
          `${tenant}'s key received record ${id} of tenant ${owner}`,
        );
    }
    const found = page === null ? null : foreignString(page, ownerOf);
    if (found === null) return null;
    const where = pathTo(page, found.id) ?? 'the page';
    return leak(
      context,
      `${where}: ${found.id}, an id of ${found.owner}`,
      `${tenant}'s key received id ${found.id} of tenant ${found.owner} in ${where}`,
    );
  },
};
