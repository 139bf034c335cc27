/**
 * Two different real keys in one request (lib/http/two-keys.ts): listed or on two lines of the key
 * header, a malformed key (key-rejected, auth.missing-or-malformed-key); one in each header, refused
 * or served as one key alone is (two-keys-served-alone, auth.two-keys). A server that reads a list
 * as its first or its last key serves that key's tenant; one that takes the tenant from one header
 * and the key's validity from the other serves a revoked key's tenant. The clean sandbox passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import { keyRejected } from '../../lib/checks/key-rejected.ts';
import type { ApiCall, AuthScheme } from '../../lib/http/call.ts';
import type { TwoKeyForm } from '../../lib/http/two-keys.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';
import { AUTH } from '../../properties/auth.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { coverageOnly, startSmallSandbox } from './live-target.ts';

const byName = (name: string) => AUTH.find((property) => property.name === name) as (typeof AUTH)[number];
const TWO_KEYS = byName('auth.two-keys');
const KEYS = byName('auth.missing-or-malformed-key');

/** The orders of tenant-a's full key with tenant-b's sent `form` via `scheme`. */
const twoTenants = (form: TwoKeyForm, scheme: AuthScheme): ApiCall => ({
  endpoint: 'orders',
  query: { limit: '5' },
  credential: {
    tenant: 'tenant-a',
    role: 'full',
    scheme,
    second: { tenant: 'tenant-b', role: 'full', form },
  },
});
const LISTS: [TwoKeyForm, AuthScheme][] = [
  ['listed', 'serviceHeader'],
  ['listed', 'bearer'],
  ['two-lines', 'serviceHeader'],
];

describe('two different keys in one request', () => {
  let sandboxes: Record<'clean' | 'first' | 'last' | 'split', RunningSandbox>;
  beforeAll(async () => {
    const [clean, first, last, split] = await Promise.all([
      startSmallSandbox(),
      startSmallSandbox({ faults: ['first-of-repeated-key'] }),
      startSmallSandbox({ faults: ['last-of-repeated-key'] }),
      startSmallSandbox({ faults: ['key-headers-split'] }),
    ]);
    sandboxes = { clean, first, last, split };
  }, 60_000);
  afterAll(() => Promise.all(Object.values(sandboxes).map((sandbox) => sandbox.close())));

  /** What each list of two tenants' keys gets on `sandbox`: its status, key-rejected's code, whose ids. */
  async function lists(sandbox: RunningSandbox) {
    const client = createNodeClient(resolveInlineTarget(sandbox.target));
    try {
      /** The ids of what `call` gets, sent once: the page a key was served, or none. */
      const ids = async (call: ApiCall) =>
        ((await client.send(call)).body as { data?: { id: string }[] }).data
          ?.map((record) => record.id)
          .join();
      const alone = (tenant: string): ApiCall => ({
        endpoint: 'orders',
        query: { limit: '5' },
        credential: { tenant, role: 'full', scheme: 'bearer' },
      });
      const owners = new Map([
        [await ids(alone('tenant-a')), 'first'],
        [await ids(alone('tenant-b')), 'second'],
      ]);
      const answers = [];
      for (const [form, scheme] of LISTS) {
        const call = twoTenants(form, scheme);
        const response = await client.send(call);
        const served = await ids(call);
        const whose = served === undefined ? 'none' : (owners.get(served) ?? 'other');
        answers.push([
          response.status,
          keyRejected.run({ call, response, probe: form })?.code ?? null,
          whose,
        ]);
      }
      return answers;
    } finally {
      await client.close();
    }
  }

  it("should refuse each list on the clean sandbox, and fail key-rejected where the first or the second key's tenant is served", async () => {
    const refused = [401, null, 'none'];
    expect(await lists(sandboxes.clean)).toEqual([refused, refused, refused]);
    const first = [200, 'ACCEPTED', 'first'];
    expect(await lists(sandboxes.first)).toEqual([first, first, first]);
    const second = [200, 'ACCEPTED', 'second'];
    expect(await lists(sandboxes.last)).toEqual([second, second, second]);
  }, 60_000);

  it('should fail auth.two-keys where a revoked key names the tenant and the other key passes the guard', async () => {
    for (const seed of [1, 2]) {
      const result = await coverageOnly(sandboxes.split, TWO_KEYS, seed);
      expect(result?.status).toBe('failed');
      const failure = result?.status === 'failed' ? result.failures[0] : undefined;
      expect([failure?.check, failure?.code]).toEqual(['two-keys-served-alone', 'TWO_KEYS_CROSSED']);
      expect(failure?.message).toMatch(
        /^the revoked key of tenant-a \+ the full key of tenant-b, in the other key header/,
      );
    }
  }, 60_000);

  it('should fail auth.missing-or-malformed-key on a list read as its last key', async () => {
    const result = await coverageOnly(sandboxes.last, KEYS);
    expect(result?.status === 'failed' ? result.failures[0]?.check : result?.status).toBe('key-rejected');
  }, 60_000);

  it('should pass the clean sandbox, every pair reached with either key first, no advisory', async () => {
    for (const property of [TWO_KEYS, KEYS]) {
      const result = await coverageOnly(sandboxes.clean, property);
      expect(result?.status, property.name).toBe('passed');
      expect(result?.status === 'passed' ? result.advisories : undefined).toEqual([]);
    }
    const result = await coverageOnly(sandboxes.clean, TWO_KEYS);
    const coverage = result?.status === 'passed' ? result.coverage : undefined;
    expect(coverage?.reached.map((entry) => [entry.label, entry.cells, entry.of])).toEqual(
      [
        'full + full of another tenant',
        'full + revoked',
        'full + expired',
        'full + lacking a scope',
        'revoked + full of another tenant',
        'lacking one scope + lacking another',
        // Each on both endpoints' first and cursor pages, either key in the key header.
      ].map((label) => [label, 8, 8]),
    );
  }, 60_000);
});
