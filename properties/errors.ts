/** Errors (spec §7, §2 Error): every non-2xx answer is JSON in the Error shape, with its status. */
import fc from 'fast-check';
import { challengeOnEvery401 } from '../lib/checks/challenge-on-every-401.ts';
import { dateCurrent } from '../lib/checks/date-current.ts';
import { dateHeaderSent } from '../lib/checks/date-header-sent.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { noByteOrderMark } from '../lib/checks/no-byte-order-mark.ts';
import { singleValuedFields } from '../lib/checks/single-valued-fields.ts';
import type { Query } from '../lib/http/call.ts';
import { SHARED_ROLES } from '../lib/target/schema.ts';
import { randomCursor } from './arbitraries/cursors.ts';
import { invalidLimit } from './arbitraries/limits.ts';
import { listRequest, type ListSource } from './arbitraries/requests.ts';
import { describeRequest, keyedRequests, keylessRequests, probeCall, type ProbeInput } from './probes.ts';
import { keyedRoles } from './support.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { probe, verdict } from './walks.ts';

/** A parameter made bad in a legal request: a limit, a cursor or a status spec §4 rejects. */
const badParameter: fc.Arbitrary<Query> = fc.oneof(
  invalidLimit.map((limit) => ({ limit })),
  randomCursor.map((cursor) => ({ cursor })),
  fc.constantFrom('BOGUS', 'open', '').map((status) => ({ status })),
);

/**
 * Requests the contract answers with an error, each a legal request of a list (any filters, any
 * limit or none, page 1 or 2) broken in one way: a key it must refuse, a bad parameter, or another
 * tenant's location.
 */
function badRequests(context: PropertyContext, survey: Survey): fc.Arbitrary<ProbeInput> {
  const { target } = context;
  const limitedRoles = SHARED_ROLES.filter((role) => role !== 'full');
  const refusedKeys = keyedRoles(target, limitedRoles);
  const kinds = [keylessRequests(target, survey, ['none', 'malformed'])];
  if (refusedKeys.length > 0) kinds.push(keyedRequests(target, survey, refusedKeys));
  const sources = survey.tenants.map((tenant): ListSource => ({ tenant, paged: true }));
  if (sources.length > 0)
    kinds.push(
      fc
        .record({ request: listRequest(target, sources, { cursor: 'maybe' }), set: badParameter })
        .map(({ request, set }) => ({
          request,
          key: { tenant: request.tenant, role: 'full' as const },
          set,
          probe: `bad parameters ${JSON.stringify(set)}`,
        })),
    );
  const foreign = survey.tenants.flatMap((owner) => owner.locations.map((id) => ({ owner: owner.name, id })));
  if (foreign.length > 0 && sources.length > 1)
    kinds.push(
      fc
        .record({
          place: fc.constantFrom(...foreign),
          request: listRequest(target, sources, { cursor: 'maybe' }),
        })
        .filter(({ place, request }) => place.owner !== request.tenant)
        .map(({ place, request }) => ({
          request,
          key: { tenant: request.tenant, role: 'full' as const },
          set: { locationId: place.id },
          probe: `a location of ${place.owner} with ${request.tenant}'s key`,
        })),
    );
  return fc.oneof(...kinds);
}

const errorShape = defineProperty({
  name: 'errors.shape',
  family: 'errors',
  description:
    'Every error answer (400, 401, 403, 404) is JSON in the Error shape, its statusCode the HTTP status, with a Date header, each single-valued field once and no byte order mark; every 401 carries WWW-Authenticate if any does.',
  // The framing checks run on every answer of every property (lib/paging/answer-checks.ts); this
  // one names them, as it sends every error status the spec's table names.
  checks: [
    errorBodyShape.name,
    dateHeaderSent.name,
    dateCurrent.name,
    singleValuedFields.name,
    noByteOrderMark.name,
    challengeOnEvery401.name,
  ],
  needs: [],
  runs: 60,
  async prepare(context) {
    const survey = await context.survey();
    return prepared(badRequests(context, survey), async (input) => {
      const call = await probeCall(context, survey, input);
      const description = `${input.probe}, ${describeRequest(input.request, input.set)}`;
      const { response, failures } = await probe(context, call, errorBodyShape, description);
      // A request this target happens to serve says nothing about its errors.
      fc.pre(response.status >= 400);
      verdict(context, failures);
    });
  },
});

export const ERRORS = [errorShape];
