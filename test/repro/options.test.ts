import { describe, expect, it } from 'vitest';
import { chooseCredential } from '../../lib/repro/credential.ts';
import { variation, walkQuery } from '../../lib/repro/walk-input.ts';
import type { Target } from '../../lib/target/target.ts';
import { reproOptions } from '../../lib/repro/options.ts';

const target: Target = {
  name: 'staging',
  baseUrl: 'https://staging.example.test/api/v1',
  apiKeyHeader: 'X-Acme-Api-Key',
  load: { allowed: false, maxRps: 10 },
  salesChannels: [],
  tenants: [
    { name: 'alpha', quiescent: true, locations: [], categories: [], keys: { noOrdersRead: 'ka' } },
    {
      name: 'beta',
      quiescent: true,
      locations: [],
      categories: [],
      keys: { full: 'kb-full', noMenuRead: 'kb' },
    },
  ],
};

describe('reproOptions', () => {
  it('should need a walk: a HAR, or an endpoint', () => {
    expect(() => reproOptions({}, {})).toThrow(/give the walk: --har FILE, or --endpoint/);
    expect(() => reproOptions({ endpoint: 'customers' }, {})).toThrow(/--endpoint: "customers" is unknown/);
    expect(() => reproOptions({ har: 'x.har', params: 'limit=3' }, {})).toThrow(
      /--params describes a walk without a HAR/,
    );
    expect(() => reproOptions({ endpoint: 'orders', target: 't.json', churn: '5' }, {})).toThrow(
      /cannot go with --target/,
    );
  });

  it('should take the environment under the flags, and print a seed it chose', () => {
    const options = reproOptions({ endpoint: 'orders' }, { HARNESS_TIMES: '7' }, 1234);
    expect(options).toMatchObject({ times: 7, seed: 1234, underLoad: false, timeBudgetS: 60 });
    expect(reproOptions({ endpoint: 'orders', times: '9' }, { HARNESS_TIMES: '7' }).times).toBe(9);
  });
});

describe('chooseCredential', () => {
  it("should name the tenant and role of the HAR's key when the target holds it", () => {
    const choice = chooseCredential(target, 'orders', { scheme: 'serviceHeader', value: 'kb' }, undefined);
    expect(choice).toMatchObject({
      ok: true,
      credential: { tenant: 'beta', role: 'noMenuRead', scheme: 'serviceHeader' },
    });
  });

  it('should take the first tenant that can walk the list when the key is unknown', () => {
    const choice = chooseCredential(target, 'orders', { scheme: 'bearer', value: 'unknown' }, undefined);
    expect(choice).toMatchObject({
      ok: true,
      credential: { tenant: 'beta', role: 'full', scheme: 'bearer' },
    });
  });

  it('should refuse a tenant without a key for the list, naming the tenants that have one', () => {
    expect(chooseCredential(target, 'orders', undefined, 'alpha')).toEqual({
      ok: false,
      problem: '--tenant alpha has no key that can walk orders; tenants that can: beta',
    });
  });
});

describe('variation', () => {
  it("should try the customer's own limit first, then its neighbours and the edges, keeping every filter", () => {
    const random = () => 0.5;
    const limits = [0, 1, 2, 3, 4, 5].map((attempt) => variation(7, 2, attempt, random, 10).limit);
    expect(limits).toEqual([7, 6, 8, 1, 2, 100]);
    expect(variation(7, 2, 0, random, 10).keep).toEqual([true, true]);
  });

  it('should build the query from the kept filters only', () => {
    const query = walkQuery(
      { status: 'OPEN', locationId: 'loc_1' },
      { limit: 3, pages: 2, keep: [false, true] },
    );
    expect(query).toEqual({ limit: '3', status: 'OPEN' });
  });
});
