/**
 * Places a key can travel that spec §5 does not name. Every request carries its key in
 * `Authorization: Bearer` or the `X-...-Api-Key` header, and a request with neither is missing its
 * key: 401. A server that also reads the key from a query parameter, a cookie, another
 * Authorization scheme or another header serves a request the spec refuses, and invites keys into
 * URLs, logs and browsers' cookie jars. A probe sends a real key in one of these places and in
 * neither spec header.
 */
export const KEY_PLACES = [
  'query-api_key',
  'query-apiKey',
  'query-key',
  'query-access_token',
  'query-token',
  'cookie-api_key',
  'cookie-token',
  'authorization-token',
  'authorization-apikey',
  'authorization-basic',
  'authorization-bare',
  'header-x-api-key',
  'header-api-key',
  'header-x-auth-token',
  'header-x-access-token',
] as const;

export type KeyPlace = (typeof KEY_PLACES)[number];

/**
 * Where a place puts the key: a query parameter or a header of `name`, whose value is `prefix`
 * then the key, or then base64 of `key:` for HTTP Basic (RFC 7617: the key as user, no password).
 */
export interface PlaceRule {
  where: 'query' | 'header';
  name: string;
  prefix: string;
  basic?: true;
}

const query = (name: string): PlaceRule => ({ where: 'query', name, prefix: '' });
const header = (name: string, prefix = ''): PlaceRule => ({ where: 'header', name, prefix });

export const KEY_PLACE_RULES: Record<KeyPlace, PlaceRule> = {
  'query-api_key': query('api_key'),
  'query-apiKey': query('apiKey'),
  'query-key': query('key'),
  // RFC 6750 §2.3: a bearer token's URI query parameter, which spec §5 does not offer.
  'query-access_token': query('access_token'),
  'query-token': query('token'),
  'cookie-api_key': header('cookie', 'api_key='),
  'cookie-token': header('cookie', 'token='),
  'authorization-token': header('authorization', 'Token '),
  'authorization-apikey': header('authorization', 'ApiKey '),
  'authorization-basic': { ...header('authorization', 'Basic '), basic: true },
  'authorization-bare': header('authorization'),
  'header-x-api-key': header('x-api-key'),
  'header-api-key': header('api-key'),
  'header-x-auth-token': header('x-auth-token'),
  'header-x-access-token': header('x-access-token'),
};

/** HTTP Basic credentials of a key (RFC 7617): base64 of the key as user and an empty password. */
export const basicCredentials = (key: string): string => Buffer.from(`${key}:`).toString('base64');

/** The value a place's query parameter or header carries for `key`. */
export const placedValue = (rule: PlaceRule, key: string): string =>
  `${rule.prefix}${rule.basic ? basicCredentials(key) : key}`;

/** The place in words, for a probe's description; never the key. */
function keyPlaceWords(place: KeyPlace): string {
  const rule = KEY_PLACE_RULES[place];
  if (rule.where === 'query') return `in the query parameter ${rule.name}`;
  if (rule.basic) return 'as Authorization: Basic base64(key:)';
  if (rule.name === 'cookie') return `in the cookie ${rule.prefix.slice(0, -1)}`;
  if (rule.name === 'authorization')
    return rule.prefix === ''
      ? 'as Authorization: <key> (no scheme)'
      : `as Authorization: ${rule.prefix}<key>`;
  return `in the header ${rule.name}`;
}

/**
 * What a probe of a key sent elsewhere says it sent, for reports: whose key and where, never the
 * key. The auth properties and a load's refused requests say it alike.
 */
export const keyElsewhereWords = (role: string, tenant: string, place: KeyPlace): string =>
  `the ${role} key of ${tenant} ${keyPlaceWords(place)}, in neither key header`;

/** The kinds of place, each a prefix of its places' names. */
export const KEY_PLACE_KINDS = ['query', 'cookie', 'authorization', 'header'] as const;

export type KeyPlaceKind = (typeof KEY_PLACE_KINDS)[number];

export const keyPlaceKind = (place: KeyPlace): KeyPlaceKind =>
  KEY_PLACE_KINDS.find((kind) => place.startsWith(`${kind}-`)) ?? 'header';

/** The places a target's probe may use: a header its own key header is not (spec §5 names it). */
export const keyPlacesFor = (apiKeyHeader: string): KeyPlace[] =>
  KEY_PLACES.filter((place) => {
    const rule = KEY_PLACE_RULES[place];
    return rule.where === 'query' || rule.name !== apiKeyHeader.toLowerCase();
  });
