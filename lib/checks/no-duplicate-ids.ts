import type { FailureFields } from '../failure.ts';
import type { PageCheck } from './types.ts';

const duplicate = (id: string, page: number, earlierPage: number): FailureFields => ({
  code: 'DUPLICATE_ID',
  message: `id ${id} on page ${page} was already returned on page ${earlierPage}`,
  expected: 'each id once per walk',
  received: `id ${id} twice`,
});

/**
 * A walk returns each record once: no id on two pages, nor twice on one page. The first id of the
 * page (in page order) seen before, on an earlier page (the walk's ids) or earlier on this one.
 */
export const noDuplicateIds: PageCheck = {
  name: 'no-duplicate-ids',
  description: 'No record id appears twice within one walk.',
  catches: ['page-boundary-duplicate', 'unstable-order', 'offset-cursor', 'page-number-cursor'],
  run({ ids, walk }) {
    const page = walk.pageCount + 1;
    const onPage = new Set<string>();
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] as string;
      const firstPage = walk.ids.get(id);
      if (firstPage !== undefined) return duplicate(id, page, firstPage + 1);
      if (onPage.has(id)) return duplicate(id, page, page);
      onPage.add(id);
    }
    return null;
  },
};
