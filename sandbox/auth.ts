import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Tenant } from './catalog.ts';
import { KEY_ROLES, SCOPES, type KeyRole, type Scope } from './domain.ts';
import { ApiError, badRequest, DropConnection, forbidden, unauthorized } from './errors.ts';
import type { FaultSet } from './faults/catalogue.ts';
import type { RawQuery } from './validate.ts';

/** An API key as the server stores it. Keys are random per instance and never logged. */
export interface ApiKey {
  /** Safe to log and to use as a rate-limit bucket name: tenant and role, never the secret. */
  label: string;
  tenant: Tenant;
  role: KeyRole;
  scopes: ReadonlySet<Scope>;
  revoked: boolean;
  expired: boolean;
  /** When a revoked key was revoked or an expired key expired (epoch ms); null for the others. */
  invalidSinceMs: number | null;
}

const ALL_SCOPES: Scope[] = [SCOPES.public, SCOPES.menu, SCOPES.orders];
const SCOPES_BY_ROLE: Record<KeyRole, Scope[]> = {
  full: ALL_SCOPES,
  noMenuRead: [SCOPES.public, SCOPES.orders],
  noOrdersRead: [SCOPES.public, SCOPES.menu],
  noPublicRead: [SCOPES.menu, SCOPES.orders],
  revoked: ALL_SCOPES,
  expired: ALL_SCOPES,
  // Reads every list; its own small rate limit is sandbox/rate-limit.ts's.
  lowRateLimit: ALL_SCOPES,
};
/** How long before the sandbox started its revoked keys were revoked and its expired keys expired. */
const INVALID_FOR_MS: Partial<Record<KeyRole, number>> = { revoked: 6 * 3_600_000, expired: 2 * 86_400_000 };

const WELL_FORMED_KEY = /^[A-Za-z0-9_-]{20,200}$/;
const BEARER = /^Bearer +(\S+) *$/i;
/** The bearer-case-sensitive fault: the scheme compared as written, though RFC 9110 §11.1 folds its case. */
const BEARER_AS_WRITTEN = /^Bearer +(\S+) *$/;

/**
 * The bearer-one-space-only fault's reading of Authorization: split on single spaces, anything but
 * a scheme and a token malformed, though RFC 6750 §2.1 takes one or more spaces (`1*SP`).
 */
function oneSpaceBearer(value: string): string | undefined {
  const [scheme, token, ...rest] = value.split(' ');
  return rest.length === 0 && scheme?.toLowerCase() === 'bearer' ? token : undefined;
}

/** How much of a key the key-prefix-only fault compares (a key is 36 characters). */
const PREFIX_LENGTH = 25;

/** Every key of every tenant by value, plus the values per tenant for the target file. */
export class KeyRing {
  private readonly byValue = new Map<string, ApiKey>();
  /** The key-case-folded fault's index: each key by its lower-cased value. */
  private readonly byFolded = new Map<string, ApiKey>();
  /** The key-prefix-only fault's index: each key by its first PREFIX_LENGTH characters. */
  private readonly byPrefix = new Map<string, ApiKey>();
  readonly valuesByTenant = new Map<string, Record<KeyRole, string>>();

  constructor(tenants: readonly Tenant[]) {
    const started = Date.now();
    for (const tenant of tenants) {
      const values = {} as Record<KeyRole, string>;
      for (const role of KEY_ROLES) {
        const value = `sbx_${randomBytes(24).toString('base64url')}`;
        values[role] = value;
        const invalidFor = INVALID_FOR_MS[role];
        this.byValue.set(value, {
          label: `${tenant.name}/${role}`,
          tenant,
          role,
          scopes: new Set(SCOPES_BY_ROLE[role]),
          revoked: role === 'revoked',
          expired: role === 'expired',
          invalidSinceMs: invalidFor === undefined ? null : started - invalidFor,
        });
      }
      for (const value of Object.values(values)) {
        const key = this.byValue.get(value);
        if (key !== undefined) this.byFolded.set(value.toLowerCase(), key);
        if (key !== undefined) this.byPrefix.set(value.slice(0, PREFIX_LENGTH), key);
      }
      this.valuesByTenant.set(tenant.name, values);
    }
  }

  /**
   * The key of this value; under key-case-folded, of any value equal to one ignoring case; under
   * key-prefix-only, of any value that starts as one does.
   */
  lookup(value: string, faults?: FaultSet): ApiKey | undefined {
    if (faults?.has('key-prefix-only')) return this.byPrefix.get(value.slice(0, PREFIX_LENGTH));
    return faults?.has('key-case-folded') ? this.byFolded.get(value.toLowerCase()) : this.byValue.get(value);
  }
}

/** The authorization-other-scheme fault's second scheme, as Django REST framework's TokenAuthentication reads it. */
const TOKEN = /^Token +(\S+) *$/i;
/** The key-in-cookie fault's cookie. */
const COOKIE_KEY = /(?:^|;\s*)api_key=([^;\s]+)/;

/**
 * Where the key-in-query, key-in-other-header and key-in-cookie faults read a key from when
 * neither header of spec §5 carries one: the access_token query parameter (RFC 6750 §2.3, which §5
 * does not offer), an X-Api-Key header (the brandless name), or the api_key cookie.
 */
function keyElsewhere(headers: IncomingHttpHeaders, query: RawQuery, faults: FaultSet): string | undefined {
  const inQuery = query.access_token;
  if (faults.has('key-in-query') && typeof inQuery === 'string') return inQuery;
  const inHeader = headers['x-api-key'];
  if (faults.has('key-in-other-header') && typeof inHeader === 'string') return inHeader;
  const inCookie = headers.cookie === undefined ? undefined : COOKIE_KEY.exec(headers.cookie)?.[1];
  return faults.has('key-in-cookie') ? inCookie : undefined;
}

/** The empty-key-400 fault's validator: a key header with no key in it (blanks, a scheme alone). */
const BLANK = /^\s*$/;
const BLANK_AUTHORIZATION = /^\s*(?:bearer)?\s*$/i;
const isBlank = (value: string | string[] | undefined, blank: RegExp): boolean =>
  typeof value === 'string' && blank.test(value);

/** A value with an optional `Bearer ` prefix (any case) taken off: Authorization's helper. */
const withoutBearer = (value: string): string => value.replace(/^bearer +/i, '');

/** A malformed key's 401; under malformed-key-drops-connection, no answer at all (the socket closed). */
const malformed = (message: string, faults: FaultSet): Error =>
  faults.has('malformed-key-drops-connection')
    ? new DropConnection(message)
    : unauthorized(message, 'invalid_request');

/**
 * The first-of-repeated-key fault's reading of a header: up to its first `, `, the separator Node
 * joins a custom header sent twice with, so `X-...-Api-Key` sent twice is read as its first line
 * and `K, K2` as K (`K,K` is still malformed). The last-of-repeated-key fault's: after its last
 * `, `, as a loop over the raw header lines that lets each overwrite the one before.
 */
const firstOfList = (value: string | undefined): string | undefined => value?.split(', ')[0];
const lastOfList = (value: string | undefined): string | undefined => value?.split(', ').at(-1);

/** How the faults read a header that may hold a list: as it is, or one of its members. */
function listReading(faults: FaultSet): (value: string | undefined) => string | undefined {
  if (faults.has('first-of-repeated-key')) return firstOfList;
  return faults.has('last-of-repeated-key') ? lastOfList : (value) => value;
}

/** The key value a request presents, from `Authorization: Bearer` or `X-<Brand>-Api-Key` (spec §5). */
function presentedKey(
  headers: IncomingHttpHeaders,
  query: RawQuery,
  brandHeader: string,
  faults: FaultSet,
): string {
  const reading = listReading(faults);
  const authorization = reading(headers.authorization);
  const own = faults.has('service-header-ignored') ? undefined : headers[brandHeader];
  const sent = typeof own === 'string' ? reading(own) : own;
  if (faults.has('empty-key-400') && (isBlank(authorization, BLANK_AUTHORIZATION) || isBlank(sent, BLANK)))
    throw badRequest('API key header must not be empty');
  // The key-header-bearer-accepted fault: the key header's value goes through Authorization's
  // "strip an optional Bearer prefix" helper, so `Bearer <key>` there is read as the key.
  const branded =
    faults.has('key-header-bearer-accepted') && typeof sent === 'string' ? withoutBearer(sent) : sent;
  if (authorization === undefined && branded === undefined) {
    const elsewhere = keyElsewhere(headers, query, faults);
    if (elsewhere !== undefined) return elsewhere;
    throw unauthorized(
      `API key missing: send "Authorization: Bearer <key>" or "${brandHeader}: <key>"`,
      'none',
    );
  }
  const scheme = faults.has('bearer-case-sensitive') ? BEARER_AS_WRITTEN : BEARER;
  const bearerOf = faults.has('bearer-one-space-only')
    ? oneSpaceBearer
    : (value: string) => scheme.exec(value)?.[1];
  const token = faults.has('authorization-other-scheme') ? TOKEN : undefined;
  const bearer =
    authorization === undefined ? undefined : (bearerOf(authorization) ?? token?.exec(authorization)?.[1]);
  if (authorization !== undefined && bearer === undefined) {
    throw malformed('Authorization header is malformed: expected "Bearer <key>"', faults);
  }
  if (typeof branded !== 'string' && branded !== undefined)
    throw malformed(`${brandHeader} is malformed`, faults);
  if (bearer !== undefined && branded !== undefined && bearer !== branded) {
    throw unauthorized(`Authorization and ${brandHeader} carry different keys`, 'invalid_request');
  }
  const value = bearer ?? branded ?? '';
  if (!WELL_FORMED_KEY.test(value)) throw malformed('API key is malformed', faults);
  return value;
}

/**
 * The key-headers-split fault: with a different known key in each header, the tenant is the key
 * header's key's and the rest (revoked, expired, scopes) the Bearer key's, as an app whose tenant
 * resolver reads X-...-Api-Key while its authentication guard reads Authorization.
 */
function splitKey(keys: KeyRing, headers: IncomingHttpHeaders, brandHeader: string): ApiKey | undefined {
  const bearer = BEARER.exec(headers.authorization ?? '')?.[1];
  const own = headers[brandHeader];
  if (bearer === undefined || typeof own !== 'string' || own === bearer) return undefined;
  const guarded = keys.lookup(bearer);
  const owner = keys.lookup(own);
  return guarded && owner && { ...guarded, tenant: owner.tenant };
}

/** The request's key as the server knows it: 401 when missing, malformed or unknown. */
export function identify(
  keys: KeyRing,
  request: { headers: IncomingHttpHeaders; query: RawQuery },
  brandHeader: string,
  faults: FaultSet,
): ApiKey {
  const split = faults.has('key-headers-split') ? splitKey(keys, request.headers, brandHeader) : undefined;
  if (split !== undefined) return split;
  const key = keys.lookup(presentedKey(request.headers, request.query, brandHeader, faults), faults);
  if (key === undefined) throw unauthorized('API key is not recognised', 'invalid_token');
  return key;
}

/**
 * 401 when the known key is revoked or expired, from a second code path that answers 401 on its own
 * (invalidKey): its faults drop the challenge or date the answer by the key's record.
 */
export function requireValid(key: ApiKey, faults: FaultSet, keys: KeyRing): void {
  if (key.revoked && !faults.has('revoked-key-works'))
    throw invalidKey('API key has been revoked', key, faults);
  if (key.expired && !faults.has('expired-key-works'))
    throw invalidKey(expiredMessage(key, faults, keys), key, faults);
}

/**
 * A revoked or expired key's 401: under challenge-dropped-revoked-expired without the
 * WWW-Authenticate every other 401 carries; under stale-date-on-revoked dated by the key's record
 * (when it was revoked or expired), as a handler that fills Date from the row it read.
 */
function invalidKey(message: string, key: ApiKey, faults: FaultSet): ApiError {
  const refusal = unauthorized(message, 'invalid_token', !faults.has('challenge-dropped-revoked-expired'));
  if (!faults.has('stale-date-on-revoked') || key.invalidSinceMs === null) return refusal;
  const date = new Date(key.invalidSinceMs).toUTCString();
  return new ApiError(401, message, { ...refusal.headers, date });
}

/**
 * An expired key's 401 message; under the expired-key-discloses-key fault it helpfully names the
 * tenant's working key in full (spec §5: the full key is shown at creation only).
 */
function expiredMessage(key: ApiKey, faults: FaultSet, keys: KeyRing): string {
  const working = faults.has('expired-key-discloses-key')
    ? keys.valuesByTenant.get(key.tenant.name)?.full
    : undefined;
  return working === undefined
    ? 'API key has expired'
    : `API key has expired: it was rotated, use its replacement ${working}`;
}

/** 403 when a valid key lacks any scope its endpoint needs (spec §5). */
export function requireScopes(key: ApiKey, scopes: readonly Scope[]): void {
  const missing = scopes.filter((scope) => !key.scopes.has(scope));
  if (missing.length > 0) throw forbidden(`API key lacks the scope ${missing.join(', ')}`);
}
