/**
 * key-not-disclosed on answers built in memory: a key of the target other than the request's own,
 * whole or a piece of 16 characters, in any header or body fails; the request's own key (in any
 * form it was sent) and pieces shorter than 16 pass. The finding names whose key, never the key.
 */
import { describe, expect, it } from 'vitest';
import { keyNotDisclosed } from '../../lib/checks/key-not-disclosed.ts';
import type { ApiCall, CredentialRole } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { everyAnswerFailures, LOAD_KEY_SEARCH, type KeySearch } from '../../lib/paging/answer-checks.ts';
import type { Target } from '../../lib/target/target.ts';
import { TARGET } from '../load/fixtures.ts';

const KEYS = {
  a: { full: 'tvk_Q2hhcmxpZSBrZXkgb2YgYQ_full01', expired: 'tvk_ZXhwaXJlZCBrZXkgb2YgYQ_exp001' },
  b: { full: 'tvk_YW5vdGhlciB0ZW5hbnQncyBrZXk_b01' },
};
const target: Target = {
  ...TARGET,
  tenants: [
    { ...(TARGET.tenants[0] as Target['tenants'][number]), name: 'tenant-a', keys: KEYS.a },
    { ...(TARGET.tenants[1] as Target['tenants'][number]), name: 'tenant-b', keys: KEYS.b },
  ],
};

const call = (role: CredentialRole, tenant = 'tenant-a', keyCase?: 'upper'): ApiCall => ({
  endpoint: 'orders',
  query: {},
  credential: { tenant, role, scheme: 'bearer', ...(keyCase && { keyCase }) },
});

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  toApiResponse(
    status,
    { date: new Date().toUTCString(), 'content-type': 'application/json', ...headers },
    JSON.stringify(body),
    1,
  );

const judge = (sent: ApiCall, status: number, body: unknown, headers?: Record<string, string>) =>
  keyNotDisclosed.run({ call: sent, response: answer(status, body, headers), probe: 'a probe', target });

describe('key-not-disclosed', () => {
  it("should fail an expired key's 401 that names the tenant's working key, naming whose, not the key", () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: `expired: use ${KEYS.a.full}` };
    const found = judge(call('expired'), 401, body);
    expect(found?.code).toBe('KEY_DISCLOSED');
    expect(found?.message).toContain('the full key of tenant-a');
    expect(found?.message).toContain('401');
    for (const key of [...Object.values(KEYS.a), KEYS.b.full])
      expect(JSON.stringify(found)).not.toContain(key.slice(4, 20));
  });

  it("should fail another tenant's key in a page or a header, and with no key sent any key", () => {
    const page = {
      data: [{ id: 'o1', note: KEYS.b.full }],
      pagination: { nextPageToken: null, hasMore: false },
    };
    expect(judge(call('full'), 200, page)?.message).toContain('the full key of tenant-b');
    expect(judge(call('full'), 200, { data: [] }, { 'x-debug': `k=${KEYS.b.full};` })?.message).toContain(
      'tenant-b',
    );
    expect(judge(call('none'), 401, { message: KEYS.a.expired })?.message).toContain(
      'the expired key of tenant-a',
    );
    expect(judge(call('malformed'), 401, { message: KEYS.a.full })?.message).toContain(
      'the full key of tenant-a',
    );
  });

  it('should fail a piece of 16 characters of a key, anywhere in it, and pass 15', () => {
    for (const start of [0, 3, 9, KEYS.b.full.length - 16]) {
      const piece = KEYS.b.full.slice(start, start + 16);
      expect(judge(call('full'), 401, { message: `x${piece}.` })?.message, piece).toContain(
        '16 characters of the full key of tenant-b',
      );
      expect(judge(call('full'), 401, { message: `x${piece.slice(1)}.` }), piece).toBeNull();
    }
  });

  it("should pass the request's own key echoed, in the form it was sent too, and an answer with no key", () => {
    expect(judge(call('expired'), 401, { message: `expired: ${KEYS.a.expired}` })).toBeNull();
    expect(judge(call('full', 'tenant-a', 'upper'), 401, { message: KEYS.a.full })).toBeNull();
    expect(judge(call('full'), 200, { data: [{ id: 'tvk_order_1' }], pagination: {} })).toBeNull();
  });

  it('should run on every answer given its target, and not without one', () => {
    const response = answer(401, { message: KEYS.b.full });
    expect(everyAnswerFailures(call('full'), response, target).map((failure) => failure.check)).toEqual([
      'key-not-disclosed',
    ]);
    expect(everyAnswerFailures(call('full'), response)).toEqual([]);
  });

  it("should search a load's refusals, errors and 429s but not its 2xx pages (LOAD_KEY_SEARCH)", () => {
    const checksOf = (status: number, search: KeySearch) =>
      everyAnswerFailures(call('full'), answer(status, { message: KEYS.b.full }), target, search).map(
        (failure) => failure.check,
      );
    expect(LOAD_KEY_SEARCH).toBe('not-pages');
    for (const status of [304, 400, 401, 403, 404, 429, 500])
      expect(checksOf(status, 'not-pages'), String(status)).toEqual(['key-not-disclosed']);
    expect(checksOf(200, 'not-pages')).toEqual([]);
    expect(checksOf(200, 'every-answer')).toEqual(['key-not-disclosed']);
  });
});
