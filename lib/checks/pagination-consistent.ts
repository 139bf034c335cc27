import type { PageCheck } from './types.ts';

/** spec §4.3 rule 2: hasMore is true exactly when there is a next page token. */
export const paginationConsistent: PageCheck = {
  name: 'pagination-consistent',
  description: 'hasMore is true exactly when nextPageToken is a non-null string.',
  catches: ['has-more-token-mismatch'],
  run({ page }) {
    if (page === null) return null;
    const { hasMore, nextPageToken } = page.pagination;
    const hasToken = typeof nextPageToken === 'string';
    if (hasMore === hasToken) return null;
    return {
      code: 'HAS_MORE_TOKEN_MISMATCH',
      message: `hasMore is ${String(hasMore)} but nextPageToken is ${hasToken ? 'a token' : String(nextPageToken)}`,
      expected: 'hasMore === (nextPageToken !== null)',
      received: JSON.stringify(page.pagination),
    };
  },
};
