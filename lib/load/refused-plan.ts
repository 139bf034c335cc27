/**
 * The requests a load sends beside its walks that the contract says must be refused (spec §5):
 * no key (or a key header with no key in it), a malformed key, the walk's own key in another case or with one character replaced,
 * dropped or appended (never issued: malformed), the walk's own key whole inside another value
 * (after a Bearer of its own, quoted, twice: malformed) or listed with another real key (another
 * tenant's, a revoked or expired one: malformed), the walk's own key sent only where §5 does not
 * look for one (a query parameter, a cookie, another Authorization scheme, another header: a
 * missing key), a revoked or expired key (401), a key lacking a scope its endpoint needs (403),
 * another tenant's location or category (404), a limit just outside 1..100 (400). Each is a
 * walk's own first request (lib/load/walk-plan.ts: its list, limit, filters and scheme) with one
 * thing changed, sent at the
 * same time as the walks of the same tenant, so a server that decides auth or tenancy once per
 * tenant, per connection or per burst is asked while it is busy deciding for the others.
 */
import { foreignResourceNotFound } from '../checks/foreign-resource-not-found.ts';
import { keyRejected } from '../checks/key-rejected.ts';
import { limitBoundsEnforced } from '../checks/limit-bounds-enforced.ts';
import { scopeEnforced } from '../checks/scope-enforced.ts';
import type { ProbeCheck } from '../checks/types.ts';
import { LIMITS_JUST_OUTSIDE, type Endpoint } from '../contract/endpoints.ts';
import type { ApiCall, CredentialRole } from '../http/call.ts';
import { BLANK_KEY_WORDS, BLANK_KEYS, blankKeyHeaders } from '../http/blank-key.ts';
import { caseFitsScheme, KEY_CASE_WORDS, keyInCase, LIST_CASES, type KeyCase } from '../http/key-case.ts';
import { keyElsewhereWords, keyPlaceKind, keyPlacesFor, type KeyPlaceKind } from '../http/key-place.ts';
import { formFitsScheme, TWO_KEY_WORDS, type TwoKeyForm } from '../http/two-keys.ts';
import type { KeyRole } from '../target/schema.ts';
import type { Target, TenantTarget } from '../target/target.ts';
import { planWalk, type WalkPlanOptions } from './walk-plan.ts';

/** The checks that judge refused requests under load, in the order reports list them. */
export const REFUSED_CHECKS: readonly ProbeCheck[] = [
  keyRejected,
  scopeEnforced,
  foreignResourceNotFound,
  limitBoundsEnforced,
];

export interface RefusedRequest {
  call: ApiCall;
  check: ProbeCheck;
  /** What was sent, in words, e.g. "the revoked key of tenant-a". */
  probe: string;
}

/** The role that lacks a scope `endpoint` needs (spec §4: public.read and the list's own scope). */
const MISSING_SCOPE_ROLES: Record<Endpoint, readonly CredentialRole[]> = {
  menuItems: ['noPublicRead', 'noMenuRead'],
  orders: ['noPublicRead', 'noOrdersRead'],
};

type Change = (
  call: ApiCall,
  tenant: TenantTarget,
  target: Target,
  variant: number,
) => RefusedRequest | undefined;

const hasKey = (tenant: TenantTarget, role: CredentialRole): boolean =>
  role === 'none' || role === 'malformed' || tenant.keys[role] !== undefined;

/** The call sent with the tenant's key of `role` instead; undefined when the target has no such key. */
function rekeyed(
  call: ApiCall,
  tenant: TenantTarget,
  role: CredentialRole,
  check: ProbeCheck,
  probe: string,
) {
  if (!hasKey(tenant, role)) return undefined;
  return { call: { ...call, credential: { ...call.credential, role } }, check, probe };
}

const withKey =
  (role: 'revoked' | 'expired' | 'none' | 'malformed', words: (tenant: string) => string): Change =>
  (call, tenant) =>
    rekeyed(call, tenant, role, keyRejected, words(tenant.name));

/**
 * The walk's own key changed, as the auth properties change it (lib/http/key-case.ts), each change
 * in turn; undefined when the change leaves the key as it is (no letter to change the case of).
 */
const withChangedKey =
  (changes: readonly KeyCase[]): Change =>
  (call, tenant, _target, variant) => {
    const { role } = call.credential;
    const key = role === 'none' || role === 'malformed' ? undefined : tenant.keys[role];
    const keyCase = changes[variant % changes.length];
    if (key === undefined || keyCase === undefined || keyInCase(key, keyCase) === key) return undefined;
    // The key header's two lines go via that header, whatever the walk's scheme.
    const scheme = caseFitsScheme(keyCase, call.credential.scheme) ? call.credential.scheme : 'serviceHeader';
    return {
      call: { ...call, credential: { ...call.credential, keyCase, scheme } },
      check: keyRejected,
      probe: `the ${role} key of ${tenant.name}, ${KEY_CASE_WORDS[keyCase]}`,
    };
  };

/** How a load sends two keys in a list, in turn: listed in the walk's header, on two lines of the key header. */
const LISTED_FORMS: readonly TwoKeyForm[] = ['listed', 'two-lines'];

/**
 * The walk's own key and another real key in one list (a malformed key: 401), as
 * auth.missing-or-malformed-key sends them (lib/http/two-keys.ts): `other` the next tenant's full
 * key, or the tenant's own revoked or expired key, that one first on every other turn; listed, or
 * on two lines in turn where the walk sends the key header.
 */
const withSecondKey =
  (other: 'another tenant' | 'refused'): Change =>
  (call, tenant, target, variant) => {
    const { role } = call.credential;
    if (role === 'none' || role === 'malformed' || tenant.keys[role] === undefined) return undefined;
    const index = target.tenants.indexOf(tenant);
    const next = target.tenants[(index + 1) % target.tenants.length];
    const refusedRole = (['revoked', 'expired'] as const)[variant % 2] ?? 'revoked';
    const pair: [CredentialRole, { tenant: string; role: KeyRole }] | undefined =
      other === 'another tenant'
        ? next !== undefined && next !== tenant && next.keys.full !== undefined
          ? [role, { tenant: next.name, role: 'full' }]
          : undefined
        : tenant.keys[refusedRole] === undefined
          ? undefined
          : variant % 4 < 2
            ? [role, { tenant: tenant.name, role: refusedRole }]
            : [refusedRole, { tenant: tenant.name, role }];
    if (pair === undefined) return undefined;
    const [first, second] = pair;
    // Two lines go via the key header: a walk of another scheme lists them instead.
    const turned = LISTED_FORMS[variant % LISTED_FORMS.length] ?? 'listed';
    const { scheme } = call.credential;
    const form = formFitsScheme(turned, scheme) ? turned : 'listed';
    return {
      call: {
        ...call,
        credential: { tenant: tenant.name, role: first, scheme, second: { ...second, form } },
      },
      check: keyRejected,
      probe: `the ${first} key of ${tenant.name} + the ${second.role} key of ${second.tenant}, ${TWO_KEY_WORDS[form]}`,
    };
  };

/**
 * The walk's own key sent in a place of `kind` spec §5 does not name, and in neither of its two
 * headers, as auth.key-elsewhere sends it (lib/http/key-place.ts: the same places, judged by the
 * same check, 401 or 400 for a query parameter); the kind's places in turn.
 */
const withKeyElsewhere =
  (kind: KeyPlaceKind): Change =>
  (call, tenant, target, variant) => {
    const { role } = call.credential;
    if (role === 'none' || role === 'malformed' || tenant.keys[role] === undefined) return undefined;
    const places = keyPlacesFor(target.apiKeyHeader).filter((place) => keyPlaceKind(place) === kind);
    const keyPlace = places[variant % Math.max(1, places.length)];
    if (keyPlace === undefined) return undefined;
    return {
      call: { ...call, credential: { ...call.credential, keyPlace } },
      check: keyRejected,
      probe: keyElsewhereWords(role, tenant.name, keyPlace),
    };
  };

const withMissingScope: Change = (call, tenant, _target, variant) => {
  const roles = MISSING_SCOPE_ROLES[call.endpoint].filter((role) => hasKey(tenant, role));
  const role = roles[variant % Math.max(1, roles.length)];
  if (role === undefined) return undefined;
  const probe = `the ${role} key of ${tenant.name}, which lacks a scope ${call.endpoint} needs`;
  return rekeyed(call, tenant, role, scopeEnforced, probe);
};

/** Another tenant's place of this kind that is not also this tenant's; undefined when none is known. */
function foreignPlace(
  target: Target,
  tenant: TenantTarget,
  kind: 'locations' | 'categories',
  variant: number,
): string | undefined {
  const own = new Set(tenant[kind]);
  const foreign = target.tenants
    .filter((other) => other.name !== tenant.name)
    .flatMap((other) => other[kind])
    .filter((id) => !own.has(id));
  return foreign[variant % Math.max(1, foreign.length)];
}

const withForeignPlace =
  (parameter: 'locationId' | 'categoryId'): Change =>
  (call, tenant, target, variant) => {
    if (parameter === 'categoryId' && call.endpoint !== 'menuItems') return undefined;
    const place = foreignPlace(
      target,
      tenant,
      parameter === 'locationId' ? 'locations' : 'categories',
      variant,
    );
    if (place === undefined) return undefined;
    return {
      call: { ...call, query: { ...call.query, [parameter]: place } },
      check: foreignResourceNotFound,
      probe: `another tenant's ${parameter} with the ${call.credential.role} key of ${tenant.name}`,
    };
  };

/** The walk's own request with a limit just outside 1..100, each in turn (limits.rejected draws them). */
const withLimitOutside: Change = (call, tenant, _target, variant) => {
  const limit = LIMITS_JUST_OUTSIDE[variant % LIMITS_JUST_OUTSIDE.length] ?? '0';
  return {
    call: { ...call, query: { ...call.query, limit } },
    check: limitBoundsEnforced,
    probe: `limit=${limit} with the ${call.credential.role} key of ${tenant.name}`,
  };
};

/**
 * No key header with a key in it: none at all, or every other time one with no key in it (empty,
 * blanks, Bearer alone: lib/http/blank-key.ts, as auth.missing-or-malformed-key sends them, each in
 * turn); or a malformed key. One kind, so the count of kinds stays odd (see CHANGES).
 */
const withoutKey: Change = (call, tenant, target, variant) => {
  if (variant % 2 === 1) return rekeyed(call, tenant, 'malformed', keyRejected, 'a malformed key');
  // The tenants of a round take different forms, and a tenant meeting the kind again the next one.
  const form = Math.floor(variant / 4) + target.tenants.indexOf(tenant);
  const blank = variant % 4 === 2 ? BLANK_KEYS[form % BLANK_KEYS.length] : undefined;
  if (blank === undefined) return rekeyed(call, tenant, 'none', keyRejected, 'no key');
  const headers = blankKeyHeaders(blank, target.apiKeyHeader);
  return rekeyed({ ...call, headers }, tenant, 'none', keyRejected, BLANK_KEY_WORDS[blank]);
};

/**
 * Every way to change a walk's first request into one the contract refuses, in turn. A kind for
 * each check first, so that with three tenants the first six arrivals judge every check (a gate's
 * short loads send few). A key's case changed (a server that folds case before its lookup accepts
 * it) and a near miss (one that compares a prefix accepts a last character changed) are kinds of
 * their own, early in the turn, so a short load sends both within its first arrivals (twelve with
 * three tenants); then the key elsewhere, a kind per kind of place (a server that also reads one
 * place serves it), all four within the first 24 arrivals with three tenants; then the key whole
 * inside another value, as auth.missing-or-malformed-key sends it: after a Bearer of its own (a
 * server that strips an optional prefix from its key header serves it, or the first of a list) and
 * quoted or in a list, two kinds, both within the first 30 arrivals with three tenants; last, two
 * different real keys in one list (another tenant's, or a revoked or expired one). The count of kinds
 * is odd: a tenant meets a kind every kinds × tenants arrivals, and walks alternate between the two
 * endpoints, so an even count would ask a tenant's categoryId of orders only, every time.
 */
const CHANGES: readonly Change[] = [
  withKey('revoked', (name) => `the revoked key of ${name}`),
  withMissingScope,
  withForeignPlace('locationId'),
  withLimitOutside,
  withChangedKey(['upper', 'lower', 'first-flipped', 'last-flipped']),
  withChangedKey(['last-replaced', 'last-dropped', 'appended', 'middle-replaced', 'prepended']),
  withKeyElsewhere('query'),
  withKeyElsewhere('header'),
  withKeyElsewhere('cookie'),
  withKeyElsewhere('authorization'),
  withChangedKey(['bearer-prefixed', 'bearer-lower-prefixed']),
  withChangedKey(['quoted', ...LIST_CASES]),
  withKey('expired', (name) => `the expired key of ${name}`),
  withForeignPlace('categoryId'),
  withoutKey,
  withSecondKey('another tenant'),
  withSecondKey('refused'),
];

/**
 * Refused request number `index`: the first request of walk `index` (same tenant, list, limit,
 * filters and scheme) with its key or a place changed. Kinds the target cannot express (a tenant
 * without a revoked key, no foreign location known) give their turn to the next kind; no key and
 * a malformed key are always possible.
 */
export function planRefused(target: Target, index: number, options?: WalkPlanOptions): RefusedRequest {
  const call = planWalk(target, index, options);
  const tenant = target.tenants.find((entry) => entry.name === call.credential.tenant);
  if (tenant === undefined) throw new Error(`planWalk chose ${call.credential.tenant}, not in the target`);
  // The tenant turns with every arrival, the kind with every tenant and every round of tenants: the
  // tenants of a round take consecutive kinds (with three tenants, the first six arrivals cover
  // the four checks), and each tenant takes every kind within kinds × tenants arrivals, whatever
  // the number of tenants (a kind turning with the arrival alone meets 3 tenants in 9 kinds on
  // one tenant only).
  const turn = Math.floor(index / target.tenants.length);
  const kind = turn + (index % target.tenants.length);
  // Which variant of a kind (a key change, a place, a limit): the tenants of a round take different
  // ones, and one tenant meeting a kind again takes the next, whatever the count of kinds and of
  // variants (turn alone steps by the count of kinds: an even count meets 2 of 4 key changes).
  const variant = Math.floor(turn / CHANGES.length) + (turn % CHANGES.length);
  for (let step = 0; step < CHANGES.length; step += 1) {
    const change = CHANGES[(kind + step) % CHANGES.length] as Change;
    const refused = change(call, tenant, target, variant);
    if (refused) return refused;
  }
  throw new Error('unreachable: a request without a key can always be sent');
}
