import type { PageCheck } from './types.ts';

/** A walk returns each record once: no id on two pages, nor twice on one page. */
export const noDuplicateIds: PageCheck = {
  name: 'no-duplicate-ids',
  description: 'No record id appears twice within one walk.',
  catches: ['page-boundary-duplicate', 'unstable-order', 'offset-cursor'],
  run({ page, walk }) {
    if (page === null) return null;
    const onThisPage = new Set<unknown>();
    for (const record of page.data) {
      const earlierPage = walk.ids.get(String(record.id));
      if (earlierPage !== undefined || onThisPage.has(record.id))
        return {
          code: 'DUPLICATE_ID',
          message: `id ${String(record.id)} on page ${walk.pageCount + 1} was already returned on page ${(earlierPage ?? walk.pageCount) + 1}`,
          expected: 'each id once per walk',
          received: `id ${String(record.id)} twice`,
        };
      onThisPage.add(record.id);
    }
    return null;
  },
};
