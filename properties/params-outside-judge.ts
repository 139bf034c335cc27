/**
 * Sending one outside value in place of a request's own and judging the answer (spec §4.1, §4.2,
 * §7): a 400 where the spec rules the value out, never a 5xx, every error in the Error shape and
 * disclosing nothing, nothing of another tenant served; an id or cursor no tenant has refused, and
 * a served spelling of a named value judged as that value, where the property asks for it.
 */
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { invalidParameterRejected } from '../lib/checks/invalid-parameter-rejected.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import type { ProbeCheck } from '../lib/checks/types.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall, Query } from '../lib/http/call.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { recordOwners } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import type { Outside } from './arbitraries/outside.ts';
import type { ListRequest } from './arbitraries/requests.ts';
import { judgeSpelling } from './params-spelling.ts';
import { describeRequest } from './probes.ts';
import { credential, servedIsolation } from './walks.ts';

/** What a property judges beyond the checks every outside value gets. */
interface OutsideJudging {
  /** Judge the values no tenant has (an unknown id or cursor) besides invalid-parameter-rejected. */
  unknown?: readonly ProbeCheck[];
  /** A served spelling of a value the spec names is judged as that value (spelling-means-value). */
  spellings?: boolean;
  /** The request's tenant holds still (the survey says), as spelling-means-value is told. */
  quiescent: boolean;
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

const shown = (outside: Outside): string => {
  const text = outside.encoded.map((encoded) => `${outside.name}=${encoded}`).join('&');
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
};

/** Sends each outside value in the request and judges every answer; the failures of all. */
export async function probeOutside(
  context: PropertyContext,
  request: ListRequest,
  query: Query,
  values: readonly Outside[],
  judging: OutsideJudging,
): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const outside of values) {
    const call = outsideCall(request, query, outside);
    const response = await context.client.send(call);
    const checks = [errorBodyShape, refusalDisclosesNothing, invalidParameterRejected];
    if (outside.unknown) checks.push(...(judging.unknown ?? []));
    const others = { ...request, query: without(request.query, outside.name) };
    const probe = `${outside.kind} (${shown(outside)}) in ${describeRequest(others)}`;
    const recordOwner = recordOwners(await context.survey());
    failures.push(...runProbeChecks(checks, { call, response, probe, recordOwner }));
    failures.push(...(await servedIsolation(context, call, response)));
    if (judging.spellings)
      failures.push(
        ...(await judgeSpelling(
          context,
          { call, response, outside, words: describeRequest(others) },
          judging.quiescent,
        )),
      );
  }
  return failures;
}
