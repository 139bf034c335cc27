import type { PageCheck } from './types.ts';

/** spec §4.3 rule 7: an empty result is data = [] with pagination { nextPageToken: null, hasMore: false }. */
export const emptyResultExact: PageCheck = {
  name: 'empty-result-exact',
  description: 'An empty list is exactly { data: [], pagination: { nextPageToken: null, hasMore: false } }.',
  catches: ['empty-result-shape'],
  run({ page, walk, recordCount }) {
    if (page === null || walk.pageCount > 0 || recordCount > 0) return null;
    const { nextPageToken, hasMore } = page.pagination;
    if (nextPageToken === null && hasMore === false) return null;
    return {
      code: 'EMPTY_RESULT_SHAPE',
      message: 'empty result does not end the list',
      expected: '{ nextPageToken: null, hasMore: false }',
      received: JSON.stringify(page.pagination),
    };
  },
};
