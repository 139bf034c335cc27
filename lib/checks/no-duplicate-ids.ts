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
  run({ repeated, walk }) {
    if (repeated === null) return null;
    const page = walk.pageCount + 1;
    return duplicate(repeated.id, page, repeated.firstPage + 1);
  },
};
