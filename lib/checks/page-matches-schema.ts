import { describeProblems, pageProblems } from '../contract/validate.ts';
import { isJsonContentType } from '../http/response.ts';
import type { PageCheck } from './types.ts';

/** spec §2 and §4: a 200 body is { data: MenuItem[] | Order[], pagination: Pagination }, sent as application/json. */
export const pageMatchesSchema: PageCheck = {
  name: 'page-matches-schema',
  description:
    'Every 200 page is JSON and matches the contract schema (records, enums, a closed pagination object).',
  catches: ['pagination-extra-field', 'status-lowercase'],
  run({ call, response }) {
    if (response.status !== 200) return null;
    // Spec §4: both endpoints return application/json; a client that trusts the type needs it on pages too.
    if (!isJsonContentType(response))
      return {
        code: 'PAGE_NOT_JSON',
        message: `page is not sent as application/json (spec §4): ${response.headers['content-type'] ?? 'no content type'}`,
        expected: 'application/json (parameters allowed)',
        received: response.headers['content-type'] ?? '(no content type)',
      };
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
