/** Errors (spec §7, §2 Error): every non-2xx answer is JSON in the Error shape, with its status. */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import type { CredentialRole } from '../lib/http/call.ts';
import { KEY_ROLES } from '../lib/target/schema.ts';
import { invalidLimit } from './arbitraries/limits.ts';
import { randomCursor } from './arbitraries/cursors.ts';
import { endpoint, scheme } from './arbitraries/lists.ts';
import { tenantsWith } from './needs.ts';
import type { ProbeInput } from './probes.ts';
import { defineProperty, prepared, type PropertyContext } from './types.ts';
import { credential, probe, verdict } from './walks.ts';

/** Requests the contract answers with an error: bad parameters, and keys it must refuse. */
async function badRequests(context: PropertyContext): Promise<fc.Arbitrary<ProbeInput>> {
  const { target } = context;
  const full = tenantsWith(target, 'full')[0]?.name;
  const someone = full ?? target.tenants[0]?.name ?? '';
  const badParameters = [
    invalidLimit.map((limit) => ({ limit })),
    randomCursor.map((cursor) => ({ cursor })),
    fc.constantFrom('BOGUS', 'open', '').map((status) => ({ status })),
  ];
  const refusedRoles: CredentialRole[] = ['none', 'malformed'];
  for (const role of KEY_ROLES.filter((entry) => entry !== 'full'))
    if (tenantsWith(target, role).length > 0) refusedRoles.push(role);
  const kinds: fc.Arbitrary<ProbeInput>[] = [
    fc
      .record({ role: fc.constantFrom(...refusedRoles), endpoint, scheme })
      .map(({ role, endpoint: list, scheme: how }) => {
        const tenant =
          role === 'none' || role === 'malformed' ? someone : (tenantsWith(target, role)[0]?.name ?? someone);
        return {
          call: { endpoint: list, query: { limit: '1' }, credential: credential(tenant, role, how) },
          probe: `a ${role} key`,
        };
      }),
  ];
  if (full !== undefined)
    kinds.push(
      fc
        .record({ query: fc.oneof(...badParameters), endpoint, scheme })
        .map(({ query, endpoint: list, scheme: how }) => ({
          call: { endpoint: list, query, credential: credential(full, 'full', how) },
          probe: `bad parameters ${JSON.stringify(query)}`,
        })),
    );
  const survey = full === undefined ? undefined : await context.survey();
  const foreign =
    survey?.tenants.flatMap((owner) => owner.locations.map((id) => ({ owner: owner.name, id }))) ?? [];
  const intruders = survey?.tenants.map((tenant) => tenant.name) ?? [];
  if (foreign.length > 0 && intruders.length > 1)
    kinds.push(
      fc
        .record({
          place: fc.constantFrom(...foreign),
          intruder: fc.constantFrom(...intruders),
          endpoint,
          scheme,
        })
        .filter(({ place, intruder }) => place.owner !== intruder)
        .map(({ place, intruder, endpoint: list, scheme: how }) => ({
          call: {
            endpoint: list,
            query: { locationId: place.id },
            credential: credential(intruder, 'full', how),
          },
          probe: `a location of ${place.owner} with ${intruder}'s key`,
        })),
    );
  return fc.oneof(...kinds);
}

const errorShape = defineProperty({
  name: 'errors.shape',
  family: 'errors',
  description:
    'Every error answer (400, 401, 403, 404) is JSON in the Error shape, its statusCode the HTTP status.',
  checks: [errorBodyShape.name],
  needs: [],
  runs: 60,
  async prepare(context) {
    return prepared(await badRequests(context), async (input) => {
      const { response, failures } = await probe(context, input.call, errorBodyShape, input.probe);
      // A request this target happens to serve says nothing about its errors.
      fc.pre(response.status >= 400);
      verdict(context, failures);
    });
  },
});

export const ERRORS = [errorShape];
