/**
 * Properties made of single requests whose status the contract fixes (limits, cursors, auth,
 * tenancy). Each probe starts from a legal request of a list (arbitraries/requests.ts: filters,
 * limit, cursor, scheme) and changes one thing: the key, a place, one parameter.
 */
import fc from 'fast-check';
import type { ProbeCheck } from '../lib/checks/types.ts';
import type { Failure } from '../lib/failure.ts';
import { queryString, type ApiCall, type CredentialRole, type Query } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import type { Target } from '../lib/target/target.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import { genuineToken, listSource, listSources } from './support.ts';
import type { Survey } from '../lib/props/survey.ts';
import {
  defineProperty,
  isSkip,
  prepared,
  type PropertyContext,
  type PropertyInfo,
  type Skip,
} from '../lib/props/types.ts';
import { credential, probe, verdict } from './walks.ts';

/** A legal request, what the probe changes in it, and in words what that tries. */
export interface ProbeInput {
  request: ListRequest;
  /** The key it is sent with, via the request's scheme. */
  key: { tenant: string; role: CredentialRole };
  /** Parameters set over the request's own: a foreign place, a bad limit, a random cursor. */
  set?: Query;
  probe: string;
}

/** The request in words: the list, its parameters, page 2 when it follows a first page, the header. */
export function describeRequest(request: ListRequest, set: Query = {}): string {
  const page = request.cursor && set.cursor === undefined ? 'page 2 of ' : '';
  return `${page}${request.endpoint}${queryString({ ...request.query, ...set })} via ${request.scheme}`;
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
    credential: credential(key.tenant, key.role, request.scheme),
  };
}

const describeKey = (role: CredentialRole, tenant: string): string =>
  role === 'none' ? 'no key' : role === 'malformed' ? 'a malformed key' : `the ${role} key of ${tenant}`;

/** A legal request of the key's tenant's lists, sent with that key. */
export const keyedRequests = (
  target: Target,
  survey: Survey,
  keys: readonly { tenant: string; role: CredentialRole }[],
): fc.Arbitrary<ProbeInput> =>
  fc
    .constantFrom(...keys)
    .chain((key) =>
      listRequest(target, [listSource(target, survey, key.tenant)], { cursor: 'maybe' }).map(
        (request): ProbeInput => ({ request, key, probe: describeKey(key.role, key.tenant) }),
      ),
    );

/** A legal request of any tenant's lists, sent with no key or a malformed one. */
export const keylessRequests = (
  target: Target,
  survey: Survey,
  roles: readonly ('none' | 'malformed')[],
): fc.Arbitrary<ProbeInput> =>
  fc
    .record({
      role: fc.constantFrom(...roles),
      request: listRequest(target, listSources(target, survey), { cursor: 'maybe' }),
    })
    .map(({ role, request }): ProbeInput => ({
      request,
      key: { tenant: request.tenant, role },
      probe: describeKey(role, request.tenant),
    }));

interface ProbePropertySpec extends Omit<PropertyInfo, 'checks'> {
  check: ProbeCheck;
  inputs: (context: PropertyContext, survey: Survey) => fc.Arbitrary<ProbeInput> | Skip;
  /** The failures as judged; all of the check's, as they are, by default (see tenancy.foreign-*). */
  judge?: (failures: Failure[], input: ProbeInput, response: ApiResponse) => Failure[];
}

export const probeProperty = ({ check, inputs, judge, ...info }: ProbePropertySpec) =>
  defineProperty({
    ...info,
    checks: [check.name],
    async prepare(context) {
      const survey = await context.survey();
      const arbitrary = inputs(context, survey);
      if (isSkip(arbitrary)) return arbitrary;
      return prepared(arbitrary, async (input) => {
        const call = await probeCall(context, survey, input);
        const description = `${input.probe}, ${describeRequest(input.request, input.set)}`;
        const { response, failures } = await probe(context, call, check, description);
        verdict(context, judge ? judge(failures, input, response) : failures);
      });
    },
  });
