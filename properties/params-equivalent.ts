/**
 * Requests that mean what a plain request means (RFC 3986 §2.3 and RFC 3986 §6.2.2.2; spec §4.1,
 * §4.2; spec §4.3 rules 1, 2, 5, 6): a legal request of a list (any filters, any limit, page 1 or
 * 2, either scheme) sent plain, then with the unreserved characters of its parameter names and
 * values percent-encoded (every one, and the first letter of each name: `%6Cimit`), with the same
 * pairs in another order (reversed; rotated when there are three or more: a cursor issued under
 * one order comes back under another), the same for invalid ones (limit=500, status=BOGUS, a
 * cursor no server issued: the same refusal), and with each of a set of parameters the spec does
 * not define (offset, page, sort, tenantId, ...) added with a meaningful value. Encoded, the answer
 * is the plain one (encoding-means-nothing); reordered, too (parameter-order-means-nothing); with
 * an undefined parameter, it is the plain page or a 400 (undefined-parameter-ignored). Spaces stay
 * `+` as the plain request writes them: whether `+` is a space is form encoding's rule, not RFC
 * 3986's, and only unreserved characters are certain to mean themselves encoded.
 */
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { encodingMeansNothing } from '../lib/checks/encoding-means-nothing.ts';
import { parameterOrderMeansNothing } from '../lib/checks/parameter-order-means-nothing.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import type { SameMeaning } from '../lib/checks/same-page.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import type { WalkSetCheck } from '../lib/checks/types.ts';
import { undefinedParameterIgnored } from '../lib/checks/undefined-parameter-ignored.ts';
import type { Failure } from '../lib/failure.ts';
import { queryString, type ApiCall, type Query } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import { filtersOf } from '../lib/props/measure.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { runProbeChecks, runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { recordOwners, type Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import { otherOrders, twoFilterAim } from './params-order.ts';
import { answerOf } from './params-spelling.ts';
import { describeRequest, sentQuery } from './probes.ts';
import { FULL_KEY, listSources, tenantSurvey } from './support.ts';
import { credential, servedIsolation, verdict } from './walks.ts';

const hex = (char: string): string => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Form-encoded `text` with its unreserved characters percent-encoded: all, or only the first. */
function escapeUnreserved(text: string, all: boolean): string {
  let escaped = false;
  // An escape already there (%20) is kept whole: its hex digits are not characters of the value.
  return text.replace(/%[0-9A-Fa-f]{2}|[A-Za-z0-9._~-]/g, (token) => {
    if (token.length === 3 || (escaped && !all)) return token;
    escaped = true;
    return hex(token);
  });
}

/** The query's parameters as the plain request writes them (form-encoded name and value). */
const plainPairs = (query: Query): [string, string][] =>
  queryString(query)
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => pair.split('=') as [string, string]);

/** The forms of a query with unreserved characters percent-encoded, each in words. */
const ENCODINGS = [
  { words: 'every unreserved character of names and values percent-encoded', names: true, values: true },
  { words: 'the first letter of every name percent-encoded', names: false, values: false },
] as const;

function encodedCall(call: ApiCall, encoding: (typeof ENCODINGS)[number]): ApiCall {
  const raw = plainPairs(call.query).map(([name, value]) => ({
    name: escapeUnreserved(name, encoding.names),
    encoded: encoding.values ? escapeUnreserved(value, true) : value,
  }));
  return { ...call, query: {}, raw };
}

/** Parameters the spec does not define, each with a value a server honouring it would act on. */
function undefinedParameters(survey: Survey, request: ListRequest): [string, string][] {
  const other = survey.tenants.find((tenant) => tenant.name !== request.tenant)?.name ?? 'other-tenant';
  const records = tenantSurvey(survey, request.tenant).lists[request.endpoint].records;
  const id = String(records[1]?.id ?? records[0]?.id ?? 'zz-no-such-record');
  return [
    ['offset', '1'],
    ['page', '2'],
    ['skip', '1'],
    ['start', '1'],
    ['from', '1'],
    ['after', id],
    ['before', id],
    ['since', '2020-01-01T00:00:00Z'],
    ['per_page', '1'],
    ['page_size', '1'],
    ['pageSize', '1'],
    ['size', '1'],
    ['sort', '-id'],
    ['order', 'desc'],
    ['orderBy', 'id'],
    ['fields', 'id'],
    ['include', 'lines'],
    ['expand', 'lines'],
    ['tenantId', other],
    ['tenant', other],
  ];
}

/**
 * Invalid values of a parameter each (spec §4.3 rule 6, §7: 400; a cursor no server issued: a
 * 4xx), sent plain and encoded: the encoded request is refused alike.
 */
const INVALID: readonly Query[] = [{ limit: '500' }, { status: 'BOGUS' }, { cursor: 'zz-no-such-cursor' }];

export interface Judged {
  check: WalkSetCheck<SameMeaning>;
  request: string;
  variant: string;
  quiescent: boolean;
}

/** Sends `call`, judges its answer against the plain one's by `judged.check`, and its shape. */
export async function judgeVariant(
  context: PropertyContext,
  plain: { call: ApiCall; response: ApiResponse },
  call: ApiCall,
  judged: Judged,
): Promise<Failure[]> {
  const response = await context.client.send(call);
  const probe = `${judged.variant} in ${judged.request}`;
  const recordOwner = recordOwners(await context.survey());
  const same: SameMeaning = { ...judged, served: answerOf(response), plain: answerOf(plain.response) };
  const requests = [requestRecord(plain.call, plain.response.status), requestRecord(call, response.status)];
  return [
    ...runProbeChecks([errorBodyShape], { call, response, probe, recordOwner }),
    ...(await servedIsolation(context, call, response)),
    ...runWalkSetCheck(judged.check, same, requests),
  ];
}

/** A variant of a plain request: the call, what it changes in words, and the check that judges it. */
interface Variant {
  call: ApiCall;
  variant: string;
  check: WalkSetCheck<SameMeaning>;
}

/**
 * The variants of `call`: encoded, in other orders, and (the valid request, `withUndefined`) with
 * each undefined parameter added.
 */
function variantsOf(call: ApiCall, survey: Survey, request: ListRequest, withUndefined: boolean): Variant[] {
  const encoded = ENCODINGS.map((encoding) => {
    const raw = encodedCall(call, encoding);
    const sent = raw.raw?.map((pair) => `${pair.name}=${pair.encoded}`).join('&') ?? '';
    return { call: raw, variant: `${encoding.words} (${sent})`, check: encodingMeansNothing };
  });
  const reordered = otherOrders(call.query).map(({ words, query }) => ({
    call: { ...call, query },
    variant: `${words} (${queryString(query).slice(1)})`,
    check: parameterOrderMeansNothing,
  }));
  const undefinedOnes = withUndefined
    ? undefinedParameters(survey, request).map(([name, value]) => ({
        call: { ...call, query: { ...call.query, [name]: value } },
        variant: `${name}=${value} added`,
        check: undefinedParameterIgnored,
      }))
    : [];
  return [...encoded, ...reordered, ...undefinedOnes];
}

/** The plain request and every variant of it, judged. */
async function judgeForms(
  context: PropertyContext,
  survey: Survey,
  request: ListRequest,
): Promise<Failure[]> {
  const query = await sentQuery(context, survey, request);
  const { quiescent } = tenantSurvey(survey, request.tenant);
  const base = { endpoint: request.endpoint, credential: credential(request.tenant, 'full', request.scheme) };
  const failures: Failure[] = [];
  for (const sent of [query, ...INVALID.map((invalid) => ({ ...query, ...invalid }))]) {
    const call = { ...base, query: sent };
    const plain = { call, response: await context.client.send(call) };
    const words = describeRequest(request, sent);
    for (const { call: variant, ...judged } of variantsOf(call, survey, request, sent === query))
      failures.push(
        ...(await judgeVariant(context, plain, variant, { ...judged, request: words, quiescent })),
      );
  }
  return failures;
}

/** The coverage cells of each endpoint: a first page and a cursor page, bare and with two filters. */
const FORMS_CELLS = [
  { label: 'first page', cursor: false, filtered: false },
  { label: 'with a cursor', cursor: true, filtered: false },
  { label: 'first page, two filters', cursor: false, filtered: true },
  { label: 'with a cursor, two filters', cursor: true, filtered: true },
] as const;

const formsCell = (endpoint: Endpoint, cursor: boolean, filtered: boolean): CoverageCell => ({
  where: endpoint,
  label: FORMS_CELLS.find((cell) => cell.cursor === cursor && cell.filtered === filtered)?.label ?? '',
});

/** The coverage request of a cell, at limit 1 (a skipped record shows; two records make two pages), or why none. */
function formsExample(
  survey: Survey,
  endpoint: Endpoint,
  filtered: boolean,
): Omit<ListRequest, 'cursor'> | string {
  if (filtered) {
    const aim = twoFilterAim(survey, endpoint);
    if (typeof aim === 'string') return aim;
    return { endpoint, tenant: aim.tenant, scheme: 'bearer', query: { ...aim.query, limit: '1' } };
  }
  const tenant = survey.tenants.find((each) => each.lists[endpoint].records.length >= 2);
  if (tenant === undefined) return 'no list has two records';
  return { endpoint, tenant: tenant.name, scheme: 'bearer', query: { limit: '1' } };
}

/**
 * Per endpoint, a first page and a page reached by a cursor, bare and with two filters (whose
 * order can matter: the cursor of page 1 comes back with them in another order), on every run.
 */
function formsCoverage(survey: Survey): Coverage<ListRequest> {
  const cells: CoverageCell[] = [];
  // The filtered examples run first: the richest requests, where an order can matter.
  const filteredExamples: ListRequest[] = [];
  const bareExamples: ListRequest[] = [];
  for (const endpoint of ENDPOINTS)
    for (const { cursor, filtered } of FORMS_CELLS) {
      const cell = formsCell(endpoint, cursor, filtered);
      const example = formsExample(survey, endpoint, filtered);
      if (typeof example === 'string') {
        cells.push({ ...cell, why: example });
        continue;
      }
      cells.push(cell);
      (filtered ? filteredExamples : bareExamples).push({ ...example, cursor });
    }
  const examples = [...filteredExamples, ...bareExamples];
  const reached = (request: ListRequest) => {
    const filtered = Object.keys(filtersOf(request.query)).length >= 2;
    return [cellKey(formsCell(request.endpoint, request.cursor, filtered))];
  };
  return { cells, examples, reached };
}

export const equivalentFormsProperty = defineProperty({
  name: 'parameters.equivalent-forms',
  family: 'parameters',
  description:
    'A request with the unreserved characters of its names and values percent-encoded (%6Cimit=500), or with its parameters in another order (a cursor page with two filters, reversed), answers as the plain one (same page, same 400); a parameter the spec does not define (offset, page, sort, tenantId, ...) changes nothing: the plain page, or a 400.',
  checks: [
    encodingMeansNothing.name,
    parameterOrderMeansNothing.name,
    undefinedParameterIgnored.name,
    errorBodyShape.name,
    tenantIsolation.name,
  ],
  needs: [FULL_KEY],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const sources = listSources(context.target, survey);
    const arbitrary = listRequest(context.target, sources, { cursor: 'maybe', endpoints: ENDPOINTS });
    const run = async (request: ListRequest) => verdict(context, await judgeForms(context, survey, request));
    return prepared(arbitrary, run, formsCoverage(survey));
  },
});
