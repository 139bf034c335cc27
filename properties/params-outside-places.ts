/**
 * parameters.unknown-place (spec §2, §5, §7): a locationId or categoryId no tenant has is 404 or
 * 400, never a 5xx; its coverage phase sends each tenant-own id in another case on each endpoint
 * via each scheme, with the literal words and a padded own id, on every run.
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import { unknownPlaceNotFound } from '../lib/checks/unknown-place-not-found.ts';
import { unknownPlaceRefused } from '../lib/checks/unknown-place-refused.ts';
import { AUTH_SCHEMES, type AuthScheme } from '../lib/http/call.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { literalIds, ownIdCases, placeOutside, placeShapes, type OwnIds } from './arbitraries/outside-ids.ts';
import { outsideProperty, type OutsideInput } from './params-outside-property.ts';

/** Every location and category id of every tenant the survey saw. */
const knownPlaces = (survey: Survey): ReadonlySet<string> =>
  new Set(survey.tenants.flatMap((tenant) => [...tenant.locations, ...tenant.categories]));

type PlaceParameter = 'locationId' | 'categoryId';

/** The parameters whose own ids the coverage phase sends in another case, per endpoint. */
const OWN_ID_PARAMETERS: Record<Endpoint, readonly PlaceParameter[]> = {
  orders: ['locationId'],
  menuItems: ['locationId', 'categoryId'],
};

const idsOf = (tenant: TenantSurvey, name: PlaceParameter): string[] =>
  name === 'locationId' ? tenant.locations : tenant.categories;

/** The ids of parameter `name` of the tenants other than `tenant`. */
const foreignIds = (survey: Survey, tenant: TenantSurvey, name: PlaceParameter): string[] => {
  const own = new Set(idsOf(tenant, name));
  return survey.tenants
    .flatMap((each) => (each === tenant ? [] : idsOf(each, name)))
    .filter((id) => !own.has(id));
};

/** The cell of own ids of parameter `name` in another case, sent on `endpoint` via `scheme`. */
const ownIdCell = (endpoint: Endpoint, name: string, scheme: AuthScheme): CoverageCell => ({
  where: `${endpoint} ${name} via ${scheme}`,
  label: 'own ids in another case',
});

/** The cell of ids of other shapes (placeShapes) of `name`, on a first page or with a cursor. */
const shapeCell = (endpoint: Endpoint, name: string, scheme: AuthScheme, cursor: boolean): CoverageCell => ({
  where: `${endpoint} ${name} via ${scheme}${cursor ? ' with a cursor' : ''}`,
  label: 'ids of other shapes',
});

/** The cell keys of the values of `input` whose kind starts so, and the cell each makes. */
const reachedBy = (input: OutsideInput, kind: string, cell: (name: string) => CoverageCell): string[] =>
  [...new Set(input.values.filter((value) => value.kind.startsWith(kind)).map((value) => value.name))].map(
    (name) => cellKey(cell(name)),
  );

/**
 * One cell per endpoint, parameter and scheme: a first page of the first tenant with such ids,
 * every case change of its own ids sent (ownIdCases), so each kind is sent on each endpoint via
 * each scheme on every run, as the changed keys are (auth.missing-or-malformed-key): a server
 * that reads the place before the key, or one way for each header, folds case on one only. The
 * literal words (null, undefined, true, *), a padded own id and the ids of other shapes
 * (placeShapes) go with them, and the shapes again on a page 2 (limit 1, a genuine cursor): a
 * server that checks an id's format on one site only answers 400 there (unknown-place-not-found).
 */
function ownIdCasesCoverage(survey: Survey): Coverage<OutsideInput> {
  const known = knownPlaces(survey);
  const cells: CoverageCell[] = [];
  const examples: OutsideInput[] = [];
  for (const endpoint of ENDPOINTS)
    for (const name of OWN_ID_PARAMETERS[endpoint]) {
      const own = (tenant: TenantSurvey): OwnIds => ({ ids: idsOf(tenant, name), known });
      const cased = survey.tenants.find((each) => ownIdCases(name, own(each), 0).length > 0);
      const tenant = cased ?? survey.tenants[0];
      if (tenant === undefined) continue;
      const shapes = placeShapes(name, own(tenant), foreignIds(survey, tenant, name), 0);
      const paged = tenant.lists[endpoint].records.length > 1;
      for (const scheme of AUTH_SCHEMES) {
        const why = 'no tenant has an id whose case can change into one no tenant has';
        cells.push(
          cased === undefined
            ? { ...ownIdCell(endpoint, name, scheme), why }
            : ownIdCell(endpoint, name, scheme),
        );
        cells.push(shapeCell(endpoint, name, scheme, false));
        const request = { endpoint, tenant: tenant.name, scheme, query: {}, cursor: false };
        const cases = cased === undefined ? [] : ownIdCases(name, own(tenant), 0);
        examples.push({ request, values: [...cases, ...literalIds(name, own(tenant)), ...shapes] });
        const later = shapeCell(endpoint, name, scheme, true);
        if (!paged) {
          cells.push({ ...later, why: `the survey saw one ${endpoint} record of ${tenant.name}: no page 2` });
          continue;
        }
        cells.push(later);
        examples.push({ request: { ...request, query: { limit: '1' }, cursor: true }, values: shapes });
      }
    }
  const reached = (input: OutsideInput): string[] => {
    const { endpoint, scheme, cursor } = input.request;
    return [
      ...reachedBy(input, 'an own id ', (name) => ownIdCell(endpoint, name, scheme)),
      ...reachedBy(input, 'an id of another shape', (name) => shapeCell(endpoint, name, scheme, cursor)),
    ];
  };
  return { cells, examples, reached };
}

/**
 * parameters.unknown-place: place ids no tenant has, each refused (unknown-place-refused), a
 * plausible one of any shape with 404 (unknown-place-not-found).
 */
export const placeOutsideProperty = outsideProperty({
  name: 'parameters.unknown-place',
  description:
    'A locationId or categoryId no tenant has (made up, of another shape, an own id in another case or padded with a space, a literal word such as null, undefined, true or *, over-long, control characters, bad escapes, empty) is 404 or 400, and 404 when it is a plausible id (1-64 visible ASCII characters); never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 10,
  values: (tenant, endpoint, survey) => {
    const known = knownPlaces(survey);
    const outside = (name: PlaceParameter) =>
      placeOutside(name, { ids: idsOf(tenant, name), known }, foreignIds(survey, tenant, name));
    if (endpoint === 'orders') return outside('locationId');
    return fc
      .tuple(outside('locationId'), outside('categoryId'))
      .map(([byLocation, byCategory]) => [...byLocation, ...byCategory]);
  },
  unknown: [unknownPlaceRefused, unknownPlaceNotFound],
  coverage: ownIdCasesCoverage,
});
