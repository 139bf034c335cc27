/**
 * The tenant boundary (spec §5): each key sees only its tenant's records. Id sets of two tenants
 * never meet; another tenant's cursor, location or category gets nothing of theirs (4xx / 404);
 * a search never returns another tenant's items.
 */
import fc from 'fast-check';
import { cursorRejected } from '../lib/checks/cursor-rejected.ts';
import { foreignResourceNotFound } from '../lib/checks/foreign-resource-not-found.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { tenantsDisjoint } from '../lib/checks/tenants-disjoint.ts';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { foldPage, startWalk } from '../lib/paging/walk.ts';
import { endpoint, scheme } from './arbitraries/lists.ts';
import { searchTerm, searchTerms } from './arbitraries/search.ts';
import { probeProperty } from './probes.ts';
import { genuineToken, tenantSurvey, TWO_FULL_KEYS } from './support.ts';
import { tenantNames, type Survey, type TenantSurvey } from './survey.ts';
import { defineProperty, prepared } from './types.ts';
import { credential, probe, verdict, walk, walkSpecOf } from './walks.ts';

/** An owner tenant from `owners` and another surveyed tenant (the intruder). */
const ownerAndIntruder = (survey: Survey, owners: readonly TenantSurvey[] = survey.tenants) =>
  fc
    .constantFrom(...owners.map((tenant) => tenant.name))
    .chain((owner) =>
      fc
        .constantFrom(...tenantNames(survey).filter((name) => name !== owner))
        .map((intruder) => ({ owner, intruder })),
    );

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
  description: "A cursor of tenant A sent with B's key is a 4xx and never returns A's records.",
  checks: [cursorRejected.name, tenantIsolation.name],
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = fc.record({
      pair: ownerAndIntruder(survey),
      endpoint,
      scheme,
      limit: fc.integer({ min: 1, max: 5 }),
    });
    return prepared(arbitrary, async ({ pair, endpoint: list, scheme: how, limit }) => {
      const query = { limit: String(limit) };
      const cursor = await genuineToken(context, survey, {
        tenant: pair.owner,
        endpoint: list,
        scheme: how,
        query,
      });
      const spec = walkSpecOf(
        { tenant: pair.intruder, endpoint: list, scheme: how, query: { ...query, cursor } },
        2,
        survey,
      );
      const call = { endpoint: list, query: spec.query, credential: spec.credential };
      const { response, failures } = await probe(
        context,
        call,
        cursorRejected,
        `a cursor of ${pair.owner} with ${pair.intruder}'s key`,
      );
      // Served anyway: say whose records came back, which is what makes it a leak.
      const leaks =
        response.status === 200 ? foldPage(startWalk(spec), call, response, [tenantIsolation]) : [];
      verdict(context, [...leaks, ...failures]);
    });
  },
});

const foreignPlace = (kind: 'locations' | 'categories', parameter: string, endpoints: readonly Endpoint[]) =>
  probeProperty({
    ...tenancyProperty,
    name: `tenancy.foreign-${kind === 'locations' ? 'location' : 'category'}`,
    description: `Another tenant's ${parameter}, sent with this tenant's key, is 404 (not its data, not a 400).`,
    check: foreignResourceNotFound,
    needs: [TWO_FULL_KEYS, { kind, tenants: 1 }],
    async inputs(context) {
      const survey = await context.survey();
      const places = survey.tenants.flatMap((owner) =>
        survey.tenants.flatMap((intruder) => {
          const own = new Set(intruder[kind]);
          const ids = owner === intruder ? [] : owner[kind].filter((id) => !own.has(id));
          return ids.map((id) => ({ pair: { owner: owner.name, intruder: intruder.name }, id }));
        }),
      );
      if (places.length === 0) return { skip: `no tenant has ${kind} the others lack` };
      return fc
        .record({ place: fc.constantFrom(...places), list: fc.constantFrom(...endpoints), scheme })
        .map(({ place: { pair, id }, list, scheme: how }) => ({
          call: {
            endpoint: list,
            query: { [parameter]: id, limit: '1' },
            credential: credential(pair.intruder, 'full', how),
          },
          probe: `${parameter} ${id} of ${pair.owner} with ${pair.intruder}'s key`,
        }));
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

export const TENANCY = [disjointIds, crossTenantCursor, foreignLocation, foreignCategory, searchIsolation];
