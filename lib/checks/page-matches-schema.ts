import { describeProblems, pageProblems } from '../contract/validate.ts';
import type { PageCheck } from './types.ts';

/** spec §2 and §4: a 200 body is { data: MenuItem[] | Order[], pagination: Pagination }. */
export const pageMatchesSchema: PageCheck = {
  name: 'page-matches-schema',
  description: 'Every 200 page matches the contract schema (records, enums, a closed pagination object).',
  catches: ['pagination-extra-field', 'status-lowercase'],
  run({ call, response }) {
    if (response.status !== 200) return null;
    const problems = pageProblems(call.endpoint, response.body);
    if (problems.length === 0) return null;
    return {
      code: 'PAGE_SCHEMA',
      message: `page does not match the contract: ${describeProblems(problems)}`,
      expected: call.endpoint === 'orders' ? 'OrdersPage schema' : 'MenuItemsPage schema',
      received: response.bodyText.slice(0, 300),
    };
  },
};
