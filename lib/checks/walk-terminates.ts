import type { WalkState } from '../paging/walk.ts';
import type { PageCheck } from './types.ts';

/** Built only on failure: this check runs on every page of every walk. */
const endless = (walk: WalkState) => ({
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
    return null;
  },
};
