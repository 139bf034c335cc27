/**
 * A real key in another spelling of its header that HTTP's grammar makes the same credential
 * (lib/http/key-spelling.ts: `Bearer` and two or three spaces, a space and a tab around either
 * header's value), judged against the same request with the plain header (key-spelling-served).
 * The coverage phase sends every spelling on each endpoint's first page and on a page reached by a
 * real cursor, a tenant's full key by turn; the random runs then draw a spelling, any key of the
 * target and a legal request.
 */
import fc from 'fast-check';
import { keySpellingServed } from '../lib/checks/key-spelling-served.ts';
import type { CredentialRole } from '../lib/http/call.ts';
import {
  KEY_SPELLING_WORDS,
  KEY_SPELLINGS,
  spellingScheme,
  type KeySpelling,
} from '../lib/http/key-spelling.ts';
import type { Coverage } from '../lib/props/coverage.ts';
import { surveyOf, type Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import type { Target } from '../lib/target/target.ts';
import type { ListRequest } from './arbitraries/requests.ts';
import { siteCoverage } from './key-places.ts';
import { judgeVariant } from './params-equivalent.ts';
import { describeRequest, keyedRequests, sentQuery } from './probes.ts';
import { keyedRoles } from './support.ts';
import { credential } from './walks.ts';

/** A legal request, the key it goes with, and the spelling of that key's header. */
export interface SpellingInput {
  request: ListRequest;
  key: { tenant: string; role: CredentialRole };
  spelling: KeySpelling;
}

/** `request` sent with `key` spelled `spelling`, via the header the spelling goes in. */
const spelled = (request: ListRequest, key: SpellingInput['key'], spelling: KeySpelling): SpellingInput => ({
  request: { ...request, scheme: spellingScheme(spelling) },
  key,
  spelling,
});

/** Every spelling on each endpoint's first and cursor page, a tenant's full key by turn. */
const coverage = (survey: Survey): Coverage<SpellingInput> =>
  siteCoverage(
    survey,
    KEY_SPELLINGS,
    (request, spelling) => spelled(request, { tenant: request.tenant, role: 'full' }, spelling),
    (input) => input.spelling,
  );

/** The spelling probes: aimed at every spelling and site, then any key of the target spelled at random. */
export function keySpellingInputs(
  target: Target,
  survey: Survey,
): { arbitrary: fc.Arbitrary<SpellingInput>; coverage: Coverage<SpellingInput> } {
  const arbitrary = fc
    .record({
      spelling: fc.constantFrom(...KEY_SPELLINGS),
      drawn: keyedRequests(target, survey, keyedRoles(target)),
    })
    .map(({ spelling, drawn }) => spelled(drawn.request, drawn.key, spelling));
  return { arbitrary, coverage: coverage(survey) };
}

/**
 * Sends the request with the plain header of the spelling's scheme (`Authorization: Bearer <key>`
 * or `X-...-Api-Key: <key>`), then spelled, and judges the second against the first.
 */
export async function judgeKeySpelling(context: PropertyContext, survey: Survey, input: SpellingInput) {
  const { request, key, spelling } = input;
  const query = await sentQuery(context, survey, request);
  const plainCall = {
    endpoint: request.endpoint,
    query,
    credential: credential(key.tenant, key.role, request.scheme),
  };
  const plain = { call: plainCall, response: await context.client.send(plainCall) };
  const call = { ...plainCall, credential: { ...plainCall.credential, keySpelling: spelling } };
  const who = key.role === 'malformed' ? 'a malformed key' : `the ${key.role} key of ${key.tenant}`;
  return judgeVariant(context, plain, call, {
    check: keySpellingServed,
    request: `${who}, ${describeRequest(request)}`,
    variant: KEY_SPELLING_WORDS[spelling],
    // A tenant without a full key was not surveyed: its pages are compared by status alone.
    quiescent: surveyOf(survey, request.tenant)?.quiescent ?? false,
  });
}
