/**
 * HTTP/1.1 connections persist unless `Connection: close` is signalled (RFC 9112 §9.3): after each
 * kind of answer the spec names, the next request on the same connection is answered. Read below
 * the harness's pool, which may send the next request on another connection or retry it there: on a
 * connection of its own, a request that draws a 200 (first page, cursor page, empty result), a 400
 * (limit=101), a 401 (no key), a 403 (a key lacking a scope), a 404 (an unknown and another
 * tenant's locationId; on the menu, categoryId too) or a 429 (the lowRateLimit key, burst past its
 * limit), then a full key's first page on the same connection, whose answer must come whole within
 * 5 s (connection-reusable). Both endpoints, the two headers in turn.
 */
import fc from 'fast-check';
import { connectionReusable, keepAliveUnjudged } from '../lib/checks/connection-reusable.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { ApiCall, CredentialRole, Query } from '../lib/http/call.ts';
import type { KeepAliveExchange } from '../lib/http/keep-alive.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { CoverageCell } from '../lib/props/coverage.ts';
import type { Survey } from '../lib/props/survey.ts';
import { ContractViolation } from '../lib/props/transcript.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { loadRefusal } from '../lib/target/loopback.ts';
import type { Target } from '../lib/target/target.ts';
import { unknownOfForm } from './arbitraries/outside-ids.ts';
import { emptyQuery, foreignPlace, keyTenant, NO_EMPTY_QUERY } from './http-head.ts';
import { fixedCells, schemeOf, servedPage, type CellInput, type PageSpot } from './http-pages.ts';
import { sent } from './rate-limit-head-rounds.ts';
import { burstUntilThrottled } from './rate-limit.ts';
import { ATTEMPTS } from './rate-limit-head.ts';
import { FULL_KEY } from './support.ts';
import { credential } from './walks.ts';

/** How a cell's first request is made: as it stands, after a page (its cursor), or after a burst. */
type Draw = 'as-is' | 'cursor' | 'throttled';

interface ReuseInput extends CellInput {
  spot: PageSpot;
  role: CredentialRole;
  set?: Query;
  draw: Draw;
}

/** What a cell asks, before its spot is known: its label, key and parameters, or why it cannot. */
type Ask =
  | { label: string; role: CredentialRole; set?: Query; draw?: Draw; tenant?: string }
  | { label: string; why: string };

/** The key lacking a scope `endpoint` needs: its own list's scope first, else public.read. */
const LACKING: Record<Endpoint, readonly CredentialRole[]> = {
  menuItems: ['noMenuRead', 'noPublicRead'],
  orders: ['noOrdersRead', 'noPublicRead'],
};

/** A place id no surveyed tenant has, of the form of one that exists. */
function unknownPlace(survey: Survey, kind: 'locations' | 'categories'): string {
  const known = new Set(survey.tenants.flatMap((tenant) => tenant[kind]));
  const [id = kind === 'locations' ? 'loc_1' : 'cat_1'] = known;
  return unknownOfForm(id, known);
}

/**
 * Each kind of answer of `endpoint` for `tenant`'s keys; the ones whose first request needs no other
 * request first, then a cursor page's and a throttled key's, so that a connection a previous
 * request left dead in the pool meets them last.
 */
function asks(target: Target, survey: Survey, tenant: string, endpoint: Endpoint): Ask[] {
  // Any surveyed tenant's empty result: one whose list has every value at every place has none.
  const emptied = survey.tenants
    .map((each) => ({ tenant: each.name, set: emptyQuery(survey, each.name, endpoint) }))
    .find(({ set }) => set !== undefined);
  const lacking = LACKING[endpoint].find((role) => keyTenant(target, survey, role) !== undefined);
  const places = endpoint === 'menuItems' ? (['locations', 'categories'] as const) : (['locations'] as const);
  const low = target.tenants.find((each) => each.keys.lowRateLimit !== undefined);
  const unloadable = loadRefusal(target);
  return [
    { label: 'a first page', role: 'full' },
    emptied?.set === undefined
      ? { label: 'an empty result', why: `every tenant's ${NO_EMPTY_QUERY[endpoint]}` }
      : { label: 'an empty result', role: 'full', ...emptied },
    { label: 'limit=101', role: 'full', set: { limit: '101' } },
    { label: 'no key', role: 'none' },
    lacking === undefined
      ? { label: 'a key lacking a scope', why: 'the target file has no key lacking a scope' }
      : { label: `a ${lacking} key`, role: lacking },
    ...places.flatMap((kind): Ask[] => {
      const name = kind === 'locations' ? 'locationId' : 'categoryId';
      const foreign = foreignPlace(survey, tenant, kind);
      return [
        { label: `an unknown ${name}`, role: 'full', set: { [name]: unknownPlace(survey, kind) } },
        foreign === undefined
          ? { label: `another tenant's ${name}`, why: `no other tenant has a ${name}` }
          : { label: `another tenant's ${name}`, role: 'full', set: { [name]: foreign } },
      ];
    }),
    { label: 'a cursor page', role: 'full', draw: 'cursor' },
    low === undefined || unloadable !== null
      ? { label: 'a throttled key', why: unloadable ?? 'the target file has no lowRateLimit key' }
      : { label: 'a throttled key', role: 'lowRateLimit', draw: 'throttled', tenant: low.name },
  ];
}

/** Every cell of both endpoints, the two headers taken in turn. */
function reuseCells(target: Target, survey: Survey) {
  const inputs: ReuseInput[] = [];
  const unreachable: CoverageCell[] = [];
  const tenant = keyTenant(target, survey, 'full') ?? '';
  for (const endpoint of ENDPOINTS)
    asks(target, survey, tenant, endpoint).forEach((ask, index) => {
      const scheme = schemeOf(index);
      const where = `${endpoint} via ${scheme}`;
      if ('why' in ask) return unreachable.push({ where, label: ask.label, why: ask.why });
      const role = ask.role;
      const owner = ask.tenant ?? (role === 'full' ? tenant : (keyTenant(target, survey, role) ?? tenant));
      const { set, draw = 'as-is' } = ask;
      inputs.push({
        cell: { where, label: ask.label },
        spot: { tenant: owner, endpoint, page: draw === 'cursor' ? 'cursor' : 'first', scheme },
        role,
        draw,
        ...(set === undefined ? {} : { set }),
      });
    });
  return fixedCells(inputs, unreachable);
}

/** The cell's first request: its cursor from a page the pool reads, or its key burst past its limit. */
async function firstCall(context: PropertyContext, survey: Survey, input: ReuseInput): Promise<ApiCall> {
  const { spot, role, set, draw } = input;
  const call: ApiCall = {
    endpoint: spot.endpoint,
    query: { ...set },
    credential: credential(spot.tenant, role, spot.scheme),
  };
  if (draw === 'cursor') return (await servedPage(context, survey, spot)).call;
  if (draw === 'throttled') {
    const burst = await burstUntilThrottled(
      context.raw,
      () => call,
      context.target.load.maxRps,
      () => [],
    );
    if (burst.latest === undefined)
      context.inconclusive(`${burst.sent} requests in ${burst.tookMs} ms met no 429`);
  }
  return call;
}

const statusOf = (exchange: KeepAliveExchange): number =>
  exchange.kind === 'answered' ? exchange.status : 0;

/**
 * The cell's first request and a full key's first page after it on one connection of its own:
 * connection-reusable's failure thrown, the two requests ending the transcript; an exchange that
 * judged nothing is inconclusive. The first answer's status, for a throttled key's cell.
 */
async function reused(
  context: PropertyContext,
  survey: Survey,
  input: ReuseInput,
  request: string,
): Promise<number> {
  const first = await firstCall(context, survey, input);
  const tenant = keyTenant(context.target, survey, 'full') ?? input.spot.tenant;
  const second: ApiCall = {
    endpoint: input.spot.endpoint,
    query: { limit: '1' },
    credential: credential(tenant, 'full', input.spot.scheme),
  };
  const exchange = await context.keepAliveOnWire(first, second);
  const status = statusOf(exchange);
  const after =
    exchange.kind === 'answered' && exchange.after.kind === 'answered' ? exchange.after.status : 0;
  const records = [requestRecord(first, status), requestRecord(second, after)];
  const failures = runWalkSetCheck(connectionReusable, { request, exchange }, records);
  // Sent below the recording client: the two requests end the transcript.
  if (failures.length > 0)
    throw new ContractViolation(failures, [
      ...context.client.transcript(),
      sent(first, status),
      sent(second, after),
    ]);
  const unjudged = keepAliveUnjudged(exchange);
  if (unjudged !== null) context.inconclusive(`${request}: ${unjudged}`);
  return status;
}

export const keepAliveProperty = defineProperty({
  name: 'http.keep-alive',
  family: 'http',
  description:
    "After each kind of answer the spec names, on a connection of its own below the pool (a 200 first page, cursor page and empty result, a 400 for limit=101, a 401 without a key, a 403 for a key lacking a scope, a 404 for an unknown and another tenant's locationId and categoryId, a throttled key's 429), the next request on the same connection is answered completely within 5 s, unless the answer signalled Connection: close or the server closed the connection (RFC 9112 §9.3, RFC 9112 §9.6); both endpoints.",
  checks: [connectionReusable.name],
  needs: [FULL_KEY],
  runs: 2,
  async prepare(context) {
    const survey = await context.survey();
    const coverage = reuseCells(context.target, survey);
    return prepared(
      fc.constantFrom(...coverage.examples),
      async (input) => {
        const request = `${input.cell.label}, ${input.cell.where}`;
        // A window that reopened between the burst's 429 and the raw request is met once more, as
        // ratelimit.head-throttled meets it.
        for (let attempt = 0; attempt < (input.draw === 'throttled' ? ATTEMPTS : 1); attempt += 1) {
          const status = await reused(context, survey, input, request);
          if (input.draw !== 'throttled' || status === 429) return;
        }
        context.inconclusive(`${request}: no raw request right after a burst's 429 was refused 429`);
      },
      coverage,
    );
  },
});
