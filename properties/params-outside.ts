/**
 * Every parameter's outside (spec §4.1, §4.2, §4.3, §7): a legal request of a list (any filters,
 * any limit, page 1 or 2, either scheme) with one parameter set to a value outside its domain,
 * every kind of outside value in each run (arbitraries/outside.ts). A value the spec rules out is
 * a 400; an id or cursor no tenant has is refused; a value whose reading the spec leaves open may
 * be served (an advisory finding), and a served spelling of a named value (activeOnly=TRUE) must
 * answer as that value (spelling-means-value); no answer is a 5xx, and every error is in the Error shape.
 * salesChannel has no outside here: its type and values are "not shown" (spec §4.1).
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import { spellingMeansValue } from '../lib/checks/spelling-means-value.ts';
import { cursorRejected } from '../lib/checks/cursor-rejected.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { invalidParameterRejected } from '../lib/checks/invalid-parameter-rejected.ts';
import type { ProbeCheck } from '../lib/checks/types.ts';
import { unknownPlaceRefused } from '../lib/checks/unknown-place-refused.ts';
import type { Failure } from '../lib/failure.ts';
import { AUTH_SCHEMES, type ApiCall, type AuthScheme, type Query } from '../lib/http/call.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { recordOwners, type Survey, type TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import {
  activeOnlyOutside,
  cursorOutside,
  limitOutside,
  literalIds,
  ownIdCases,
  placeOutside,
  repeatedParameters,
  searchOutside,
  statusOutside,
  type Outside,
} from './arbitraries/outside.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import { blankCoverage, blankValues } from './params-blank.ts';
import { equivalentFormsProperty } from './params-equivalent.ts';
import { limitFormsCoverage } from './params-limit.ts';
import { judgeSpelling } from './params-spelling.ts';
import { describeRequest, sentQuery } from './probes.ts';
import { FULL_KEY, listSources, tenantSurvey } from './support.ts';
import { credential, servedIsolation, verdict } from './walks.ts';

/** One run's input: a legal request and the outside values sent in it, one at a time. */
interface OutsideInput {
  request: ListRequest;
  values: Outside[];
}

interface OutsideSpec {
  name: string;
  description: string;
  endpoints: readonly Endpoint[];
  runs: number;
  /** The outside values of one run, for a request of this tenant's list of `endpoint`. */
  values(tenant: TenantSurvey, endpoint: Endpoint, survey: Survey): fc.Arbitrary<Outside[]>;
  /** Inputs run before the random ones, each a cell: what must be sent on every run. */
  coverage?: (survey: Survey) => Coverage<OutsideInput>;
  /** Judges the values no tenant has (an unknown id or cursor) besides invalid-parameter-rejected. */
  unknown?: ProbeCheck;
  /** Page 2 also sends its cursor twice. */
  cursorTwice?: boolean;
  /** A served spelling of a value the spec names is judged as that value (spelling-means-value). */
  spellings?: boolean;
}

/** `query` without the parameter `name`. */
const without = (query: Query, name: string): Query =>
  Object.fromEntries(Object.entries(query).filter(([each]) => each !== name));

/** The request with `outside` in place of its own value of that parameter. */
function outsideCall(request: ListRequest, query: Query, outside: Outside): ApiCall {
  return {
    endpoint: request.endpoint,
    query: without(query, outside.name),
    credential: credential(request.tenant, 'full', request.scheme),
    raw: outside.encoded.map((encoded) => ({ name: outside.name, encoded })),
  };
}

const cursorTwice = (cursor: string): Outside => ({
  name: 'cursor',
  encoded: [cursor, cursor].map(encodeURIComponent),
  kind: 'a parameter given twice',
  unknown: false,
});

const shown = (outside: Outside): string => {
  const text = outside.encoded.map((encoded) => `${outside.name}=${encoded}`).join('&');
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
};

/** Sends each outside value in the request and judges every answer; the failures of all. */
async function probeAll(
  context: PropertyContext,
  request: ListRequest,
  query: Query,
  values: readonly Outside[],
  spec: OutsideSpec & { quiescent: boolean },
): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const outside of values) {
    const call = outsideCall(request, query, outside);
    const response = await context.client.send(call);
    const checks = [errorBodyShape, refusalDisclosesNothing, invalidParameterRejected];
    if (outside.unknown && spec.unknown) checks.push(spec.unknown);
    const others = { ...request, query: without(request.query, outside.name) };
    const probe = `${outside.kind} (${shown(outside)}) in ${describeRequest(others)}`;
    const recordOwner = recordOwners(await context.survey());
    failures.push(...runProbeChecks(checks, { call, response, probe, recordOwner }));
    failures.push(...(await servedIsolation(context, call, response)));
    if (spec.spellings)
      failures.push(
        ...(await judgeSpelling(
          context,
          { call, response, outside, words: describeRequest(others) },
          spec.quiescent,
        )),
      );
  }
  return failures;
}

const outsideProperty = (spec: OutsideSpec) =>
  defineProperty({
    name: spec.name,
    family: 'parameters',
    description: spec.description,
    checks: [
      invalidParameterRejected.name,
      errorBodyShape.name,
      refusalDisclosesNothing.name,
      tenantIsolation.name,
      ...(spec.unknown ? [spec.unknown.name] : []),
      ...(spec.spellings ? [spellingMeansValue.name] : []),
    ],
    needs: [FULL_KEY],
    runs: spec.runs,
    async prepare(context) {
      const survey = await context.survey();
      const sources = listSources(context.target, survey);
      const options = { cursor: 'maybe' as const, endpoints: spec.endpoints };
      const arbitrary = listRequest(context.target, sources, options).chain((request) =>
        spec
          .values(tenantSurvey(survey, request.tenant), request.endpoint, survey)
          .map((values): OutsideInput => ({ request, values })),
      );
      const run = async ({ request, values }: OutsideInput) => {
        const query = await sentQuery(context, survey, request);
        const cursor = spec.cursorTwice ? query.cursor : undefined;
        const all = cursor === undefined ? values : [...values, cursorTwice(cursor)];
        const { quiescent } = tenantSurvey(survey, request.tenant);
        verdict(context, await probeAll(context, request, query, all, { ...spec, quiescent }));
      };
      return prepared(arbitrary, run, spec.coverage?.(survey));
    },
  });

const statusOutsideProperty = outsideProperty({
  name: 'parameters.status-outside',
  description:
    "status outside its enum (case variants, the other endpoint's, other words, spaces, two in one, control characters, bad escapes, over-long) is 400; empty is 400 too; never a 5xx.",
  endpoints: ['menuItems', 'orders'],
  runs: 12,
  values: (_tenant, endpoint) => statusOutside(endpoint),
  spellings: true,
});

const activeOnlyOutsideProperty = outsideProperty({
  name: 'parameters.active-only-outside',
  description:
    'activeOnly other than true or false: a word no boolean reading makes is 400; other spellings (1, TRUE, yes) are refused or served as the value they spell; empty is 400; never a 5xx.',
  endpoints: ['orders'],
  runs: 10,
  values: () => activeOnlyOutside,
  spellings: true,
});

const limitOutsideProperty = outsideProperty({
  name: 'parameters.limit-outside',
  description:
    'limit huge, not UTF-8, with a control character or not a decimal integer (0x10, 0b101, 1e1, 5.0, spaces, 1_0, other scripts) is 400; padded decimals (010, +5) are refused or served as exactly that decimal; empty is 400; never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 8,
  values: () => limitOutside,
  coverage: limitFormsCoverage,
  spellings: true,
});

const searchOutsideProperty = outsideProperty({
  name: 'parameters.q-outside',
  description:
    'q over-long, with control characters, with escapes that are not UTF-8, or empty is served or refused with a 4xx; never a 5xx.',
  endpoints: ['menuItems'],
  runs: 8,
  values: (tenant) => searchOutside(tenant),
});

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

const placeOutsideProperty = outsideProperty({
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

const cursorOutsideProperty = outsideProperty({
  name: 'parameters.cursor-outside',
  description:
    'A cursor over-long, with control characters or with escapes that are not UTF-8 is a 4xx; empty is open; never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 8,
  values: () => cursorOutside,
  unknown: cursorRejected,
});

const repeatedProperty = outsideProperty({
  name: 'parameters.repeated',
  description:
    'Any parameter given twice (limit, status, activeOnly, q, locationId, categoryId, cursor) is served or refused with a 4xx, never a 5xx; with two legal values, served is open; with one value outside its domain (limit=5&limit=500), 400.',
  endpoints: ['menuItems', 'orders'],
  runs: 10,
  values: (tenant, endpoint) => repeatedParameters(endpoint, tenant),
  cursorTwice: true,
});

const blankProperty = outsideProperty({
  name: 'parameters.blank',
  description:
    'status, limit, activeOnly, locationId and categoryId given empty, as spaces only, or twice with one empty, on a first page and with a cursor: 400 (a place id: 404 or 400), never the list as if not given, never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 4,
  values: (tenant, endpoint) => blankValues(tenant, endpoint),
  coverage: blankCoverage,
});

export const PARAMETERS = [
  statusOutsideProperty,
  activeOnlyOutsideProperty,
  limitOutsideProperty,
  searchOutsideProperty,
  placeOutsideProperty,
  cursorOutsideProperty,
  repeatedProperty,
  blankProperty,
  equivalentFormsProperty,
];
