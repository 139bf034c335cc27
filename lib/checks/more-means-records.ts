import type { WalkSetCheck, WalkView } from './types.ts';

/**
 * spec §2 Pagination: hasMore is true "when another page is available". On quiescent data a page
 * reached through hasMore: true holds records: a list that ends with an empty page after it (a
 * server that says "more" whenever a page is full) promised a page it did not have.
 */
export const moreMeansRecords: WalkSetCheck<WalkView> = {
  name: 'more-means-records',
  description: 'On quiescent data, every page reached through hasMore: true holds at least one record.',
  catches: ['has-more-on-full-page'],
  run(walk) {
    // The first page may be empty (an empty list); every later one followed a hasMore: true.
    if (walk.ids.size === 0) return null;
    const empty = walk.pageCount - walk.recordPages;
    if (empty <= 0) return null;
    return {
      code: 'EMPTY_PAGE_AFTER_MORE',
      message: `${empty} page(s) of a complete walk of ${walk.ids.size} records held none, after hasMore: true`,
      expected: 'hasMore: true only when another page with records is available',
      received: `${walk.pageCount} pages, ${walk.recordPages} with records`,
    };
  },
};
