/**
 * Blank values of every parameter with a defined domain (spec §4.1, §4.2, §7): `status=`,
 * `limit=`, `activeOnly=` (orders), `locationId=`, `categoryId=` (menu) sent empty, as spaces only,
 * and given twice with one of the two empty. None is in its domain: an enum, a boolean or an
 * integer answers 400; a place id no place can have answers 404 or 400; a page served as if the
 * parameter were not given is a failure (lib/checks/parameter-domain.ts). Left out: q (an empty
 * search is legal: the empty string is in every name), salesChannel (its values are not shown) and
 * cursor (opaque: how an empty one reads is not shown), whose empty values parameters.* still send.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import type { Query } from '../lib/http/call.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import type { Outside } from './arbitraries/outside.ts';
import type { ListRequest } from './arbitraries/requests.ts';

/** The parameters of each endpoint whose domain the spec defines, and a legal value of each. */
function blankable(endpoint: Endpoint, tenant: TenantSurvey | undefined): [string, string][] {
  const own = (ids: readonly string[] = []) => ids[0] ?? 'zz-no-such-place';
  const common: [string, string][] = [
    ['status', ENDPOINT_INFO[endpoint].statuses[0] ?? ''],
    ['limit', '10'],
    ['locationId', own(tenant?.locations)],
  ];
  return endpoint === 'orders'
    ? [...common, ['activeOnly', 'true']]
    : [...common, ['categoryId', own(tenant?.categories)]];
}

const sent = (name: string, kind: string, values: readonly string[]): Outside => ({
  name,
  encoded: values.map(encodeURIComponent),
  kind,
  unknown: false,
});

/** The blank values of one parameter: empty, spaces only, and given twice with one empty. */
const blanksOf = (name: string, legal: string, spaces: string, emptyFirst: boolean): Outside[] => [
  sent(name, 'the empty value', ['']),
  sent(name, 'a value of only spaces', [spaces]),
  sent(name, 'a parameter given twice, one empty', emptyFirst ? ['', legal] : [legal, '']),
];

/** Every blank value of every parameter of the endpoint with a defined domain, for one request. */
export const blankValues = (tenant: TenantSurvey, endpoint: Endpoint): fc.Arbitrary<Outside[]> =>
  fc
    .tuple(fc.constantFrom(' ', '   '), fc.boolean())
    .map(([spaces, emptyFirst]) =>
      blankable(endpoint, tenant).flatMap(([name, legal]) => blanksOf(name, legal, spaces, emptyFirst)),
    );

/** A request and the values sent in it, one at a time (as parameters.* run them). */
export interface BlankInput {
  request: ListRequest;
  values: Outside[];
}

const blankCell = (endpoint: Endpoint, name: string, cursor: boolean): CoverageCell => ({
  where: `${endpoint} ${name}`,
  label: cursor ? 'with a cursor' : 'first page',
});

/**
 * One cell per endpoint, parameter and page (a first page; a page reached by a cursor, at limit 1
 * so a list of two records has one): each kind of blank value of that parameter, the twice-given
 * one in both orders, on every run (not left to a draw).
 */
export function blankCoverage(survey: Survey): Coverage<BlankInput> {
  const cells: CoverageCell[] = [];
  const examples: BlankInput[] = [];
  for (const endpoint of ENDPOINTS)
    for (const cursor of [false, true]) {
      const tenant = survey.tenants.find((each) => !cursor || each.lists[endpoint].records.length >= 2);
      for (const [name, legal] of blankable(endpoint, tenant)) {
        const cell = blankCell(endpoint, name, cursor);
        if (tenant === undefined) {
          cells.push({ ...cell, why: cursor ? 'no list has two records for a cursor' : 'no tenant' });
          continue;
        }
        cells.push(cell);
        const query: Query = cursor ? { limit: '1' } : {};
        const request = { endpoint, tenant: tenant.name, scheme: 'bearer' as const, query, cursor };
        const values = [
          ...blanksOf(name, legal, ' ', true),
          sent(name, 'a parameter given twice, one empty', [legal, '']),
        ];
        examples.push({ request, values });
      }
    }
  const reached = ({ request, values }: BlankInput): string[] =>
    [...new Set(values.map((value) => value.name))].map((name) =>
      cellKey(blankCell(request.endpoint, name, request.cursor)),
    );
  return { cells, examples, reached };
}
