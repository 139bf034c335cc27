import { LIMITS } from '../contract/endpoints.ts';
import { limitOf, type PageCheck } from './types.ts';

/**
 * spec §4.3 rule 6 ("the request is never silently altered") and §4.1/§4.2 (limit 1 to 100): a
 * page that says hasMore: true had more records than it served, so it serves the whole limit
 * asked. A shorter one altered the limit unannounced (a server capping some searches at 50). The
 * page is one answer: records changing between pages do not make it short, so this holds on
 * changing data too.
 */
export const fullPageWhenMore: PageCheck = {
  name: 'full-page-when-more',
  description: 'A page with hasMore: true holds exactly its limit of records (the default limit is 50).',
  catches: ['search-limit-capped', 'default-limit-when-busy'],
  run({ page, call, recordCount }) {
    if (page?.pagination.hasMore !== true) return null;
    const limit = limitOf(call, LIMITS.default);
    if (!Number.isInteger(limit) || recordCount >= limit) return null;
    return {
      code: 'SHORT_PAGE_WITH_MORE',
      message: `page holds ${recordCount} records at limit ${limit} and says hasMore: true`,
      expected: `${limit} records when more follow`,
      received: `${recordCount} records`,
    };
  },
};
