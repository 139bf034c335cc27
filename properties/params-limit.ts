/**
 * The coverage phase of parameters.limit-outside (spec §4.1, §4.2, §4.3 rule 6): every lexical form
 * of a limit (padded decimals, radix prefixes, exponents, points, spaces, other scripts) sent on
 * both endpoints, on a first page and on a page reached by a cursor, on every run. Each request is
 * of the tenant with the longest list, so a padded decimal served as another number (010 as octal
 * 8) shows as a short page that says more follow.
 */
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import type { Query } from '../lib/http/call.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { Outside } from './arbitraries/outside.ts';
import { limitForms } from './arbitraries/outside-typed.ts';
import type { ListRequest } from './arbitraries/requests.ts';

const FORMS = limitForms().map((form) => form.encoded[0]);

interface LimitInput {
  request: ListRequest;
  values: Outside[];
}

const formsCell = (endpoint: Endpoint, cursor: boolean): CoverageCell => ({
  where: `${endpoint} ${cursor ? 'page reached by a cursor' : 'first page'}`,
  label: 'every lexical form of limit',
});

/** One cell per endpoint and page kind: every form of limit, on the longest list. */
export function limitFormsCoverage(survey: Survey): Coverage<LimitInput> {
  const cells: CoverageCell[] = [];
  const examples: LimitInput[] = [];
  for (const endpoint of ENDPOINTS)
    for (const cursor of [false, true]) {
      const longest = [...survey.tenants].sort(
        (a, b) => b.lists[endpoint].records.length - a.lists[endpoint].records.length,
      )[0];
      const cell = formsCell(endpoint, cursor);
      if (longest === undefined || (cursor && longest.lists[endpoint].records.length < 2)) {
        cells.push({ ...cell, why: cursor ? 'no list has two records for a cursor' : 'no tenant' });
        continue;
      }
      cells.push(cell);
      const query: Query = cursor ? { limit: '1' } : {};
      const scheme = cursor ? ('serviceHeader' as const) : ('bearer' as const);
      const request = { endpoint, tenant: longest.name, scheme, query, cursor };
      examples.push({ request, values: limitForms() });
    }
  const reached = ({ request, values }: LimitInput): string[] =>
    FORMS.every((form) => values.some((value) => value.encoded[0] === form))
      ? [cellKey(formsCell(request.endpoint, request.cursor))]
      : [];
  return { cells, examples, reached };
}
