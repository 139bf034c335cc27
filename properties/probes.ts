/**
 * Properties made of single requests whose status the contract fixes (limits, cursors, auth,
 * tenancy). Each probe starts from a legal request of a list (arbitraries/requests.ts: filters,
 * limit, cursor, scheme) and changes one thing: the key, a place, one parameter.
 */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import type { ProbeCheck } from '../lib/checks/types.ts';
import type { Failure } from '../lib/failure.ts';
import {
  AUTH_SCHEMES,
  queryString,
  type AuthScheme,
  type ApiCall,
  type CredentialRole,
  type Query,
} from '../lib/http/call.ts';
import { BLANK_KEY_WORDS, blankKeyHeaders, isBlankKey, type BlankKey } from '../lib/http/blank-key.ts';
import {
  caseFitsScheme,
  isKeyCase,
  keyInCase,
  KEY_CASE_WORDS,
  LIST_CASES,
  type KeyCase,
} from '../lib/http/key-case.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import type { Target } from '../lib/target/target.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import { genuineToken, listSource, listSources } from './support.ts';
import { firstPageWalk, type AimedWalk } from './arbitraries/aimed-walk.ts';
import { anyLimit } from './arbitraries/measured.ts';
import { coverageOf, pagedWalks } from './arbitraries/paged.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { Survey } from '../lib/props/survey.ts';
import {
  defineProperty,
  isSkip,
  prepared,
  type PropertyContext,
  type PropertyInfo,
  type Skip,
} from '../lib/props/types.ts';
import { cellRequest, PAGES } from './key-places.ts';
import type { ProbeInput, ProbeInputs } from './probe-input.ts';

export type { ProbeInput, ProbeInputs } from './probe-input.ts';
import { credential, probe, verdict } from './walks.ts';

/**
 * The request in words: the list, its parameters, page 2 when it follows a first page, the header
 * (none when the key went elsewhere: the probe's own words say where).
 */
export function describeRequest(request: ListRequest, set: Query = {}, viaHeader = true): string {
  const page = request.cursor && set.cursor === undefined ? 'page 2 of ' : '';
  const via = viaHeader ? ` via ${request.scheme}` : '';
  return `${page}${request.endpoint}${queryString({ ...request.query, ...set })}${via}`;
}

/**
 * The query as sent. A request with a cursor is page 2: the cursor is the nextPageToken of its
 * list's real first page (same filters and limit), fetched with the tenant's full key through the
 * recording client, so it is part of the run's transcript. A list with one page makes the run
 * inconclusive. A cursor in `set` replaces it (no first page is fetched).
 */
export async function sentQuery(
  context: PropertyContext,
  survey: Survey,
  request: ListRequest,
  set: Query = {},
): Promise<Query> {
  if (!request.cursor || set.cursor !== undefined) return { ...request.query, ...set };
  const cursor = await genuineToken(context, survey, request);
  return { ...request.query, cursor, ...set };
}

export async function probeCall(
  context: PropertyContext,
  survey: Survey,
  input: ProbeInput,
): Promise<ApiCall> {
  const { request, key } = input;
  return {
    endpoint: request.endpoint,
    query: await sentQuery(context, survey, request, input.set),
    credential: {
      ...credential(key.tenant, key.role, request.scheme),
      ...(key.keyCase && { keyCase: key.keyCase }),
      ...(key.keyPlace && { keyPlace: key.keyPlace }),
      ...(key.second && { second: key.second }),
    },
    ...(input.headers && { headers: input.headers }),
  };
}

const describeKey = (role: CredentialRole, tenant: string, keyCase?: KeyCase): string => {
  if (role === 'none') return 'no key';
  if (role === 'malformed') return 'a malformed key';
  const key = `the ${role} key of ${tenant}`;
  return keyCase === undefined ? key : `${key}, ${KEY_CASE_WORDS[keyCase]}`;
};

/** The first page an aimed walk starts with, as a legal request (filters and limit). */
const requestOf = ({ limit, ...walk }: AimedWalk): ListRequest => ({
  ...walk,
  query: { ...walk.query, limit: String(limit) },
  cursor: false,
});

/** The walk a request's list and limit make (the default limit when it has none). */
const walkOfRequest = ({ request }: ProbeInput): AimedWalk => firstPageWalk(request);

/**
 * Blind requests beside requests aimed at every paging class of the tenants' lists (an empty
 * list, one record, under a page, exactly a page, several pages, a last page partly or exactly
 * full: properties/arbitraries/paged.ts), each made a probe input by `make`, with their coverage.
 */
function aimedRequests(
  survey: Survey,
  tenants: readonly string[],
  blind: fc.Arbitrary<ProbeInput>,
  make: (request: ListRequest, index: number) => fc.Arbitrary<ProbeInput> & { example: ProbeInput },
): Required<ProbeInputs> {
  const aimed = pagedWalks(survey, { endpoints: ENDPOINTS, bounds: anyLimit, filtered: true, tenants });
  const examples = aimed.coverage.examples.map((walk, index) => make(requestOf(walk), index).example);
  return {
    arbitrary:
      aimed.arbitrary === null
        ? blind
        : fc.oneof(
            aimed.arbitrary.chain((walk) => make(requestOf(walk), 0)),
            blind,
          ),
    coverage: coverageOf(aimed.coverage, examples, walkOfRequest),
  };
}

/** An arbitrary of `inputs`, with the one the coverage phase takes at `index`. */
const withExample = (inputs: readonly ProbeInput[], index: number) =>
  Object.assign(fc.constantFrom(...inputs), { example: inputs[index % inputs.length] as ProbeInput });

/** A legal request of the key's tenant's lists, sent with that key; aimed at every paging class. */
export function keyedInputs(
  target: Target,
  survey: Survey,
  keys: readonly { tenant: string; role: CredentialRole }[],
): ProbeInputs {
  const blind = fc
    .constantFrom(...keys)
    .chain((key) =>
      listRequest(target, [listSource(target, survey, key.tenant)], { cursor: 'maybe' }).map(
        (request): ProbeInput => ({ request, key, probe: describeKey(key.role, key.tenant) }),
      ),
    );
  const tenants = [...new Set(keys.map((key) => key.tenant))];
  return aimedRequests(survey, tenants, blind, (request, index) =>
    withExample(
      keys
        .filter((key) => key.tenant === request.tenant)
        .map((key) => ({ request, key, probe: describeKey(key.role, key.tenant) })),
      index,
    ),
  );
}

/**
 * What a keyless probe sends: no key, a malformed one, a real key in another case (KeyCase), or a
 * key header with no key in it (BlankKey).
 */
export type KeylessKind = 'none' | 'malformed' | KeyCase | BlankKey;

/**
 * The key a keyless kind sends for `tenant`: none, a malformed one, or its full key in another
 * case; null when the tenant has no full key or the case changes nothing (a key without letters).
 */
function keylessKey(
  target: Target,
  tenant: string,
  kind: Exclude<KeylessKind, BlankKey>,
): ProbeInput['key'] | null {
  if (kind === 'none' || kind === 'malformed') return { tenant, role: kind };
  const full = target.tenants.find((entry) => entry.name === tenant)?.keys.full;
  if (full === undefined || keyInCase(full, kind) === full) return null;
  return { tenant, role: 'full', keyCase: kind };
}

/** The kinds that can go via `scheme` (the key header's two lines via that header only). */
const fitting = (kinds: readonly KeylessKind[], scheme: AuthScheme): KeylessKind[] =>
  kinds.filter((kind) => !isKeyCase(kind) || caseFitsScheme(kind, scheme));

/** The probe of `request` for each of `kinds` its tenant can send. */
const keylessProbes = (target: Target, request: ListRequest, kinds: readonly KeylessKind[]): ProbeInput[] =>
  fitting(kinds, request.scheme).flatMap((kind) => {
    if (isBlankKey(kind)) return [blankProbe(target, request, kind)];
    const key = keylessKey(target, request.tenant, kind);
    return key === null ? [] : [{ request, key, probe: describeKey(key.role, key.tenant, key.keyCase) }];
  });

/** `request` with no key and `blank`'s key headers: blanks or a scheme word, no key in them. */
const blankProbe = (target: Target, request: ListRequest, blank: BlankKey): ProbeInput => ({
  request,
  key: { tenant: request.tenant, role: 'none' },
  headers: blankKeyHeaders(blank, target.apiKeyHeader),
  probe: BLANK_KEY_WORDS[blank],
});

/**
 * A legal request of any tenant's lists, sent with no key, a malformed one, a real key in
 * another case or a key header with no key in it; aimed as keyedInputs.
 */
export function keylessInputs(target: Target, survey: Survey, kinds: readonly KeylessKind[]): ProbeInputs {
  const blind = fc
    .record({
      kind: fc.constantFrom(...kinds),
      request: listRequest(target, listSources(target, survey), { cursor: 'maybe' }),
    })
    .map(({ kind, request }) => keylessProbes(target, request, [kind])[0])
    .filter((input): input is ProbeInput => input !== undefined);
  const tenants = survey.tenants.map((tenant) => tenant.name);
  const aimed = aimedRequests(survey, tenants, blind, (request, index) =>
    withExample(keylessProbes(target, request, kinds), index),
  );
  const every = [
    ...everyKindOnEverySite(
      target,
      survey,
      kinds.filter((kind) => !isBlankKey(kind)),
    ),
    ...everyBlankOnEveryPage(target, survey, kinds.filter(isBlankKey)),
    ...everyListOnCursorPages(target, survey, kinds),
  ];
  return { ...aimed, coverage: { ...aimed.coverage, examples: [...aimed.coverage.examples, ...every] } };
}

/**
 * Each kind on each endpoint via each scheme, a first page without filters of the first tenant
 * whose full key changes under every kind: the aimed cells pair kinds with sites by turn, so a
 * server that refuses a changed key on one endpoint or scheme only would be found by chance.
 */
function everyKindOnEverySite(target: Target, survey: Survey, kinds: readonly KeylessKind[]): ProbeInput[] {
  const tenant = survey.tenants.find(
    (entry) =>
      keylessProbes(target, { ...FIRST_PAGE, tenant: entry.name }, kinds).length ===
      fitting(kinds, FIRST_PAGE.scheme).length,
  );
  if (tenant === undefined) return [];
  return ENDPOINTS.flatMap((endpoint) =>
    AUTH_SCHEMES.flatMap((scheme) =>
      keylessProbes(target, { ...FIRST_PAGE, endpoint, scheme, tenant: tenant.name }, kinds),
    ),
  );
}

/**
 * Each blank key on each endpoint's first page and on a page reached by a real cursor (the sites
 * auth.key-elsewhere covers), a tenant by turn: the headers carry no scheme of the request's, so
 * one scheme is enough.
 */
function everyBlankOnEveryPage(target: Target, survey: Survey, blanks: readonly BlankKey[]): ProbeInput[] {
  return ENDPOINTS.flatMap((endpoint) =>
    PAGES.flatMap((page) =>
      blanks.flatMap((blank, turn) => {
        const request = cellRequest(survey, endpoint, page, turn);
        return request === null ? [] : [blankProbe(target, request, blank)];
      }),
    ),
  );
}

/**
 * Each key in a list (LIST_CASES) on each endpoint's page reached by a real cursor via each scheme,
 * a tenant by turn: everyKindOnEverySite sends them on first pages, and a server that reads a
 * cursor page's key another way would otherwise be found by chance.
 */
function everyListOnCursorPages(target: Target, survey: Survey, kinds: readonly KeylessKind[]): ProbeInput[] {
  const lists = LIST_CASES.filter((kind) => kinds.includes(kind));
  return ENDPOINTS.flatMap((endpoint) =>
    AUTH_SCHEMES.flatMap((scheme) =>
      lists.flatMap((kind, turn) => {
        const request = cellRequest(survey, endpoint, 'cursor page', turn);
        return request === null ? [] : keylessProbes(target, { ...request, scheme }, [kind]);
      }),
    ),
  );
}

const FIRST_PAGE: Omit<ListRequest, 'tenant'> = {
  endpoint: 'orders',
  scheme: 'bearer',
  query: {},
  cursor: false,
};

/** keyedInputs' draws, for a property that mixes them with others. */
export const keyedRequests = (...args: Parameters<typeof keyedInputs>) => keyedInputs(...args).arbitrary;

/** keylessInputs' draws, for a property that mixes them with others. */
export const keylessRequests = (...args: Parameters<typeof keylessInputs>) =>
  keylessInputs(...args).arbitrary;

interface ProbePropertySpec extends Omit<PropertyInfo, 'checks'> {
  check: ProbeCheck;
  /** What it draws: an arbitrary, or aimed inputs with their coverage phase. */
  inputs: (
    context: PropertyContext,
    survey: Survey,
  ) => fc.Arbitrary<ProbeInput> | ProbeInputs | Skip | Promise<ProbeInputs | Skip>;
  /** The failures as judged; all of the check's, as they are, by default (see tenancy.foreign-*). */
  judge?: (failures: Failure[], input: ProbeInput, response: ApiResponse) => Failure[];
  /**
   * Checks of every answer (lib/paging/answer-checks.ts) this property is made to meet, named so
   * the faults they catch are aimed at it (key-not-disclosed for the keys that are refused;
   * every-request-answered for the requests a target may leave without an answer).
   */
  answerChecks?: readonly Pick<ProbeCheck, 'name'>[];
}

export const probeProperty = ({ check, inputs, judge, answerChecks = [], ...info }: ProbePropertySpec) =>
  defineProperty({
    ...info,
    checks: [
      ...new Set([
        check.name,
        errorBodyShape.name,
        refusalDisclosesNothing.name,
        tenantIsolation.name,
        ...answerChecks.map((each) => each.name),
      ]),
    ],
    async prepare(context) {
      const survey = await context.survey();
      const drawn = await inputs(context, survey);
      if (isSkip(drawn)) return drawn;
      const { arbitrary, coverage } = drawn instanceof fc.Arbitrary ? { arbitrary: drawn } : drawn;
      return prepared(
        arbitrary,
        async (input) => {
          const call = await probeCall(context, survey, input);
          const viaHeader = input.key.keyPlace === undefined && input.headers === undefined;
          const description = `${input.probe}, ${describeRequest(input.request, input.set, viaHeader)}`;
          const { response, failures } = await probe(context, call, check, description);
          verdict(context, judge ? judge(failures, input, response) : failures);
        },
        coverage,
      );
    },
  });
