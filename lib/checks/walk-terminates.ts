import type { WalkState } from '../paging/walk.ts';
import type { PageCheck } from './types.ts';

/** Built only on failure: this check runs on every page of every walk. */
const endless = (walk: WalkState) => ({
  expected: 'a walk that ends',
  received: `page ${walk.pageCount + 1}`,
});

/** Every walk ends: no token seen twice, no page served twice, no walk longer than the data explains. */
export const walkTerminates: PageCheck = {
  name: 'walk-terminates',
  description: 'A walk ends: no cursor cycle, no repeated page, no more pages than the data can explain.',
  catches: ['cursor-cycle'],
  run({ page, walk, fingerprint, recordCount }) {
    if (page === null) return null;
    const token = page.pagination.nextPageToken;
    if (page.pagination.hasMore === true && typeof token === 'string' && walk.tokens.has(token))
      return {
        ...endless(walk),
        code: 'CURSOR_CYCLE',
        message: `page ${walk.pageCount + 1} returned a token already seen in this walk`,
      };
    if (recordCount > 0 && walk.pageFingerprints.has(fingerprint))
      return {
        ...endless(walk),
        code: 'PAGE_REPEATED',
        message: `page ${walk.pageCount + 1} repeats an earlier page`,
      };
    if (page.pagination.hasMore === true && walk.pageCount + 1 >= walk.spec.maxPages)
      return {
        ...endless(walk),
        code: 'WALK_TOO_LONG',
        message: `walk still has more after ${walk.spec.maxPages} pages`,
      };
    return null;
  },
};
