import type { FailureFields } from '../failure.ts';
import type { PageCheck } from './types.ts';

const duplicate = (id: string, page: number, earlierPage: number): FailureFields => ({
  code: 'DUPLICATE_ID',
  message: `id ${id} on page ${page} was already returned on page ${earlierPage}`,
  expected: 'each id once per walk',
  received: `id ${id} twice`,
});

/** A walk returns each record once: no id on two pages, nor twice on one page. */
export const noDuplicateIds: PageCheck = {
  name: 'no-duplicate-ids',
  description: 'No record id appears twice within one walk.',
  catches: ['page-boundary-duplicate', 'unstable-order', 'offset-cursor', 'page-number-cursor'],
  run({ ids, walk }) {
    const page = walk.pageCount + 1;
    // A Set built in one call: this runs on every page of every walk under load.
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] as string;
      const earlierPage = walk.ids.get(id);
      if (earlierPage !== undefined) return duplicate(id, page, earlierPage + 1);
    }
    if (new Set(ids).size === ids.length) return null;
    const onThisPage = new Set<string>();
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index] as string;
      if (onThisPage.has(id)) return duplicate(id, page, page);
      onThisPage.add(id);
    }
    return null;
  },
};
