import { describe, expect, it } from 'vitest';
import { planRefused, REFUSED_CHECKS } from '../../lib/load/refused-plan.ts';
import { planWalk } from '../../lib/load/walk-plan.ts';
import type { Vu } from '../../lib/load/scenario.ts';
import { walkBesideRefused } from '../../lib/load/walk-beside-refused.ts';
import type { Target } from '../../lib/target/target.ts';
import { TARGET } from './fixtures.ts';

const refusals = (target: Target, count: number) =>
  Array.from({ length: count }, (_, index) => ({ index, ...planRefused(target, index) }));

/** What a refused request changed in its walk's first request. */
function change(target: Target, index: number) {
  const walk = planWalk(target, index);
  const { call } = planRefused(target, index);
  const changedQuery = Object.keys({ ...walk.query, ...call.query }).filter(
    (name) => walk.query[name] !== call.query[name],
  );
  return { walk, call, changedQuery, rekeyed: walk.credential.role !== call.credential.role };
}

describe('planRefused', () => {
  it('should change exactly one thing of the walk sent beside it: the key, or one place', () => {
    for (let index = 0; index < 200; index += 1) {
      const { walk, call, changedQuery, rekeyed } = change(TARGET, index);
      expect(call.endpoint).toBe(walk.endpoint);
      expect(call.credential.tenant).toBe(walk.credential.tenant);
      expect(call.credential.scheme).toBe(walk.credential.scheme);
      expect(Number(rekeyed) + changedQuery.length, JSON.stringify({ walk, call })).toBe(1);
    }
  });

  it('should pair each change with the check and status the spec fixes for it (spec §5)', () => {
    for (const { call, check, index } of refusals(TARGET, 200)) {
      const { changedQuery } = change(TARGET, index);
      const role = call.credential.role;
      if (changedQuery.length > 0) {
        expect(changedQuery[0]).toMatch(/^(locationId|categoryId)$/);
        expect(check.name).toBe('foreign-resource-not-found');
      } else if (['revoked', 'expired', 'none', 'malformed'].includes(role))
        expect(check.name).toBe('key-rejected');
      else {
        expect(check.name).toBe('scope-enforced');
        const lacks =
          call.endpoint === 'orders' ? ['noPublicRead', 'noOrdersRead'] : ['noPublicRead', 'noMenuRead'];
        expect(lacks).toContain(role);
      }
    }
  });

  it('should name a place of another tenant, never of its own', () => {
    let places = 0;
    for (let index = 0; index < 200; index += 1) {
      const { call, changedQuery } = change(TARGET, index);
      const parameter = changedQuery[0] as 'locationId' | 'categoryId' | undefined;
      if (parameter === undefined) continue;
      places += 1;
      const tenant = TARGET.tenants.find((entry) => entry.name === call.credential.tenant);
      const own = parameter === 'locationId' ? tenant?.locations : tenant?.categories;
      expect(own).not.toContain(call.query[parameter]);
      expect(
        TARGET.tenants.some((other) =>
          [...other.locations, ...other.categories].includes(call.query[parameter] ?? ''),
        ),
      ).toBe(true);
    }
    expect(places).toBeGreaterThan(20);
  });

  it('should reach every check within the first three arrivals, and every kind with every tenant', () => {
    expect(new Set(refusals(TARGET, 3).map((refused) => refused.check.name))).toEqual(
      new Set(REFUSED_CHECKS.map((check) => check.name)),
    );
    const seen = new Set(
      refusals(TARGET, 60).map(({ call }) => `${call.credential.tenant} ${call.credential.role}`),
    );
    for (const tenant of ['tenant-a', 'tenant-b', 'tenant-c'])
      for (const role of ['revoked', 'noMenuRead', 'noOrdersRead', 'none', 'malformed'])
        expect(seen, `${tenant} ${role}`).toContain(`${tenant} ${role}`);
  });

  it('should give the turn of a kind the target cannot express to the next: keys it lacks, places it does not know', () => {
    const bare: Target = {
      ...TARGET,
      tenants: TARGET.tenants.map((tenant) => ({
        ...tenant,
        locations: [],
        categories: [],
        keys: { full: 'k' },
      })),
    };
    const roles = new Set(refusals(bare, 60).map(({ call }) => call.credential.role));
    expect(roles).toEqual(new Set(['none', 'malformed']));
    expect(refusals(bare, 60).every(({ check }) => check.name === 'key-rejected')).toBe(true);
  });
});

describe('walkBesideRefused', () => {
  it('should send a refused request beside each walk, and none when the load is told not to', async () => {
    const sent: string[] = [];
    const vu = (refused?: boolean) =>
      ({
        target: TARGET,
        settings: { refused },
        walk: () => Promise.resolve(sent.push('walk')),
        refuse: () => Promise.resolve(sent.push('refused')),
      }) as unknown as Vu;
    const arrival = { phase: 'walk', index: 0, share: 1 };
    await walkBesideRefused(vu(), arrival, planWalk(TARGET, 0));
    expect(sent.sort()).toEqual(['refused', 'walk']);
    sent.length = 0;
    await walkBesideRefused(vu(false), arrival, planWalk(TARGET, 0));
    expect(sent).toEqual(['walk']);
  });
});
