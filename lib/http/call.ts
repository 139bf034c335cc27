/**
 * A request to the public API as data: which endpoint, which query, which credential (by tenant
 * and role, never by value). Runtime adapters turn it into a real HTTP request.
 */
import { ENDPOINT_INFO, type Endpoint } from '../contract/endpoints.ts';
import type { KeyRole } from '../target/schema.ts';
import { keyInCase, TWO_LINES, type KeyCase } from './key-case.ts';
import { KEY_PLACE_RULES, placedValue, type KeyPlace } from './key-place.ts';
import { spelledValue, spellingScheme, type KeySpelling } from './key-spelling.ts';
import { twoKeyHeaders, type SecondKey } from './two-keys.ts';
import type { Target } from '../target/target.ts';

/** Where the key travels (spec §5): `Authorization: Bearer` or the `X-...-Api-Key` header. */
export type AuthScheme = 'bearer' | 'bearerLowerCase' | 'serviceHeader';
/**
 * `bearerLowerCase` is `Authorization: bearer <key>`: RFC 9110 §11.1 makes the scheme token
 * case-insensitive, so a server must read it as Bearer.
 */
export const AUTH_SCHEMES: readonly AuthScheme[] = ['bearer', 'bearerLowerCase', 'serviceHeader'];

/** `none` sends no key; `malformed` sends a string that cannot be a key. */
export type CredentialRole = KeyRole | 'none' | 'malformed';

export interface Credential {
  tenant: string;
  role: CredentialRole;
  scheme: AuthScheme;
  /** The role's key with its case changed (a string the server never issued: 401). */
  keyCase?: KeyCase;
  /**
   * The key sent in a place spec §5 does not name (a query parameter, a cookie, another header or
   * Authorization scheme) and in neither of its two headers: a request missing its key (401).
   * Never written into the call's path (callPath), so no record of it holds the key.
   */
  keyPlace?: KeyPlace;
  /**
   * A second real key sent with the role's (lib/http/two-keys.ts): listed after it, on a second
   * line of the key header, or in the other header. Never with keyCase or keyPlace.
   */
  second?: SecondKey;
  /**
   * The role's key in another spelling HTTP makes the same credential (lib/http/key-spelling.ts:
   * `Bearer` and more spaces, whitespace around the value): in its own header, whatever `scheme`
   * says. Never with keyCase, keyPlace or second.
   */
  keySpelling?: KeySpelling;
}

export type Query = Record<string, string>;

/** A method no registry lists (RFC 9110 §16.1): a server that does not recognise it may say 501. */
export const UNKNOWN_METHOD = 'FROB';

/** Methods the lists do not serve: spec §4 says both endpoints use GET. */
export const OTHER_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', UNKNOWN_METHOD] as const;

/** The other methods that would write (RFC 9110 §9.3.3-9.3.5, RFC 5789): spec §1 opens none publicly. */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Method = 'GET' | 'HEAD' | (typeof OTHER_METHODS)[number];

/** A query parameter as it goes on the wire: its value already percent-encoded, escapes and all. */
interface RawParameter {
  name: string;
  encoded: string;
}

export interface ApiCall {
  endpoint: Endpoint;
  query: Query;
  credential: Credential;
  /**
   * Parameters sent after `query` exactly as written: what a Query cannot say, a parameter given
   * twice or an escape no string encodes (`%FF`). Single probes only: a walk's next page
   * (withCursor) leaves them out.
   */
  raw?: readonly RawParameter[];
  /**
   * HEAD asks for GET's answer without its content (RFC 9110 §9.3.2); the others are methods the
   * lists do not serve (spec §4: both endpoints use GET), sent by http.other-methods. @default 'GET'
   */
  method?: Method;
  /**
   * Request headers over the credential's (an Accept, a conditional header); null leaves one out.
   * Single probes only: a walk's next page (withCursor) leaves them out.
   */
  headers?: Readonly<Record<string, string | null>>;
  /**
   * A body sent with another method (a write method's JSON, its Content-Type in `headers`), as a
   * client that tries to write sends one. Single probes only.
   */
  body?: string;
  /**
   * What follows the endpoint's path (`/ord_1`, `/`): a route beside the list that spec §1 does not
   * make public. Single probes only: a walk's next page (withCursor) leaves it out.
   */
  pathSuffix?: string;
}

/** Request headers by lower-case name; a list is one line each (the key header sent twice). */
export type RequestHeaders = Record<string, string | string[]>;

export interface HttpRequest {
  url: string;
  headers: RequestHeaders;
}

const MALFORMED_KEY = 'not a key';

// application/x-www-form-urlencoded, exactly as URLSearchParams writes it.
// The replacing is skipped when nothing needs it: this runs for every request, and a replace
// with a callback costs on every request.
const FORM_DIFFERS = /[ !'()~]/;
const encodeFormComponent = (text: string): string =>
  FORM_DIFFERS.test(text)
    ? encodeURIComponent(text)
        .replace(/%20/g, '+')
        .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    : encodeURIComponent(text);

export function queryString(query: Query): string {
  // keys() and an index loop, not entries() with destructuring: this runs for every request,
  const names = Object.keys(query);
  let text = '';
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index] as string;
    text += `${index === 0 ? '?' : '&'}${encodeFormComponent(name)}=${encodeFormComponent(query[name] as string)}`;
  }
  return text;
}

// A call is sent (toHttpRequest) and then recorded (requestRecord): its path is built once.
const pathOf = new WeakMap<ApiCall, string>();

/**
 * The path of a call withCursor made, on the call itself: with a WeakMap entry for every page of
 * every walk (young keys, entries the GC then clears) withCursor took 0.85 to 1.5 µs, with this
 * property 0.22 (docs/bench.md, session 20). Not enumerable, so no copy of the call
 * (`{ ...call, query }`) takes it along, and no record, report or comparison of calls sees it.
 */
const CURSOR_PATH = Symbol('cursor path');
type WithPath = ApiCall & { [CURSOR_PATH]?: string };

/** Path and query of a call, relative to the target's base URL. */
export function callPath(call: ApiCall): string {
  let path = (call as WithPath)[CURSOR_PATH] ?? pathOf.get(call);
  if (path === undefined) {
    path = ENDPOINT_INFO[call.endpoint].path + (call.pathSuffix ?? '') + queryString(call.query);
    for (const { name, encoded } of call.raw ?? [])
      path += `${path.includes('?') ? '&' : '?'}${name}=${encoded}`;
    pathOf.set(call, path);
  }
  return path;
}

/** A request as a finding names it: method, path and query, and whose key went how (never the key). */
export function requestName(call: ApiCall): string {
  const { tenant, role, scheme, keyCase, keyPlace, keySpelling } = call.credential;
  const key =
    role === 'none'
      ? 'no key'
      : role === 'malformed'
        ? 'a malformed key'
        : `tenant ${tenant}'s ${role} key${keyCase === undefined ? '' : ` in ${keyCase} case`}`;
  const place =
    keyPlace !== undefined ? `in ${keyPlace}` : `by ${scheme}${keySpelling ? ` spelled ${keySpelling}` : ''}`;
  return `${call.method ?? 'GET'} ${callPath(call)} (${key} ${place})`;
}

const cursorPrefixes = new WeakMap<ApiCall, string>();

/**
 * The start of every later page's path of a call: its path and `cursor=`, made once per call. The
 * cursor follows, form-encoded (cursorPath).
 */
function cursorPrefix(call: ApiCall): string {
  let prefix = cursorPrefixes.get(call);
  if (prefix === undefined) {
    const base = callPath(call);
    prefix = `${base}${base.includes('?') ? '&' : '?'}cursor=`;
    cursorPrefixes.set(call, prefix);
  }
  return prefix;
}

/**
 * The path of `call` one page on, for any cursor: exactly what callPath(withCursor(call, cursor))
 * is, without encoding the rest of the query again (this runs for every page of every walk).
 * Only for a call whose query has no cursor of its own.
 */
function cursorPath(call: ApiCall, cursor: string): string {
  return cursorPrefix(call) + encodeFormComponent(cursor);
}

/** `call` one page on: the same call with `cursor` in its query, its path built by cursorPath. */
export function withCursor(call: ApiCall, cursor: string): ApiCall {
  const next: ApiCall = {
    endpoint: call.endpoint,
    query: { ...call.query, cursor },
    credential: call.credential,
  };
  if (!('cursor' in call.query))
    Object.defineProperty(next, CURSOR_PATH, { value: cursorPath(call, cursor) });
  return next;
}

function keyFor(target: Target, credential: Credential): string | null {
  if (credential.role === 'none') return null;
  if (credential.role === 'malformed') return MALFORMED_KEY;
  const tenant = target.tenants.find((entry) => entry.name === credential.tenant);
  const key = tenant?.keys[credential.role];
  if (key === undefined)
    throw new Error(`target has no ${credential.role} key for tenant ${credential.tenant}`);
  return credential.keyCase === undefined ? key : keyInCase(key, credential.keyCase);
}

/** Whether the credential's key goes as two lines of the key header (TWO_LINES). */
export const sendsTwoLines = (credential: Credential): boolean =>
  credential.keyCase === TWO_LINES &&
  credential.scheme === 'serviceHeader' &&
  credential.keyPlace === undefined;

function headersFor(target: Target, credential: Credential): RequestHeaders {
  const headers: RequestHeaders = { accept: 'application/json' };
  const { second } = credential;
  if (second !== undefined) {
    const first = keyFor(target, credential);
    const other = keyFor(target, { ...second, scheme: credential.scheme });
    if (first === null || other === null) throw new Error('two keys are two real keys');
    return {
      ...headers,
      ...twoKeyHeaders(target.apiKeyHeader, credential.scheme, [first, other], second.form),
    };
  }
  const key = keyFor(target, credential);
  const place = credential.keyPlace === undefined ? undefined : KEY_PLACE_RULES[credential.keyPlace];
  if (place !== undefined) {
    if (key !== null && place.where === 'header') headers[place.name] = placedValue(place, key);
  } else if (key !== null && credential.keySpelling !== undefined) {
    const { keySpelling } = credential;
    const name =
      spellingScheme(keySpelling) === 'bearer' ? 'authorization' : target.apiKeyHeader.toLowerCase();
    headers[name] = spelledValue(keySpelling, key);
  } else if (key !== null) {
    if (credential.scheme === 'bearer') headers.authorization = `Bearer ${key}`;
    else if (credential.scheme === 'bearerLowerCase') headers.authorization = `bearer ${key}`;
    else headers[target.apiKeyHeader.toLowerCase()] = key;
  }
  if (sendsTwoLines(credential)) {
    const issued = keyFor(target, { ...credential, keyCase: undefined });
    if (issued !== null) headers[target.apiKeyHeader.toLowerCase()] = [issued, issued];
  }
  return headers;
}

// Every call of a walk shares its credential object: its headers are built once. Callers only
// read the headers they are given.
const headersByCredential = new WeakMap<Credential, { target: Target; headers: RequestHeaders }>();

export function toHttpRequest(target: Target, call: ApiCall): HttpRequest {
  const { path, headers } = requestParts(target, call);
  return { url: target.baseUrl + path, headers };
}

/**
 * A call's request as the client sends it: its path and query after the target's base URL (the
 * whole URL is built only where it is read), and its headers.
 */
export function requestParts(target: Target, call: ApiCall): { path: string; headers: RequestHeaders } {
  let built = headersByCredential.get(call.credential);
  if (built === undefined || built.target !== target) {
    built = { target, headers: headersFor(target, call.credential) };
    headersByCredential.set(call.credential, built);
  }
  const headers = call.headers === undefined ? built.headers : withHeaders(built.headers, call.headers);
  return { path: callPath(call) + placedQuery(target, call), headers };
}

/** The query parameter a key placed in the query adds after the call's path ('' for any other call). */
function placedQuery(target: Target, call: ApiCall): string {
  const { keyPlace } = call.credential;
  if (keyPlace === undefined) return '';
  const place = KEY_PLACE_RULES[keyPlace];
  const key = keyFor(target, call.credential);
  if (place.where !== 'query' || key === null) return '';
  const path = callPath(call);
  return `${path.includes('?') ? '&' : '?'}${encodeFormComponent(place.name)}=${encodeFormComponent(key)}`;
}

/** `base` with `extra` over it, a null in `extra` leaving its header out; names in lower case. */
function withHeaders(base: RequestHeaders, extra: Readonly<Record<string, string | null>>): RequestHeaders {
  const headers = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    const lower = name.toLowerCase();
    if (value === null) delete headers[lower];
    else headers[lower] = value;
  }
  return headers;
}
