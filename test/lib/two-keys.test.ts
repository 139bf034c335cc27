/**
 * Two different keys in one request: the headers each form sends (lib/http/two-keys.ts), and
 * two-keys-served-alone's judgement of the answer to a key in each header (spec §5).
 */
import { describe, expect, it } from 'vitest';
import { twoKeysServedAlone } from '../../lib/checks/two-keys-served-alone.ts';
import type { ApiCall, CredentialRole } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { twoKeyHeaders } from '../../lib/http/two-keys.ts';
import type { KeyRole } from '../../lib/target/schema.ts';

describe('twoKeyHeaders', () => {
  it('should list both keys in one header, send two lines, or one key in each header', () => {
    const keys = ['KA', 'KB'] as const;
    expect(twoKeyHeaders('X-Service-Api-Key', 'serviceHeader', keys, 'listed')).toEqual({
      'x-service-api-key': 'KA, KB',
    });
    expect(twoKeyHeaders('X-Service-Api-Key', 'bearerLowerCase', keys, 'listed')).toEqual({
      authorization: 'bearer KA, bearer KB',
    });
    expect(twoKeyHeaders('X-Service-Api-Key', 'serviceHeader', keys, 'two-lines')).toEqual({
      'x-service-api-key': ['KA', 'KB'],
    });
    expect(twoKeyHeaders('X-Service-Api-Key', 'serviceHeader', keys, 'both-headers')).toEqual({
      'x-service-api-key': 'KA',
      authorization: 'Bearer KB',
    });
    expect(twoKeyHeaders('X-Service-Api-Key', 'bearer', keys, 'both-headers')).toEqual({
      authorization: 'Bearer KA',
      'x-service-api-key': 'KB',
    });
  });
});

describe('two-keys-served-alone', () => {
  const OWNERS: Record<string, string> = { a1: 'a', a2: 'a', b1: 'b' };
  const judge = (first: CredentialRole, second: [string, KeyRole], status: number, ids: string[] = []) => {
    const call: ApiCall = {
      endpoint: 'orders',
      query: {},
      credential: {
        tenant: 'a',
        role: first,
        scheme: 'serviceHeader',
        second: { tenant: second[0], role: second[1], form: 'both-headers' },
      },
    };
    const body = JSON.stringify({
      data: ids.map((id) => ({ id })),
      pagination: { nextPageToken: null, hasMore: false },
    });
    const response = toApiResponse(status, { 'content-type': 'application/json' }, body, 1);
    const failure = twoKeysServedAlone.run({ call, response, probe: 'p', recordOwner: (id) => OWNERS[id] });
    return failure === null ? null : [failure.code, failure.severity ?? 'error'];
  };

  it('should allow any refusal, and a page of a key that alone is served', () => {
    for (const status of [400, 401, 403]) expect(judge('full', ['b', 'full'], status)).toBeNull();
    expect(judge('full', ['a', 'revoked'], 200, ['a1', 'a2'])).toBeNull();
    expect(judge('noOrdersRead', ['a', 'full'], 200, ['a1'])).toBeNull();
    expect(judge('revoked', ['b', 'full'], 200, ['b1'])).toBeNull();
  });

  it("should fail a page no key alone gets: a revoked key's tenant, scopes neither key has, two tenants", () => {
    expect(judge('revoked', ['b', 'full'], 200, ['a1'])).toEqual(['TWO_KEYS_CROSSED', 'error']);
    expect(judge('noOrdersRead', ['a', 'noPublicRead'], 200)).toEqual(['TWO_KEYS_SERVED', 'error']);
    expect(judge('full', ['b', 'full'], 200, ['a1', 'b1'])).toEqual(['TWO_KEYS_CROSSED', 'error']);
    expect(judge('full', ['b', 'full'], 500)).toEqual(['TWO_KEYS_SERVED', 'error']);
  });

  it("should report two tenants' keys served as one of them as advisory only", () => {
    expect(judge('full', ['b', 'full'], 200, ['b1'])).toEqual(['TWO_KEYS_ONE_CHOSEN', 'advisory']);
    expect(judge('full', ['b', 'full'], 200, ['a1'])).toEqual(['TWO_KEYS_ONE_CHOSEN', 'advisory']);
  });
});
