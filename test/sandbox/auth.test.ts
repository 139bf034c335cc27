import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_SPELLINGS, spelledValue, spellingScheme } from '../../lib/http/key-spelling.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { expectErrorShape, MENU, ORDERS, SandboxClient } from './client.ts';

let sandbox: RunningSandbox;
let client: SandboxClient;

beforeAll(async () => {
  sandbox = await startSandbox({ orders: 500, menuItemsPerTenant: 50, apiKeyBrand: 'Acme' });
  client = new SandboxClient(sandbox);
});
afterAll(() => sandbox.close());

describe('authentication (spec §5)', () => {
  it('should name its branded header in the target file', () => {
    expect(sandbox.target.apiKeyHeader).toBe('X-Acme-Api-Key');
  });

  it.each([MENU, ORDERS])('should accept the same key as Bearer or in X-Acme-Api-Key on %s', async (path) => {
    const key = client.key(0);
    expect((await client.get(path, {}, { authorization: `Bearer ${key}` })).status).toBe(200);
    expect((await client.get(path, {}, { authorization: `bearer ${key}` })).status).toBe(200);
    expect((await client.get(path, {}, { 'x-acme-api-key': key })).status).toBe(200);
    expect(
      (await client.get(path, {}, { authorization: `Bearer ${key}`, 'X-Acme-Api-Key': key })).status,
    ).toBe(200);
  });

  it.each([MENU, ORDERS])(
    'should serve every spelling HTTP makes the same credential as the plain header on %s (RFC 6750 §2.1, RFC 9110 §5.5)',
    async (path) => {
      const key = client.key(0);
      const plain = (await client.get(path, { limit: 5 })).body.data?.map((record) => record.id);
      expect(plain).toHaveLength(5);
      for (const value of KEY_SPELLINGS) {
        const header = spellingScheme(value) === 'bearer' ? 'authorization' : 'x-acme-api-key';
        const reply = await client.get(path, { limit: 5 }, { [header]: spelledValue(value, key) });
        expect(reply.status, value).toBe(200);
        expect(
          reply.body.data?.map((record) => record.id),
          value,
        ).toEqual(plain);
      }
    },
  );

  it.each([
    ['no key', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a bare key without Bearer', { authorization: 'sbx_abcdefghijklmnopqrstuvwxyz' }],
    ['a malformed key', { authorization: 'Bearer short' }],
    ['an unknown key', { authorization: 'Bearer sbx_abcdefghijklmnopqrstuvwxyz0123' }],
    ['the default brand header', { 'x-sandbox-api-key': 'placeholder' }],
  ])('should answer %s with 401', async (_case, headers) => {
    const withKey = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value.replace('placeholder', client.key(0))]),
    );
    expectErrorShape(await client.get(ORDERS, {}, withKey), 401);
  });

  it('should challenge with Bearer on every 401, an error code for a key it cannot read or accept (RFC 9110 §15.5.2, RFC 6750 §3)', async () => {
    const challenge = async (headers: Record<string, string>) =>
      (await client.get(ORDERS, {}, headers)).headers['www-authenticate'];
    expect(await challenge({})).toBe('Bearer realm="public-read-api"');
    expect(await challenge({ authorization: 'Bearer short' })).toBe(
      'Bearer realm="public-read-api", error="invalid_request"',
    );
    for (const role of ['revoked', 'expired'] as const)
      expect(await challenge(client.bearer(0, role))).toBe(
        'Bearer realm="public-read-api", error="invalid_token"',
      );
    expect((await client.get(ORDERS)).headers['www-authenticate']).toBeUndefined();
  });

  it.each(['revoked', 'expired'] as const)(
    'should answer a %s key with 401 on both endpoints',
    async (role) => {
      for (const path of [MENU, ORDERS])
        expectErrorShape(await client.get(path, {}, client.bearer(0, role)), 401);
    },
  );

  it('should answer 401 when Bearer and the branded header carry different keys', async () => {
    const headers = { authorization: `Bearer ${client.key(0)}`, 'x-acme-api-key': client.key(1) };
    expectErrorShape(await client.get(ORDERS, {}, headers), 401);
  });

  it('should answer 401 to the branded header holding a list or sent twice: one key a request', async () => {
    const [own, other] = [client.key(0), client.key(1)];
    for (const value of [`${own}, ${other}`, `${own},x`, `${own},`, [own, own], [own, other]])
      expectErrorShape(await client.get(ORDERS, {}, { 'x-acme-api-key': value }), 401);
    expectErrorShape(await client.get(ORDERS, {}, { authorization: `Bearer ${own}, Bearer ${other}` }), 401);
  });

  it('should never echo a key in an error message', async () => {
    const key = client.key(0, 'revoked');
    const reply = await client.get(ORDERS, {}, { authorization: `Bearer ${key}` });
    expect(reply.text).not.toContain(key);
  });
});

describe('scopes (spec §4, §5: 403 when a scope is missing)', () => {
  it.each([
    [MENU, 'noMenuRead', 403],
    [MENU, 'noPublicRead', 403],
    [MENU, 'noOrdersRead', 200],
    [ORDERS, 'noOrdersRead', 403],
    [ORDERS, 'noPublicRead', 403],
    [ORDERS, 'noMenuRead', 200],
  ] as const)('should answer %s with a %s key with %i', async (path, role, status) => {
    const reply = await client.get(path, {}, client.bearer(1, role));
    if (status === 200) expect(reply.status).toBe(200);
    else expectErrorShape(reply, status);
  });

  it('should check scopes before validating the query', async () => {
    expect((await client.get(ORDERS, { limit: 0 }, client.bearer(0, 'noOrdersRead'))).status).toBe(403);
  });
});
