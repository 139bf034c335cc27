/**
 * The tenant boundary (spec §5): each key sees only its tenant's records. Id sets of two tenants
 * never meet; another tenant's cursor, location or category gets nothing of theirs (4xx / 404);
 * a search never returns another tenant's items. The probes send a legal request of a list (any
 * filters, any limit or none, page 1 or 2) with only the foreign cursor or place in it.
 */
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import fc from 'fast-check';
import { cursorRejected } from '../lib/checks/cursor-rejected.ts';
import { foreignResourceNotFound } from '../lib/checks/foreign-resource-not-found.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { tenantsDisjoint } from '../lib/checks/tenants-disjoint.ts';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { foldPage, startWalk } from '../lib/paging/walk.ts';
import type { Failure } from '../lib/failure.ts';
import { isClientError, type ApiResponse } from '../lib/http/response.ts';
import { endpoint, scheme } from './arbitraries/lists.ts';
import { unknownOfForm } from './arbitraries/outside-ids.ts';
import { listRequest, type ListSource } from './arbitraries/requests.ts';
import { searchTerm, searchTerms } from './arbitraries/search.ts';
import { describeRequest, probeCall, sentQuery, type ProbeInput } from './probes.ts';
import { tenantSurvey, TWO_FULL_KEYS } from './support.ts';
import { foreignOwner, tenantNames, type Survey, type TenantSurvey } from '../lib/props/survey.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { foreignLikeUnknown } from '../lib/checks/foreign-like-unknown.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import { probe, verdict, walk, walkSpecOf } from './walks.ts';
import { TENANT_OVERLAP } from './tenant-overlap.ts';

/** An owner tenant from `owners` and another surveyed tenant (the intruder). */
const ownerAndIntruder = (survey: Survey, owners: readonly TenantSurvey[] = survey.tenants) =>
  fc
    .constantFrom(...owners.map((tenant) => tenant.name))
    .chain((owner) =>
      fc
        .constantFrom(...tenantNames(survey).filter((name) => name !== owner))
        .map((intruder) => ({ owner, intruder })),
    );

/**
 * The owner's lists with only the filters the intruder may send too: the owner's locations and
 * categories are foreign to the intruder (a 404 that would hide what the cursor does) unless shared.
 */
function sharedSource(survey: Survey, pair: { owner: string; intruder: string }): ListSource {
  const owner = tenantSurvey(survey, pair.owner);
  const intruder = tenantSurvey(survey, pair.intruder);
  const shared = (kind: 'locations' | 'categories') =>
    owner[kind].filter((id) => intruder[kind].includes(id));
  return {
    tenant: { ...owner, locations: shared('locations'), categories: shared('categories') },
    paged: true,
  };
}

/**
 * With a cursor, a foreign place is also a cursor sent with other filters, which spec §4.3 rule 4
 * calls unsupported without naming the answer: another refusal (a 4xx) is advisory there. Data,
 * or a 5xx, still fails.
 */
const refusedWithCursor = (failures: Failure[], input: ProbeInput, response: ApiResponse): Failure[] =>
  input.request.cursor && isClientError(response.status)
    ? failures.map((failure) =>
        failure.check === errorBodyShape.name ? failure : { ...failure, severity: 'advisory' },
      )
    : failures;

const tenancyProperty = { family: 'tenancy' as const, needs: [TWO_FULL_KEYS], runs: 20 };

const disjointIds = defineProperty({
  ...tenancyProperty,
  name: 'tenancy.disjoint-ids',
  description:
    'Two tenants walking the same list see disjoint id sets, and never a record the survey saw elsewhere.',
  checks: [tenantsDisjoint.name, tenantIsolation.name],
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = fc.record({ pair: ownerAndIntruder(survey), endpoint, scheme });
    return prepared(arbitrary, async ({ pair, endpoint: list, scheme: how }) => {
      const walks = [];
      for (const tenant of [pair.owner, pair.intruder]) {
        const spec = walkSpecOf(
          { tenant, endpoint: list, scheme: how, query: { limit: '100' } },
          Number.MAX_SAFE_INTEGER,
          survey,
        );
        walks.push({ tenant, state: await walk(context, spec, context.budget.prefixPages) });
      }
      verdict(
        context,
        walks.flatMap(({ state }) => state.failures),
      );
      const ids = walks.map(({ tenant, state }) => ({ tenant, ids: new Set(state.ids.keys()) }));
      verdict(
        context,
        runWalkSetCheck(
          tenantsDisjoint,
          ids,
          walks.flatMap(({ state }) => state.requests),
        ),
      );
    });
  },
});

const crossTenantCursor = defineProperty({
  ...tenancyProperty,
  name: 'tenancy.cross-tenant-cursor',
  description:
    "A cursor of tenant A (any filters both may send, any limit) sent with B's key is a 4xx and never returns A's records.",
  checks: [cursorRejected.name, tenantIsolation.name],
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = ownerAndIntruder(survey).chain((pair) =>
      listRequest(context.target, [sharedSource(survey, pair)], { cursor: 'always' }).map((request) => ({
        pair,
        request,
      })),
    );
    return prepared(arbitrary, async ({ pair, request }) => {
      const query = await sentQuery(context, survey, request);
      const spec = walkSpecOf({ ...request, tenant: pair.intruder, query }, 2, survey);
      const call = { endpoint: request.endpoint, query: spec.query, credential: spec.credential };
      const { response, failures } = await probe(
        context,
        call,
        cursorRejected,
        `a cursor of ${pair.owner} with ${pair.intruder}'s key, ${describeRequest(request)}`,
      );
      // Served anyway: say whose records came back, which is what makes it a leak.
      const leaks =
        response.status === 200 ? foldPage(startWalk(spec), call, response, [tenantIsolation]) : [];
      verdict(context, [...leaks, ...failures]);
    });
  },
});

/** A foreign place probe and the unknown id of its form sent in the same request. */
interface ForeignPlaceInput {
  input: ProbeInput;
  id: string;
  unknown: string;
}

const foreignPlace = (kind: 'locations' | 'categories', parameter: string, endpoints: readonly Endpoint[]) =>
  defineProperty({
    ...tenancyProperty,
    name: `tenancy.foreign-${kind === 'locations' ? 'location' : 'category'}`,
    description: `Another tenant's ${parameter}, sent with this tenant's key, is 404 (not its data, not a 400), refused exactly like an unknown id of the same form.`,
    checks: [
      foreignResourceNotFound.name,
      foreignLikeUnknown.name,
      errorBodyShape.name,
      tenantIsolation.name,
    ],
    needs: [TWO_FULL_KEYS, { kind, tenants: 1 }],
    async prepare(context) {
      const survey = await context.survey();
      const taken = new Set(survey.tenants.flatMap((tenant) => tenant[kind]));
      const places = survey.tenants.flatMap((owner) =>
        survey.tenants.flatMap((intruder) => {
          const own = new Set(intruder[kind]);
          const ids = owner === intruder ? [] : owner[kind].filter((id) => !own.has(id));
          return ids.map((id) => ({ owner: owner.name, intruder, id }));
        }),
      );
      if (places.length === 0) return { skip: `no tenant has ${kind} the others lack` };
      const arbitrary = fc.constantFrom(...places).chain(({ owner, intruder, id }) =>
        listRequest(context.target, [{ tenant: intruder, paged: true }], { cursor: 'maybe', endpoints }).map(
          (request): ForeignPlaceInput => ({
            input: {
              request,
              key: { tenant: request.tenant, role: 'full' },
              set: { [parameter]: id },
              probe: `${parameter} ${id} of ${owner} with ${request.tenant}'s key`,
            },
            id,
            unknown: unknownOfForm(id, taken),
          }),
        ),
      );
      return prepared(arbitrary, async ({ input, id, unknown }) => {
        const call = await probeCall(context, survey, input);
        const description = `${input.probe}, ${describeRequest(input.request, input.set)}`;
        const { response, failures } = await probe(context, call, foreignResourceNotFound, description);
        // The same request with an id no tenant has: what "does not exist" looks like here.
        const twinCall = { ...call, query: { ...call.query, [parameter]: unknown } };
        const twin = await context.client.send(twinCall);
        const compared = runWalkSetCheck(
          foreignLikeUnknown,
          {
            parameter,
            foreign: { response, id },
            unknown: { response: twin, id: unknown },
            foreignOwner: foreignOwner(survey, input.request.tenant),
          },
          [requestRecord(call, response.status), requestRecord(twinCall, twin.status)],
        );
        verdict(context, [...refusedWithCursor(failures, input, response), ...compared]);
      });
    },
  });

const foreignLocation = foreignPlace('locations', 'locationId', ['menuItems', 'orders']);
const foreignCategory = foreignPlace('categories', 'categoryId', ['menuItems']);

const searchIsolation = defineProperty({
  ...tenancyProperty,
  name: 'tenancy.search-isolation',
  description: "q taken from tenant A's items, searched with B's key, never returns A's items.",
  checks: [tenantIsolation.name],
  async prepare(context) {
    const survey = await context.survey();
    const owners = survey.tenants.filter((tenant) => searchTerms(tenant.lists.menuItems.records).length > 0);
    if (owners.length === 0) return { skip: 'the survey saw no menu item names or SKUs' };
    const arbitrary = ownerAndIntruder(survey, owners).chain((pair) =>
      fc.record({
        pair: fc.constant(pair),
        q: searchTerm(tenantSurvey(survey, pair.owner).lists.menuItems.records),
        scheme,
      }),
    );
    return prepared(arbitrary, async ({ pair, q, scheme: how }) => {
      const spec = walkSpecOf(
        { tenant: pair.intruder, endpoint: 'menuItems', scheme: how, query: { q, limit: '100' } },
        Number.MAX_SAFE_INTEGER,
        survey,
      );
      verdict(context, (await walk(context, spec, context.budget.prefixPages)).failures);
    });
  },
});

export const TENANCY = [
  disjointIds,
  crossTenantCursor,
  foreignLocation,
  foreignCategory,
  searchIsolation,
  ...TENANT_OVERLAP,
];
