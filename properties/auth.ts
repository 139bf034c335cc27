/**
 * Authentication and scopes (spec §5): both headers carry the same key and behave alike; a missing,
 * malformed, revoked or expired key is 401; a valid key lacking a scope its endpoint needs is 403.
 * Every probe is a legal request of a list (any filters, any limit or none, page 1 or page 2) with
 * only the key changed, so a server that skips a check for some query fails on that query.
 */
import { authSchemesAgree } from '../lib/checks/auth-schemes-agree.ts';
import { challengeOnEvery401 } from '../lib/checks/challenge-on-every-401.ts';
import { dateCurrent } from '../lib/checks/date-current.ts';
import { keyNotDisclosed } from '../lib/checks/key-not-disclosed.ts';
import { keyRejected } from '../lib/checks/key-rejected.ts';
import { scopeEnforced } from '../lib/checks/scope-enforced.ts';
import { AUTH_SCHEMES, type AuthScheme, type CredentialRole } from '../lib/http/call.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { Survey } from '../lib/props/survey.ts';
import { BLANK_KEYS } from '../lib/http/blank-key.ts';
import { KEY_CASES } from '../lib/http/key-case.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { everyRequestAnswered } from '../lib/checks/every-request-answered.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { cellRequest, keyPlaceInputs } from './key-places.ts';
import { bothHeaderInputs, keyListProbes } from './key-pairs.ts';
import { twoKeysServedAlone } from '../lib/checks/two-keys-served-alone.ts';
import { keyedInputs, keylessInputs, probeProperty, sentQuery, type ProbeInput } from './probes.ts';
import { FULL_KEY, keyedRoles } from './support.ts';
import { judgeKeySpelling, keySpellingInputs } from './key-spellings.ts';
import { keySpellingServed } from '../lib/checks/key-spelling-served.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import { credential, verdict } from './walks.ts';

const missingOrMalformedKey = probeProperty({
  name: 'auth.missing-or-malformed-key',
  family: 'auth',
  description:
    "A request without a key, with a string that cannot be a key, or with a real key changed (upper, lower, one letter flipped; a character replaced, dropped, appended or put before it: never issued) or whole inside another value (after a Bearer of its own, quoted; in a list: twice with a comma, a space or a comma and a space, with junk or a comma after it, then after a Bearer of its own; the key header sent twice), or two different real keys in a list or on two lines of the key header (two tenants' full keys, a full key with a revoked, expired or scope-lacking one, a revoked key with another tenant's full key, two keys each lacking a scope the other has; both orders), or a key header with no key in it (empty, blanks only, the Bearer scheme word alone, both headers empty) is 401 on both endpoints and both schemes, first pages and pages reached by a cursor.",
  check: keyRejected,
  // A server that closes the connection on a key it cannot parse gives no 401 at all (spec §5); each
  // 401 carries WWW-Authenticate if any does (lib/paging/answer-checks.ts runs it on every answer).
  answerChecks: [everyRequestAnswered, challengeOnEvery401],
  needs: [],
  runs: 20,
  inputs: (context, survey) => {
    const { arbitrary, coverage } = keylessInputs(context.target, survey, [
      'none',
      'malformed',
      ...KEY_CASES,
      ...BLANK_KEYS,
    ]);
    const lists = keyListProbes(context.target, survey);
    return {
      arbitrary,
      ...(coverage && { coverage: { ...coverage, examples: [...coverage.examples, ...lists] } }),
    };
  },
});

const twoKeys = probeProperty({
  name: 'auth.two-keys',
  family: 'auth',
  description:
    "A different real key in each header (X-...-Api-Key and Authorization: Bearer; two tenants' full keys, a full key with a revoked, expired or scope-lacking one, a revoked key with another tenant's full key, two keys each lacking a scope the other has; each header first) is refused (400, 401, 403) or served as one of its keys alone is, on both endpoints, first pages and pages reached by a cursor: never where neither key alone is served, never with records of a tenant whose key alone is refused (spec §5). Two tenants' keys, either served: advisory.",
  check: twoKeysServedAlone,
  needs: [{ kind: 'key', role: 'full', tenants: 1 }],
  // Its draws are its coverage phase's probes again: a couple suffice.
  runs: 2,
  inputs: (context, survey) => bothHeaderInputs(context.target, survey),
});

const keyElsewhere = probeProperty({
  name: 'auth.key-elsewhere',
  family: 'auth',
  description:
    "A tenant's full key sent in neither header spec §5 names (a query parameter api_key, apiKey, key, access_token or token; an api_key or token cookie; Authorization: Token, ApiKey, Basic or no scheme; an X-Api-Key, Api-Key, X-Auth-Token or X-Access-Token header) is 401 (a query parameter may be 400), never a page, on first pages and pages reached by a cursor.",
  check: keyRejected,
  answerChecks: [challengeOnEvery401],
  needs: [{ kind: 'key', role: 'full', tenants: 1 }],
  runs: 20,
  inputs: (context, survey) => keyPlaceInputs(context.target, survey),
});

const rejectedRole = (role: 'revoked' | 'expired') =>
  probeProperty({
    name: `auth.${role}-key`,
    family: 'auth',
    description: `A key that is ${role} is 401 on both endpoints and both schemes, and its answer holds no other key of the tenant (its working key) nor any other key.`,
    check: keyRejected,
    // A refusal built on the key's record may take more from it than its words: its Date too.
    answerChecks: [keyNotDisclosed, challengeOnEvery401, dateCurrent],
    needs: [{ kind: 'key', role, tenants: 1 }],
    runs: 20,
    inputs: (context, survey) => keyedInputs(context.target, survey, keyedRoles(context.target, [role])),
  });

const revokedKey = rejectedRole('revoked');
const expiredKey = rejectedRole('expired');

const scopeProperty = (role: 'noPublicRead' | 'noMenuRead' | 'noOrdersRead', scope: string) =>
  probeProperty({
    name: `auth.scope-${scope.replace('.', '-')}`,
    family: 'auth',
    description: `A key without ${scope} is 403 on the endpoints that need it, served on the others.`,
    check: scopeEnforced,
    needs: [{ kind: 'key', role, tenants: 1 }],
    runs: 20,
    inputs: (context, survey) => keyedInputs(context.target, survey, keyedRoles(context.target, [role])),
  });

const publicReadScope = scopeProperty('noPublicRead', 'public.read');
const menuReadScope = scopeProperty('noMenuRead', 'menu.read');
const ordersReadScope = scopeProperty('noOrdersRead', 'orders.read');

/**
 * A page reached by a cursor with every key of its tenant, the cursor fetched via each header in
 * turn (spec §5: one key, either way; a walk may change ways between pages): the coverage reaches
 * it for each key and both lists, which the paging classes' examples, a key by turn, need not.
 */
function schemeCursorPages(
  survey: Survey,
  keys: readonly { tenant: string; role: CredentialRole }[],
): ProbeInput[] {
  return ENDPOINTS.flatMap((endpoint, turn) => {
    const request = cellRequest(survey, endpoint, 'cursor page', turn);
    if (request === null) return [];
    return keys
      .filter((key) => key.tenant === request.tenant)
      .flatMap((key) =>
        CURSOR_FROM.map((scheme) => ({
          request: { ...request, scheme },
          key,
          probe: `${endpoint} cursor page fetched via ${scheme}, ${key.role} key`,
        })),
      );
  });
}

/** The headers a cursor is fetched via before schemes-agree sends it via each. */
const CURSOR_FROM: readonly AuthScheme[] = ['bearer', 'serviceHeader'];

const schemesAgree = defineProperty({
  name: 'auth.schemes-agree',
  family: 'auth',
  description:
    'Every key (and a malformed one) answers alike via Authorization: Bearer, Authorization: bearer (RFC 9110 §11.1) and X-...-Api-Key.',
  checks: [authSchemesAgree.name],
  needs: [],
  runs: 30,
  async prepare(context) {
    const { target } = context;
    const survey = await context.survey();
    const keys: { tenant: string; role: CredentialRole }[] = [
      ...keyedRoles(target),
      ...target.tenants.slice(0, 1).map((tenant) => ({ tenant: tenant.name, role: 'malformed' as const })),
    ];
    const inputs = keyedInputs(target, survey, keys);
    const cursorPages = schemeCursorPages(survey, keys);
    return prepared(
      inputs.arbitrary,
      async ({ key, request }) => {
        // One query, cursor and all, sent via each header in turn.
        const query = await sentQuery(context, survey, request);
        const calls = AUTH_SCHEMES.map((how) => ({
          endpoint: request.endpoint,
          query,
          credential: credential(key.tenant, key.role, how),
        }));
        const outcomes = [];
        for (const call of calls) outcomes.push({ call, status: (await context.client.send(call)).status });
        const requests = outcomes.map((outcome) => requestRecord(outcome.call, outcome.status));
        const compared = outcomes.map((outcome) => ({
          scheme: outcome.call.credential.scheme,
          status: outcome.status,
        }));
        verdict(context, runWalkSetCheck(authSchemesAgree, compared, requests));
      },
      inputs.coverage && { ...inputs.coverage, examples: [...inputs.coverage.examples, ...cursorPages] },
    );
  },
});

const keySpellings = defineProperty({
  name: 'auth.key-spellings',
  family: 'auth',
  description:
    "A key's header spelled another way HTTP's grammar allows (Authorization: Bearer and two or three spaces, RFC 6750 §2.1 1*SP; a space and a tab before or after the value of Authorization or of X-...-Api-Key, RFC 9110 §5.5 OWS) answers as the plain header: the same status, and on quiescent data the same page, on both endpoints, first pages and pages reached by a cursor, every key of the target. A tab after Bearer is not sent (not in 1*SP).",
  checks: [keySpellingServed.name, errorBodyShape.name, tenantIsolation.name],
  needs: [FULL_KEY],
  runs: 20,
  async prepare(context) {
    const survey = await context.survey();
    const { arbitrary, coverage } = keySpellingInputs(context.target, survey);
    return prepared(
      arbitrary,
      async (input) => verdict(context, await judgeKeySpelling(context, survey, input)),
      coverage,
    );
  },
});

export const AUTH = [
  schemesAgree,
  keySpellings,
  missingOrMalformedKey,
  keyElsewhere,
  twoKeys,
  revokedKey,
  expiredKey,
  publicReadScope,
  menuReadScope,
  ordersReadScope,
];
