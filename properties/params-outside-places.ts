/**
 * parameters.unknown-place (spec §2, §5, §7): a locationId or categoryId no tenant has is 404 or
 * 400, never a 5xx; its coverage phase sends each tenant-own id in another case on each endpoint
 * via each scheme, with the literal words and a padded own id, on every run.
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import { unknownPlaceRefused } from '../lib/checks/unknown-place-refused.ts';
import { AUTH_SCHEMES, type AuthScheme } from '../lib/http/call.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { literalIds, ownIdCases, placeOutside } from './arbitraries/outside-ids.ts';
import { outsideProperty, type OutsideInput } from './params-outside-property.ts';

/** Every location and category id of every tenant the survey saw. */
const knownPlaces = (survey: Survey): ReadonlySet<string> =>
  new Set(survey.tenants.flatMap((tenant) => [...tenant.locations, ...tenant.categories]));

/** The parameters whose own ids the coverage phase sends in another case, per endpoint. */
const OWN_ID_PARAMETERS: Record<Endpoint, readonly ('locationId' | 'categoryId')[]> = {
  orders: ['locationId'],
  menuItems: ['locationId', 'categoryId'],
};

/** The cell of own ids of parameter `name` in another case, sent on `endpoint` via `scheme`. */
const ownIdCell = (endpoint: Endpoint, name: string, scheme: AuthScheme): CoverageCell => ({
  where: `${endpoint} ${name} via ${scheme}`,
  label: 'own ids in another case',
});

/**
 * One cell per endpoint, parameter and scheme: a first page of the first tenant with such ids,
 * every case change of its own ids sent (ownIdCases), so each kind is sent on each endpoint via
 * each scheme on every run, as the changed keys are (auth.missing-or-malformed-key): a server
 * that reads the place before the key, or one way for each header, folds case on one only. The
 * literal words (null, undefined, true, *) and a padded own id go with them: each endpoint and
 * parameter gets them in this phase, not only when a random run draws it.
 */
function ownIdCasesCoverage(survey: Survey): Coverage<OutsideInput> {
  const known = knownPlaces(survey);
  const cells: CoverageCell[] = [];
  const examples: OutsideInput[] = [];
  for (const endpoint of ENDPOINTS)
    for (const name of OWN_ID_PARAMETERS[endpoint]) {
      const ids = (tenant: TenantSurvey) => (name === 'locationId' ? tenant.locations : tenant.categories);
      const tenant = survey.tenants.find((each) => ownIdCases(name, { ids: ids(each), known }, 0).length > 0);
      for (const scheme of AUTH_SCHEMES) {
        const cell = ownIdCell(endpoint, name, scheme);
        if (tenant === undefined) {
          cells.push({ ...cell, why: 'no tenant has an id whose case can change into one no tenant has' });
          continue;
        }
        cells.push(cell);
        const request = { endpoint, tenant: tenant.name, scheme, query: {}, cursor: false };
        const own = { ids: ids(tenant), known };
        examples.push({ request, values: [...ownIdCases(name, own, 0), ...literalIds(name, own)] });
      }
    }
  const reached = (input: OutsideInput): string[] =>
    [
      ...new Set(
        input.values.filter((value) => value.kind.startsWith('an own id ')).map((value) => value.name),
      ),
    ].map((name) => cellKey(ownIdCell(input.request.endpoint, name, input.request.scheme)));
  return { cells, examples, reached };
}

/** parameters.unknown-place: place ids no tenant has, each refused (unknown-place-refused). */
export const placeOutsideProperty = outsideProperty({
  name: 'parameters.unknown-place',
  description:
    'A locationId or categoryId no tenant has (made up, an own id in another case or padded with a space, a literal word such as null, undefined, true or *, over-long, control characters, bad escapes, empty) is 404 or 400; never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 10,
  values: (tenant, endpoint, survey) => {
    const known = knownPlaces(survey);
    const locations = placeOutside('locationId', { ids: tenant.locations, known });
    if (endpoint === 'orders') return locations;
    return fc
      .tuple(locations, placeOutside('categoryId', { ids: tenant.categories, known }))
      .map(([byLocation, byCategory]) => [...byLocation, ...byCategory]);
  },
  unknown: unknownPlaceRefused,
  coverage: ownIdCasesCoverage,
});
