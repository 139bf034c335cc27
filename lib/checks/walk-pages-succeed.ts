import type { PageCheck } from './types.ts';

/**
 * Every page of a walk with a valid key and valid filters answers 200 (a 429 is retried, not
 * judged); so does a first page asked alone, a burst's or a flood's (or it is a 429).
 */
export const walkPagesSucceed: PageCheck = {
  name: 'walk-pages-succeed',
  description: 'Every page of a valid walk answers 200 with a page body; never a 5xx or an error mid-walk.',
  catches: [
    'overload-5xx',
    'cursor-500',
    'status-filter-500',
    'location-filter-400',
    'cursor-expiry-500',
    'flood-blocked-403',
  ],
  run({ response, page, walk }) {
    if (page !== null) return null;
    return {
      code: response.status >= 500 ? 'SERVER_ERROR' : 'PAGE_NOT_OK',
      message: `page ${walk.pageCount + 1} of the walk answered ${response.status}`,
      expected: '200 with { data, pagination }',
      received: `${response.status}: ${response.bodyText.slice(0, 200)}`,
    };
  },
};
