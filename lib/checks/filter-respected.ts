import { ACTIVE_ORDER_STATUSES } from '../contract/schemas.ts';
import type { Query } from '../http/call.ts';
import type { PageCheck } from './types.ts';

type RecordPredicate = (record: Record<string, unknown>) => boolean;

const includesFolded = (value: unknown, needle: string) =>
  typeof value === 'string' && value.toLowerCase().includes(needle.toLowerCase());

/**
 * What each filter promises of every returned record. Both status and activeOnly together is
 * "not shown" (spec §4.2), so neither is asserted then. A filter whose field a record does not
 * carry (categoryId is not a listed MenuItem field) cannot be checked on that record.
 */
function predicates(query: Query): [string, RecordPredicate][] {
  const rules: [string, RecordPredicate][] = [];
  const both = query.status !== undefined && query.activeOnly !== undefined;
  if (query.status !== undefined && !both)
    rules.push([`status=${query.status}`, (r) => r.status === query.status]);
  if (query.activeOnly === 'true' && !both)
    rules.push(['activeOnly=true', (r) => ACTIVE_ORDER_STATUSES.includes(String(r.status))]);
  const { q, categoryId, locationId } = query;
  if (q !== undefined) rules.push([`q=${q}`, (r) => includesFolded(r.name, q) || includesFolded(r.sku, q)]);
  if (categoryId !== undefined)
    rules.push([`categoryId=${categoryId}`, (r) => !('categoryId' in r) || r.categoryId === categoryId]);
  if (locationId !== undefined)
    rules.push([`locationId=${locationId}`, (r) => !('locationId' in r) || r.locationId === locationId]);
  return rules;
}

/** spec §4.1, §4.2, §4.3 rule 4: the filters hold on every page, not just the first. */
export const filterRespected: PageCheck = {
  name: 'filter-respected',
  description:
    'Every record on every page satisfies the walk filters (status, activeOnly, q, categoryId, locationId).',
  catches: ['filter-lost-on-later-pages', 'active-only-wrong'],
  run({ page, walk }) {
    if (page === null) return null;
    const records = page.data;
    for (const [filter, holds] of predicates(walk.spec.query)) {
      let offender: Record<string, unknown> | undefined;
      // An index loop: k6's interpreter runs find() and for...of several times slower.
      for (let index = 0; index < records.length && offender === undefined; index += 1) {
        const record = records[index] as Record<string, unknown>;
        if (!holds(record)) offender = record;
      }
      if (offender)
        return {
          code: 'FILTER_VIOLATED',
          message: `page ${walk.pageCount + 1}: record ${String(offender.id)} does not satisfy ${filter}`,
          expected: filter,
          received: JSON.stringify(offender).slice(0, 300),
        };
    }
    return null;
  },
};
