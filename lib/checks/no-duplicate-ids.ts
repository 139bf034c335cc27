import type { FailureFields } from '../failure.ts';
import type { PageCheck, RepeatedId } from './types.ts';

const duplicate = (id: string, page: number, earlierPage: number): FailureFields => ({
  code: 'DUPLICATE_ID',
  message: `id ${id} on page ${page} was already returned on page ${earlierPage}`,
  expected: 'each id once per walk',
  received: `id ${id} twice`,
});

/**
 * Adds a page's ids to the walk's, each new one with `page` (the page's 0-based index), and
 * returns the first id of the page (in page order) seen before: on an earlier page, or earlier on
 * this one. One lookup per id and no set of the page's own: this runs on every page of every walk
 * (lib/paging/walk.ts folds a page's ids with it, before the checks, which read what it found).
 */
export function addPageIds(
  walkIds: Map<string, number>,
  ids: readonly string[],
  page: number,
): RepeatedId | null {
  let repeated: RepeatedId | null = null;
  for (let index = 0; index < ids.length; index += 1) {
    const id = ids[index] as string;
    const firstPage = walkIds.get(id);
    if (firstPage === undefined) walkIds.set(id, page);
    else repeated ??= { id, firstPage };
  }
  return repeated;
}

/**
 * A walk returns each record once: no id on two pages, nor twice on one page. The first id of the
 * page (in page order) seen before, on an earlier page or earlier on this one (addPageIds).
 */
export const noDuplicateIds: PageCheck = {
  name: 'no-duplicate-ids',
  description: 'No record id appears twice within one walk.',
  catches: ['page-boundary-duplicate', 'unstable-order', 'offset-cursor', 'page-number-cursor'],
  run({ repeated, walk }) {
    if (repeated === null) return null;
    return duplicate(repeated.id, walk.pageCount + 1, repeated.firstPage + 1);
  },
};
