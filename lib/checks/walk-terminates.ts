import type { PageCheck } from './types.ts';

/** Every walk ends: no token seen twice, no page served twice, no walk longer than the data explains. */
export const walkTerminates: PageCheck = {
  name: 'walk-terminates',
  description: 'A walk ends: no cursor cycle, no repeated page, no more pages than the data can explain.',
  catches: ['cursor-cycle'],
  run({ page, walk, fingerprint, recordCount }) {
    if (page === null) return null;
    const token = page.pagination.nextPageToken;
    const fields = { expected: 'a walk that ends', received: `page ${walk.pageCount + 1}` };
    if (page.pagination.hasMore === true && typeof token === 'string' && walk.tokens.has(token))
      return {
        ...fields,
        code: 'CURSOR_CYCLE',
        message: `page ${walk.pageCount + 1} returned a token already seen in this walk`,
      };
    if (recordCount > 0 && walk.pageFingerprints.has(fingerprint))
      return {
        ...fields,
        code: 'PAGE_REPEATED',
        message: `page ${walk.pageCount + 1} repeats an earlier page`,
      };
    if (page.pagination.hasMore === true && walk.pageCount + 1 >= walk.spec.maxPages)
      return {
        ...fields,
        code: 'WALK_TOO_LONG',
        message: `walk still has more after ${walk.spec.maxPages} pages`,
      };
    return null;
  },
};
