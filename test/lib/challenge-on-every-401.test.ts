/**
 * challenge-on-every-401 on answers built so that the outcome is known: RFC 9110 §11.6.1's grammar
 * read as a recipient reads it, and the memory of a run's 401s per target (which 401 fails, whichever
 * came first; the advisory once; nothing remembered without a target). That it fires on its sandbox
 * fault and passes the clean sandbox is test/properties-runner/challenge.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { challengeSchemes } from '../../lib/http/challenges.ts';
import type { ApiCall, CredentialRole } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { answerAdvisories, everyAnswerFailures } from '../../lib/paging/answer-checks.ts';
import { targetOf } from '../properties-runner/live-target.ts';

const BODY = '{"statusCode":401,"error":"Unauthorized","message":"no"}';
const CHALLENGE = 'Bearer realm="api"';

const call = (role: CredentialRole, limit = '5'): ApiCall => ({
  endpoint: 'orders',
  query: { limit },
  credential: { tenant: 'a', role, scheme: 'bearer' },
});
const answer = (status: number, challenge?: string) =>
  toApiResponse(
    status,
    {
      'content-type': 'application/json',
      date: new Date().toUTCString(),
      ...(challenge === undefined ? {} : { 'www-authenticate': challenge }),
    },
    BODY,
    1,
  );

/** A fresh target: the memory is per target object, as a run's is. */
const freshTarget = () =>
  targetOf({
    baseUrl: 'http://127.0.0.1:1/api/v1',
    apiKeyHeader: 'X-Test-Api-Key',
    load: { allowed: false, maxRps: 1 },
    tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'challenge-test-key-00001' } } }],
  });

describe('challengeSchemes (RFC 9110 §11.6.1)', () => {
  it('should read every form the grammar allows', () => {
    const cases: [string, string[]][] = [
      ['Bearer', ['Bearer']],
      ['bearer', ['bearer']],
      ['Bearer realm="api"', ['Bearer']],
      ['Bearer realm="api", error="invalid_token", error_description="The key expired"', ['Bearer']],
      ['Bearer realm = "a \\"quoted\\" realm" ,error=invalid_token', ['Bearer']],
      ['Bearer realm="", scope="public.read menu.read"', ['Bearer']],
      ['Bearer abc123==', ['Bearer']],
      // A token68 may end in "=": not an auth-param without its value.
      ['Bearer realm=', ['Bearer']],
      ['Negotiate a87421000492aa874209af8bc028', ['Negotiate']],
      ['Basic realm="x", Bearer realm="y"', ['Basic', 'Bearer']],
      ['Bearer, ApiKey', ['Bearer', 'ApiKey']],
      ['Bearer realm="a, b", Basic', ['Bearer', 'Basic']],
      [', Bearer realm="a",, , Basic realm="b",', ['Bearer', 'Basic']],
      [
        'Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"',
        ['Newauth', 'Basic'],
      ],
    ];
    for (const [value, schemes] of cases) expect(challengeSchemes(value), value).toEqual(schemes);
  });

  it('should refuse what holds no challenge or breaks the grammar', () => {
    for (const value of [
      '',
      ' , ',
      '"Bearer"',
      'Bearer realm="unterminated',
      'Bearer realm="a" error="b"',
      'Bearer =x',
      'Bearer realm="a"; charset=x',
      'Bearer a=b=',
      'Bear er realm="x"',
      'Bearer\trealm="x"',
      'Bearer realm=a b',
      '{"scheme":"Bearer"}',
    ])
      expect(challengeSchemes(value), value).toBeNull();
  });
});

describe('challenge-on-every-401', () => {
  const codes = (
    target: ReturnType<typeof freshTarget>,
    role: CredentialRole,
    challenge?: string,
    limit?: string,
  ) => everyAnswerFailures(call(role, limit), answer(401, challenge), target).map((failure) => failure.code);

  it('should pass a run whose every 401 challenges, and say nothing', () => {
    const target = freshTarget();
    for (const role of ['none', 'malformed', 'revoked', 'expired'] as const)
      expect(codes(target, role, CHALLENGE)).toEqual([]);
    expect(answerAdvisories(target)).toEqual([]);
  });

  it('should fail each 401 without a challenge once one with it was seen, naming both requests', () => {
    const target = freshTarget();
    expect(codes(target, 'none', CHALLENGE)).toEqual([]);
    const [failure] = everyAnswerFailures(call('revoked', '7'), answer(401), target);
    expect(failure).toMatchObject({
      check: 'challenge-on-every-401',
      code: 'CHALLENGE_MISSING',
      severity: 'error',
    });
    expect(failure?.requests).toEqual([
      expect.objectContaining({ role: 'none', status: 401, path: '/public/orders?limit=5' }),
      expect.objectContaining({ role: 'revoked', status: 401, path: '/public/orders?limit=7' }),
    ]);
    expect(failure?.received).toContain(
      `the 401 to GET /public/orders?limit=5 with no key by bearer sent WWW-Authenticate: ${CHALLENGE}`,
    );
    expect(codes(target, 'expired')).toEqual(['CHALLENGE_MISSING']);
    expect(codes(target, 'malformed', CHALLENGE)).toEqual([]);
    expect(answerAdvisories(target)).toEqual([]);
  });

  it('should fail the first challenged 401 when unchallenged ones came before, once, then each unchallenged one', () => {
    const target = freshTarget();
    expect(codes(target, 'revoked')).toEqual([]);
    expect(codes(target, 'expired')).toEqual([]);
    // It fails another framing check too, so it is judged twice: the same answer says it both times.
    const undated = toApiResponse(
      401,
      { 'content-type': 'application/json', 'www-authenticate': CHALLENGE },
      BODY,
      1,
    );
    expect(everyAnswerFailures(call('none'), undated, target).map((failure) => failure.code)).toEqual([
      'DATE_MISSING',
      'CHALLENGE_MISSING',
    ]);
    expect(codes(target, 'malformed', CHALLENGE)).toEqual([]);
    expect(codes(target, 'revoked')).toEqual(['CHALLENGE_MISSING']);
  });

  it('should advise once a target whose 401s carry no challenge at all, and fail none of them', () => {
    const target = freshTarget();
    for (const role of ['none', 'malformed', 'revoked', 'expired'] as const)
      expect(codes(target, role)).toEqual([]);
    const advisories = answerAdvisories(target);
    expect(advisories).toEqual([
      expect.objectContaining({
        check: 'challenge-on-every-401',
        code: 'CHALLENGE_NEVER_SENT',
        severity: 'advisory',
      }),
    ]);
    expect(advisories[0]?.requests).toEqual([expect.objectContaining({ role: 'none', status: 401 })]);
    expect(answerAdvisories(target)).toEqual([]);
  });

  it('should fail a WWW-Authenticate that is no challenge, on any status', () => {
    const target = freshTarget();
    expect(codes(target, 'none', '')).toEqual(['CHALLENGE_INVALID']);
    expect(codes(target, 'none', 'realm="api"; Bearer')).toEqual(['CHALLENGE_INVALID']);
    const forbidden = everyAnswerFailures(
      call('full'),
      answer(403, 'Bearer error=insufficient_scope scope'),
      target,
    );
    expect(forbidden.map((failure) => failure.code)).toEqual(['CHALLENGE_INVALID']);
    expect(
      everyAnswerFailures(call('full'), answer(403, 'Bearer error="insufficient_scope"'), target),
    ).toEqual([]);
  });

  it('should remember nothing without a target, and hold other statuses to nothing but the grammar', () => {
    expect(everyAnswerFailures(call('none'), answer(401, CHALLENGE))).toEqual([]);
    expect(everyAnswerFailures(call('revoked'), answer(401))).toEqual([]);
    const target = freshTarget();
    expect(codes(target, 'none', CHALLENGE)).toEqual([]);
    expect(everyAnswerFailures(call('full'), answer(403), target)).toEqual([]);
    expect(everyAnswerFailures(call('full'), answer(200), target)).toEqual([]);
  });
});
