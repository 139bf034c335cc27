import { LIMITS } from '../contract/endpoints.ts';
import { limitOf, type PageCheck } from './types.ts';

/** spec §4.3 rule 6 and §8: a page never holds more records than the limit asked (default 50). */
export const pageSizeWithinLimit: PageCheck = {
  name: 'page-size-within-limit',
  description: 'data.length <= limit on every page (the default limit is 50).',
  catches: ['page-overflow', 'default-limit-wrong'],
  run({ page, call, recordCount }) {
    if (page === null) return null;
    const limit = limitOf(call, LIMITS.default);
    if (recordCount <= limit) return null;
    return {
      code: 'PAGE_OVER_LIMIT',
      message: `page holds ${recordCount} records for limit ${limit}`,
      expected: `at most ${limit} records`,
      received: `${recordCount} records`,
    };
  },
};
