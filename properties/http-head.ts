/**
 * HEAD is GET without content (RFC 9110 §9.3.2; spec §4: both endpoints are GET): for every kind of
 * key the auth properties send (none, malformed, revoked, expired, each missing scope, full), for
 * a full key's refused requests (a 400 of each kind of invalid value, another tenant's locationId)
 * and its empty result, on first pages and on pages a cursor reaches, via both headers, HEAD
 * answers GET's status (the spec's) without content, and its Content-Length and Content-Type, when
 * sent, say what GET's content is (RFC 9110 §8.6), its validators and caching fields what GET's say
 * (RFC 9110 §9.3.2). Each HEAD is sent once more below undici, whose answers end at the head
 * whatever followed it: there its answer must end at its header section (RFC 9112 §6.3).
 */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { headFieldMismatch, headFieldsLikeGet } from '../lib/checks/head-fields-like-get.ts';
import { headEndsAtHeader } from '../lib/checks/head-ends-at-header.ts';
import { headLikeGet } from '../lib/checks/head-like-get.ts';
import type { Failure } from '../lib/failure.ts';
import { isClientError, type ApiResponse } from '../lib/http/response.ts';
import { notModifiedJustified } from '../lib/checks/not-modified-justified.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { queryString, type ApiCall, type CredentialRole, type Query } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { CoverageCell } from '../lib/props/coverage.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { Target } from '../lib/target/target.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import {
  fixedCells,
  PAGE_KINDS,
  servedPage,
  spotWhere,
  errorShape,
  unasked,
  type CellInput,
  type PageSpot,
} from './http-pages.ts';
import { aimedOnce, anyLimit, measuredList } from './arbitraries/measured.ts';
import { onWire } from './http-head-wire.ts';
import { FULL_KEY } from './support.ts';
import { credential, verdict } from './walks.ts';
import { isQuiescent, steadiest } from '../lib/target/target.ts';

interface HeadInput extends CellInput {
  spot: PageSpot;
  role: CredentialRole;
  /** Parameters over the page's own: a refused request of a full key. */
  set?: Query;
  /** The statuses the spec gives the request. */
  spec: readonly number[];
}

/** The scope each limited key lacks, and the endpoint that needs it (public.read: both). */
const LACKS: Partial<Record<CredentialRole, Endpoint | 'both'>> = {
  noPublicRead: 'both',
  noMenuRead: 'menuItems',
  noOrdersRead: 'orders',
};

/** spec §5 and §7: what a request of `endpoint` with a key of `role` gets. */
function specStatus(role: CredentialRole, endpoint: Endpoint): number {
  if (['none', 'malformed', 'revoked', 'expired'].includes(role)) return 401;
  const lacks = LACKS[role];
  return lacks === 'both' || lacks === endpoint ? 403 : 200;
}

const ROLES: readonly CredentialRole[] = [
  'none',
  'malformed',
  'revoked',
  'expired',
  'noPublicRead',
  'noMenuRead',
  'noOrdersRead',
  'full',
];

/**
 * The surveyed tenant (it has a full key: cursors) that also has a key of `role`, a quiescent one
 * first (its pages are the same bytes each time, so HEAD's fields can be held to GET's); none and
 * malformed need no key.
 */
export function keyTenant(target: Target, survey: Survey, role: CredentialRole): string | undefined {
  const surveyed = new Set(survey.tenants.map((tenant) => tenant.name));
  const fits = target.tenants.filter(
    (tenant) =>
      surveyed.has(tenant.name) &&
      (role === 'none' || role === 'malformed' || tenant.keys[role] !== undefined),
  );
  return steadiest(fits)?.name;
}

/** The filters whose values select no record of each list: a q, or a location and a status. */
const EMPTY_BY: Record<Endpoint, readonly string[]> = {
  menuItems: ['q'],
  orders: ['locationId', 'status'],
};

/**
 * A query of `endpoint` that matches nothing (spec §4.3 rule 7): for the menu a q that no name or
 * SKU holds under any reading of "case-insensitive", for orders a locationId and status that
 * select no order (spec §3, §4.2); each measured on the tenant's survey where it is exact
 * (quiescent and read whole), as the outcome properties aim their empty class
 * (properties/arbitraries/measured.ts).
 */
export function emptyQuery(survey: Survey, tenant: string, endpoint: Endpoint): Query | undefined {
  const surveyed = survey.tenants.find((entry) => entry.name === tenant);
  const list = surveyed && measuredList(surveyed, endpoint);
  if (list === undefined || !list.exact) return undefined;
  return aimedOnce(list, EMPTY_BY[endpoint], anyLimit).byClass.empty?.[0]?.query;
}

/** Why a tenant's list has no empty query (emptyQuery). */
export const NO_EMPTY_QUERY: Record<Endpoint, string> = {
  menuItems: 'menu was not read in full while still, or every q value drawn finds an item',
  orders: 'orders were not read in full while still, or have every status at every location',
};

/**
 * One value of each kind the spec refuses with a 400 (spec §4.1, §4.2, §4.3 rule 6, §7): a limit
 * below, above and outside the integers, a status outside the list's enum, an activeOnly no boolean.
 */
const INVALID: Record<Endpoint, readonly Query[]> = {
  menuItems: [{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { status: 'BOGUS' }],
  orders: [{ limit: '0' }, { limit: '101' }, { limit: 'ten' }, { status: 'BOGUS' }, { activeOnly: 'maybe' }],
};

/** A location (or category) of a tenant other than `tenant`: a full key's request of it is 404 (spec §5). */
export const foreignPlace = (
  survey: Survey,
  tenant: string,
  kind: 'locations' | 'categories' = 'locations',
): string | undefined =>
  survey.tenants.find((other) => other.name !== tenant && other[kind].length > 0)?.[kind][0];

/** Every cell: each key kind at every page and header, and a full key's refusals on first pages. */
function headCells(target: Target, survey: Survey) {
  const inputs: HeadInput[] = [];
  const unreachable: CoverageCell[] = [];
  for (const endpoint of ENDPOINTS)
    for (const page of PAGE_KINDS)
      for (const scheme of ['bearer', 'serviceHeader'] as const) {
        const where = spotWhere({ endpoint, page, scheme });
        for (const role of ROLES) {
          const label = role === 'none' ? 'no key' : `${role} key`;
          const tenant = keyTenant(target, survey, role);
          if (tenant === undefined)
            unreachable.push({ where, label, why: `the target file has no ${role} key` });
          else
            inputs.push({
              cell: { where, label },
              spot: { tenant, endpoint, page, scheme },
              role,
              spec: [specStatus(role, endpoint)],
            });
        }
        if (page === 'cursor') continue;
        const tenant = keyTenant(target, survey, 'full') ?? '';
        const empty = emptyQuery(survey, tenant, endpoint);
        if (empty === undefined)
          unreachable.push({
            where,
            label: 'full key, empty result',
            why: `${tenant}'s ${NO_EMPTY_QUERY[endpoint]}`,
          });
        else
          inputs.push({
            cell: { where, label: 'full key, empty result' },
            spot: { tenant, endpoint, page, scheme },
            role: 'full',
            set: empty,
            spec: [200],
          });
        for (const set of INVALID[endpoint])
          inputs.push({
            cell: { where, label: `full key, ${queryString(set).slice(1)}` },
            spot: { tenant, endpoint, page, scheme },
            role: 'full',
            set,
            spec: [400],
          });
        const place = foreignPlace(survey, tenant);
        const label = "full key, another tenant's locationId";
        if (place === undefined) unreachable.push({ where, label, why: 'no other tenant has a location' });
        else
          inputs.push({
            cell: { where, label },
            spot: { tenant, endpoint, page, scheme },
            role: 'full',
            set: { locationId: place },
            spec: [404],
          });
      }
  return fixedCells(inputs, unreachable);
}

/**
 * Whether GET's answer holds still between requests: a refusal for what was asked (not a 429, whose
 * text may count down, nor a 5xx), or a page of a quiescent tenant.
 */
const judgesFields = (survey: Survey, tenant: string, get: ApiResponse): boolean =>
  get.status !== 429 &&
  get.status < 500 &&
  (isClientError(get.status) || isQuiescent(survey.tenants, tenant));

/**
 * head-fields-like-get on `call`'s GET and HEAD: where HEAD's fields disagree with GET's answer, GET
 * is sent once more, and the HEAD is held to what the two agree on. A clean target costs no request.
 */
async function fieldsJudged(
  context: PropertyContext,
  sent: { request: string; call: ApiCall; get: ApiResponse; headCall: ApiCall; head: ApiResponse },
  judged: boolean,
): Promise<Failure[]> {
  const { request, call, get, headCall, head } = sent;
  if (!judged || headFieldMismatch([get], head) === null) return [];
  const again = await context.client.send(call);
  const records = [
    requestRecord(call, get.status),
    requestRecord(headCall, head.status),
    requestRecord(call, again.status),
  ];
  return runWalkSetCheck(headFieldsLikeGet, { request, gets: [get, again], head }, records);
}

export const headProperty = defineProperty({
  name: 'http.head',
  family: 'http',
  description:
    "HEAD answers GET's status without content, its answer ending at its header section on the wire (the next answer's bytes right after it on a kept-alive connection, RFC 9112 §6.3), its Content-Length (when sent) GET's octets, its Content-Type GET's media type and its ETag, Last-Modified, Cache-Control, Vary and Content-Encoding what GET's say (RFC 9110 §9.3.2, RFC 9110 §8.6, RFC 9111 §4.3.5): each key kind (none, malformed, revoked, expired, each missing scope, full) and a full key's 400 (limit 0, 101 and not an integer, a status outside the enum, an activeOnly no boolean), 404 and empty result, on first and cursor pages, via both headers.",
  checks: [
    headLikeGet.name,
    headFieldsLikeGet.name,
    headEndsAtHeader.name,
    errorBodyShape.name,
    notModifiedJustified.name,
  ],
  needs: [FULL_KEY],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const coverage = headCells(context.target, survey);
    return prepared(
      fc.constantFrom(...coverage.examples),
      async ({ cell, spot, role, set, spec }) => {
        const served = await servedPage(context, survey, spot);
        const call: ApiCall =
          role === 'full' && set === undefined
            ? served.call
            : {
                ...served.call,
                query: { ...served.call.query, ...set },
                credential: credential(spot.tenant, role, spot.scheme),
              };
        const get = call === served.call ? served : await context.client.send(call);
        const headCall: ApiCall = { ...call, method: 'HEAD' };
        const head = await context.client.send(headCall);
        const request = `${cell.label}, ${cell.where}`;
        const compared = {
          request,
          get: get.status,
          head: { status: head.status, bodyText: head.bodyText },
          spec,
        };
        const records = [requestRecord(call, get.status), requestRecord(headCall, head.status)];
        const wire = await onWire(context, request, headCall);
        verdict(context, [
          ...wire.failures,
          ...runWalkSetCheck(headLikeGet, compared, records),
          ...(await fieldsJudged(
            context,
            { request, call, get, headCall, head },
            judgesFields(survey, spot.tenant, get),
          )),
          ...unasked(call, get, `GET ${request}`),
          ...unasked(headCall, head, `HEAD ${request}`),
          ...(get === served ? [] : errorShape(call, get, request)),
        ]);
        if (wire.unjudged !== null) context.inconclusive(`${request}: ${wire.unjudged}`);
      },
      coverage,
    );
  },
});
