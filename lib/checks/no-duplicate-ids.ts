import type { FailureFields } from '../failure.ts';
import type { PageCheck, RepeatedId } from './types.ts';
import type { WalkIds } from './walk-ids.ts';

const duplicate = (id: string, page: number, earlierPage: number): FailureFields => ({
  code: 'DUPLICATE_ID',
  message: `id ${id} on page ${page} was already returned on page ${earlierPage}`,
  expected: 'each id once per walk',
  received: `id ${id} twice`,
});

/**
 * Adds a page's ids to the walk's and returns the first id of the page (in page order) seen before:
 * on an earlier page, or earlier on this one. One add per id, no set of the page's own: this runs
 * on every page of every walk (lib/paging/walk.ts folds a page's ids with it, before the checks,
 * which read what it found). Where the repeated id first came is looked up in `earlierPages`
 * (each earlier page's ids, by page index) only when there is a repeat.
 */
export function addPageIds(
  walkIds: WalkIds,
  ids: readonly string[],
  earlierPages: readonly (readonly string[])[],
): RepeatedId | null {
  let repeatedAt = -1;
  for (let index = 0; index < ids.length; index += 1)
    if (walkIds.addFromPage(ids, index) && repeatedAt === -1) repeatedAt = index;
  if (repeatedAt === -1) return null;
  const id = ids[repeatedAt] as string;
  const firstPage = earlierPages.findIndex((earlier) => earlier.includes(id));
  // Not on an earlier page: earlier on this one.
  return { id, firstPage: firstPage === -1 ? earlierPages.length : firstPage };
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
