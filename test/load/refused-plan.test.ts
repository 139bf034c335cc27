import { describe, expect, it } from 'vitest';
import { toHttpRequest } from '../../lib/http/call.ts';
import { KEY_CASES, WRAPPING_CASES } from '../../lib/http/key-case.ts';
import {
  basicCredentials,
  KEY_PLACE_KINDS,
  KEY_PLACE_RULES,
  keyPlaceKind,
  keyPlacesFor,
} from '../../lib/http/key-place.ts';
import { planRefused, REFUSED_CHECKS } from '../../lib/load/refused-plan.ts';
import { planWalk } from '../../lib/load/walk-plan.ts';
import type { Vu } from '../../lib/load/scenario.ts';
import { walkBesideRefused } from '../../lib/load/walk-beside-refused.ts';
import type { Target } from '../../lib/target/target.ts';
import { TARGET } from './fixtures.ts';

/** The key changes that change only the case of a key (the others alter a character or wrap it). */
const CASE_CHANGES: readonly string[] = ['upper', 'lower', 'first-flipped', 'last-flipped'];
/** The key changes that put the key whole after a Bearer of its own (in the key header: a server that strips it serves it). */
const BEARER_WRAPPED: readonly string[] = ['bearer-prefixed', 'bearer-lower-prefixed'];

const refusals = (target: Target, count: number) =>
  Array.from({ length: count }, (_, index) => ({ index, ...planRefused(target, index) }));

/** What a refused request changed in its walk's first request. */
function change(target: Target, index: number) {
  const walk = planWalk(target, index);
  const { call } = planRefused(target, index);
  const changedQuery = Object.keys({ ...walk.query, ...call.query }).filter(
    (name) => walk.query[name] !== call.query[name],
  );
  const rekeyed =
    walk.credential.role !== call.credential.role ||
    call.credential.keyCase !== walk.credential.keyCase ||
    call.credential.keyPlace !== walk.credential.keyPlace ||
    call.credential.second !== undefined;
  return { walk, call, changedQuery, rekeyed };
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
      if (changedQuery[0] === 'limit') {
        expect(['0', '101', '-1']).toContain(call.query.limit);
        expect(check.name).toBe('limit-bounds-enforced');
      } else if (changedQuery.length > 0) {
        expect(changedQuery[0]).toMatch(/^(locationId|categoryId)$/);
        expect(check.name).toBe('foreign-resource-not-found');
      } else if (
        call.credential.keyCase !== undefined ||
        call.credential.keyPlace !== undefined ||
        call.credential.second !== undefined ||
        ['revoked', 'expired', 'none', 'malformed'].includes(role)
      )
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
      const parameter = changedQuery[0] as 'locationId' | 'categoryId' | 'limit' | undefined;
      if (parameter === undefined || parameter === 'limit') continue;
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

  it('should reach every check within the first six arrivals, and every kind with every tenant', () => {
    expect(new Set(refusals(TARGET, 6).map((refused) => refused.check.name))).toEqual(
      new Set(REFUSED_CHECKS.map((check) => check.name)),
    );
    // Two turns of the 17 kinds with three tenants: no key and a malformed key take one kind in turn.
    const seen = new Set(
      refusals(TARGET, 17 * 3 * 2).map(({ call }) => `${call.credential.tenant} ${call.credential.role}`),
    );
    for (const tenant of ['tenant-a', 'tenant-b', 'tenant-c'])
      for (const role of ['revoked', 'noMenuRead', 'noOrdersRead', 'none', 'malformed'])
        expect(seen, `${tenant} ${role}`).toContain(`${tenant} ${role}`);
  });

  it('should send a key header with no key in it beside no key at all, judged as a missing key', () => {
    const blank = refusals(TARGET, 400).filter(({ call }) => call.headers !== undefined);
    expect(new Set(blank.map(({ probe }) => probe)).size).toBeGreaterThan(3);
    for (const { call, check, probe } of blank) {
      expect(call.credential.role, probe).toBe('none');
      expect(check.name).toBe('key-rejected');
      const sent = toHttpRequest(TARGET, call).headers;
      const keyHeaders = [sent.authorization, sent['x-fixture-api-key']].filter(
        (value) => value !== undefined,
      );
      expect(keyHeaders.length, probe).toBeGreaterThan(0);
      for (const value of keyHeaders) expect(value).toMatch(/^\s*(?:bearer)?\s*$/i);
    }
  });

  it("should send the walk's own key changed, every change with every tenant, and say so without the key", () => {
    const changed = refusals(TARGET, 400).filter(({ call }) => call.credential.keyCase !== undefined);
    const seen = new Set(changed.map(({ call }) => `${call.credential.tenant} ${call.credential.keyCase}`));
    // The fixture's keys are lower case already: lower-casing them changes nothing, so it is not sent.
    for (const tenant of ['tenant-a', 'tenant-b', 'tenant-c'])
      // Wrapped whole too (after a Bearer of its own, quoted, twice), as auth.missing-or-malformed-key sends it.
      for (const keyCase of KEY_CASES.filter((each) => each !== 'lower'))
        expect(seen, `${tenant} ${keyCase}`).toContain(`${tenant} ${keyCase}`);
    expect(seen).not.toContain('tenant-a lower');
    for (const { call, probe, index } of changed) {
      const { walk } = change(TARGET, index);
      expect(call.credential.role).toBe(walk.credential.role);
      const key = TARGET.tenants.find((tenant) => tenant.name === call.credential.tenant)?.keys[
        walk.credential.role as 'full'
      ];
      const headers = toHttpRequest(TARGET, call).headers;
      // The key header sent twice is its two lines as a server joins them.
      const [authorization, keyHeader] = [headers.authorization, headers['x-fixture-api-key']].map((value) =>
        Array.isArray(value) ? value.join(', ') : value,
      );
      const sent = authorization?.replace(/^Bearer /, '') ?? keyHeader;
      expect(sent).toBeDefined();
      expect(sent).not.toBe(key);
      for (const secret of [key ?? '', sent ?? ''])
        expect(probe.toLowerCase().includes(secret.toLowerCase()), probe).toBe(false);
    }
  });

  it('should send a case change and a near miss within the first sixteen arrivals, so a short load sends both', () => {
    // Keys with upper and lower case letters, as real ones: every case change changes them.
    const mixed: Target = {
      ...TARGET,
      tenants: TARGET.tenants.map((tenant) => ({
        ...tenant,
        keys: Object.fromEntries(Object.entries(tenant.keys).map(([role, key]) => [role, `K${key}`])),
      })),
    };
    const sent = refusals(mixed, 16).flatMap(({ call }) => call.credential.keyCase ?? []);
    expect(sent.filter((keyCase) => CASE_CHANGES.includes(keyCase)).length).toBeGreaterThan(0);
    // One a server comparing a prefix serves: the last character changed, dropped or one appended.
    expect(
      sent.filter((keyCase) => ['last-replaced', 'last-dropped', 'appended'].includes(keyCase)).length,
    ).toBeGreaterThan(0);
  });

  it.each([2, 3, 4, 5])(
    'should meet every kind with every tenant, whatever the count of tenants (%i)',
    (count) => {
      const target: Target = {
        ...TARGET,
        tenants: Array.from({ length: count }, (_, index) => ({
          name: `tenant-${index}`,
          quiescent: true,
          locations: [`loc_${index}`],
          categories: [`cat_${index}`],
          keys: {
            full: `Tenant-${index}-Full`,
            revoked: `tenant-${index}-revoked`,
            expired: `t-${index}-expired`,
          },
        })),
      };
      const kindOf = (index: number): string => {
        const { call, changedQuery } = change(target, index);
        const { keyCase, second } = call.credential;
        if (second !== undefined)
          return second.tenant === call.credential.tenant ? 'own pair' : 'two tenants';
        if (keyCase !== undefined && BEARER_WRAPPED.includes(keyCase)) return 'bearer-wrapped';
        if (keyCase !== undefined && WRAPPING_CASES.includes(keyCase)) return 'wrapped';
        if (keyCase !== undefined) return CASE_CHANGES.includes(keyCase) ? 'case' : 'near miss';
        const { keyPlace } = call.credential;
        if (keyPlace !== undefined) return keyPlaceKind(keyPlace);
        return changedQuery[0] ?? call.credential.role;
      };
      // Each tenant takes every kind within two turns of the seventeen kinds (a kind it cannot
      // express on one walk, categoryId on orders, it can on the next).
      const seen = new Set(
        Array.from(
          { length: count * 17 * 2 },
          (_, index) => `${planWalk(target, index).credential.tenant} ${kindOf(index)}`,
        ),
      );
      const kinds = [
        'revoked',
        'locationId',
        'case',
        'expired',
        'categoryId',
        'near miss',
        'bearer-wrapped',
        'wrapped',
        'none',
        'malformed',
        'limit',
        'two tenants',
        'own pair',
        ...KEY_PLACE_KINDS,
      ];
      for (let index = 0; index < count; index += 1)
        for (const kind of kinds)
          expect(seen, `tenant-${index} ${kind}`).toContain(`tenant-${index} ${kind}`);
    },
  );

  it("should send the walk's own key in every place auth.key-elsewhere sends it, every place with every tenant, in neither key header", () => {
    const placed = refusals(TARGET, 600).filter(({ call }) => call.credential.keyPlace !== undefined);
    const seen = new Set(placed.map(({ call }) => `${call.credential.tenant} ${call.credential.keyPlace}`));
    for (const tenant of TARGET.tenants)
      for (const place of keyPlacesFor(TARGET.apiKeyHeader))
        expect(seen, `${tenant.name} ${place}`).toContain(`${tenant.name} ${place}`);
    for (const { call, check, probe, index } of placed) {
      const { walk } = change(TARGET, index);
      expect(call.credential.role).toBe(walk.credential.role);
      expect(check.name).toBe('key-rejected');
      const key =
        TARGET.tenants.find((tenant) => tenant.name === call.credential.tenant)?.keys[
          walk.credential.role as 'full'
        ] ?? '';
      const { url, headers } = toHttpRequest(TARGET, call);
      // Neither header spec §5 names carries it.
      expect(headers.authorization ?? '').not.toMatch(/^bearer /i);
      expect(headers['x-fixture-api-key']).toBeUndefined();
      const rule = KEY_PLACE_RULES[call.credential.keyPlace ?? 'query-key'];
      const sent = rule.where === 'query' ? new URL(url).searchParams.get(rule.name) : headers[rule.name];
      expect(sent).toBe(`${rule.prefix}${rule.basic ? basicCredentials(key) : key}`);
      for (const secret of [key, basicCredentials(key)])
        expect(probe.toLowerCase().includes(secret.toLowerCase()), probe).toBe(false);
    }
  });

  it('should send the key whole inside another value within the first 30 arrivals, after a Bearer of its own in the key header among them', () => {
    const wrapped = refusals(TARGET, 30).filter(({ call }) =>
      WRAPPING_CASES.includes(call.credential.keyCase ?? 'upper'),
    );
    expect(wrapped.some(({ call }) => BEARER_WRAPPED.includes(call.credential.keyCase ?? ''))).toBe(true);
    expect(wrapped.some(({ call }) => !BEARER_WRAPPED.includes(call.credential.keyCase ?? ''))).toBe(true);
    // What key-header-bearer-accepted serves: X-…-Api-Key: Bearer <key> (or bearer <key>).
    const inKeyHeader = wrapped.filter(
      ({ call }) =>
        BEARER_WRAPPED.includes(call.credential.keyCase ?? '') && call.credential.scheme === 'serviceHeader',
    );
    expect(inKeyHeader.length).toBeGreaterThan(0);
    for (const { call } of inKeyHeader) {
      const key = TARGET.tenants.find((tenant) => tenant.name === call.credential.tenant)?.keys[
        call.credential.role as 'full'
      ];
      expect(toHttpRequest(TARGET, call).headers['x-fixture-api-key']).toMatch(
        new RegExp(`^bearer ${key}$`, 'i'),
      );
    }
  });

  it('should send every kind of place within the first 24 arrivals, so a short load sends each', () => {
    const kinds = refusals(TARGET, 24).flatMap(({ call }) =>
      call.credential.keyPlace === undefined ? [] : [keyPlaceKind(call.credential.keyPlace)],
    );
    expect(new Set(kinds)).toEqual(new Set(KEY_PLACE_KINDS));
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
    // Its full key "k" only in another case or wrapped whole: too short for a near miss
    // (lib/http/key-case.ts). Its own key with a limit outside too: the full key, unchanged.
    expect(roles).toEqual(new Set(['none', 'malformed', 'full']));
    const changed = refusals(bare, 60).flatMap(({ call }) => call.credential.keyCase ?? []);
    expect(
      changed.filter((keyCase) => !CASE_CHANGES.includes(keyCase) && !WRAPPING_CASES.includes(keyCase)),
    ).toEqual([]);
    expect(changed.some((keyCase) => WRAPPING_CASES.includes(keyCase))).toBe(true);
    expect(new Set(refusals(bare, 60).map(({ check }) => check.name))).toEqual(
      new Set(['key-rejected', 'limit-bounds-enforced']),
    );
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
