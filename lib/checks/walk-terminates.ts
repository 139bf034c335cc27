import type { FailureFields } from '../failure.ts';
import type { PageCheck, WalkView } from './types.ts';

/** Per walk, the next-page tokens it showed so far (this check runs on every page of every walk). */
const tokensBy = new WeakMap<WalkView, Set<string>>();

function tokensOf(walk: WalkView): Set<string> {
  let tokens = tokensBy.get(walk);
  if (tokens === undefined) {
    tokens = new Set();
    tokensBy.set(walk, tokens);
  }
  return tokens;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}

/** Built only on failure. */
const endless = (walk: WalkView, code: string, what: string): FailureFields => ({
  code,
  message: `page ${walk.pageCount + 1} ${what}`,
  expected: 'a walk that ends',
  received: `page ${walk.pageCount + 1}`,
});

/**
 * Every walk ends: no token seen twice, no page served twice. Only a repeat is evidence that a walk
 * does not end: a walk that is merely long reaches its page budget (`budget-reached`, inconclusive),
 * and records served twice are no-duplicate-ids' finding.
 */
export const walkTerminates: PageCheck = {
  name: 'walk-terminates',
  description: 'A walk ends: no cursor cycle, no repeated page (a walk that is only long is inconclusive).',
  catches: ['cursor-cycle'],
  run({ page, walk, ids, repeated }) {
    if (page === null) return null;
    const token = page.pagination.nextPageToken;
    if (page.pagination.hasMore === true && typeof token === 'string') {
      const tokens = tokensOf(walk);
      if (tokens.has(token))
        return endless(walk, 'CURSOR_CYCLE', 'returned a token already seen in this walk');
      tokens.add(token);
    }
    // A page served twice repeats its first id, so a page with no id seen before (addPageIds) is
    // new: only a page with a repeat is compared, id by id, with the earlier pages that share its
    // first id. No key per page, no map of pages: this runs on every page of every walk.
    if (repeated === null || ids.length === 0) return null;
    const first = ids[0] as string;
    for (let index = 0; index < walk.pageCount; index += 1) {
      const earlier = walk.pageIds[index] as readonly string[];
      if (earlier[0] === first && sameIds(earlier, ids))
        return endless(walk, 'PAGE_REPEATED', 'repeats an earlier page');
    }
    return null;
  },
};
