import { describe, expect, it } from 'vitest';
import { callPath } from '../../lib/http/call.ts';
import { planWalk, walkableTenants } from '../../lib/load/walk-plan.ts';
import { TARGET } from './fixtures.ts';

const plans = (count: number, options = {}) =>
  Array.from({ length: count }, (_, i) => planWalk(TARGET, i, options));

describe('planWalk', () => {
  it('should spread walks over every tenant, both endpoints and every walking key', () => {
    const walks = plans(120);
    expect(new Set(walks.map((w) => w.credential.tenant))).toEqual(
      new Set(['tenant-a', 'tenant-b', 'tenant-c']),
    );
    expect(new Set(walks.map((w) => w.endpoint))).toEqual(new Set(['menuItems', 'orders']));
    expect(new Set(walks.map((w) => w.credential.role))).toEqual(
      new Set(['full', 'noMenuRead', 'noOrdersRead']),
    );
    expect(new Set(walks.map((w) => w.credential.scheme))).toEqual(new Set(['bearer', 'serviceHeader']));
  });

  it('should only use keys that hold the scopes of the endpoint walked', () => {
    for (const walk of plans(200)) {
      if (walk.endpoint === 'orders') expect(walk.credential.role).not.toBe('noOrdersRead');
      else expect(walk.credential.role).not.toBe('noMenuRead');
      expect(walk.credential.role).not.toBe('revoked');
    }
  });

  it('should vary limits and filters', () => {
    const queries = plans(300).map((w) => w.query);
    expect(new Set(queries.map((q) => q.limit))).toEqual(new Set(['100', '50', '20']));
    for (const filter of ['status', 'activeOnly', 'locationId', 'categoryId', 'salesChannel'])
      expect(queries.some((q) => filter in q)).toBe(true);
  });

  it('should send identical paths from consecutive tenants with shared filters', () => {
    const walks = plans(90, { filters: 'shared' });
    for (let round = 0; round < 30; round += 1) {
      const paths = walks.slice(round * 3, round * 3 + 3).map(callPath);
      expect(new Set(paths).size).toBe(1);
      expect(paths[0]).not.toMatch(/locationId|categoryId/);
    }
  });

  it('should keep to the tenants, endpoints and limits asked for', () => {
    const walks = plans(40, { tenants: ['tenant-b'], endpoints: ['orders'], limits: [25], filters: 'none' });
    expect(
      new Set(walks.map((w) => `${w.credential.tenant} ${w.endpoint} ${JSON.stringify(w.query)}`)),
    ).toEqual(new Set(['tenant-b orders {"limit":"25"}']));
  });

  it('should send no limit where the limits say null, first in the walk scenario', () => {
    const walks = plans(60, { limits: [null, 100] });
    expect(new Set(walks.map((w) => w.query.limit))).toEqual(new Set([undefined, '100']));
    expect(walks.filter((w) => 'limit' in w.query).length).toBe(30);
    // null first (as the walk scenario has it): the first arrivals walk without a limit.
    expect(plans(6, { limits: [null, 100, 50, 20] }).every((w) => !('limit' in w.query))).toBe(true);
  });

  it('should leave out a tenant without a walking key', () => {
    const target = {
      ...TARGET,
      tenants: [...TARGET.tenants, { ...TARGET.tenants[0]!, name: 'keyless', keys: {} }],
    };
    expect(walkableTenants(target).map((t) => t.name)).toEqual(['tenant-a', 'tenant-b', 'tenant-c']);
  });

  it('should give walks with the same tenant, key and scheme one shared credential object', () => {
    // What is derived from a credential (headers, series tags) is then made once, not per walk.
    const walks = plans(240);
    const byKey = new Map<string, object>();
    for (const walk of walks) {
      const { tenant, role, scheme } = walk.credential;
      expect(walk.credential).toEqual({ tenant, role, scheme });
      const key = `${tenant} ${role} ${scheme}`;
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, walk.credential);
      else expect(walk.credential).toBe(seen);
    }
    expect(new Set(walks.map((walk) => walk.credential)).size).toBe(byKey.size);
    expect(byKey.size).toBeGreaterThan(1);
  });
});
