/** fast-check arbitraries for fuzzing the sandbox with query strings and headers. */
import fc from 'fast-check';
import { MENU, ORDERS } from './client.ts';

export interface FuzzFixtures {
  /** Genuine values worth mixing in: keys, ids and cursors of the running sandbox. */
  keys: string[];
  ids: string[];
  cursors: string[];
  brandHeader: string;
}

const KNOWN_PARAMETERS = [
  'limit',
  'cursor',
  'q',
  'categoryId',
  'locationId',
  'status',
  'salesChannel',
  'activeOnly',
];
const INTERESTING_VALUES = [
  '',
  '0',
  '1',
  '50',
  '100',
  '101',
  '-1',
  '1.5',
  '1e2',
  'true',
  'false',
  'TRUE',
  'OPEN',
  'PAID',
];
const MORE_VALUES = [
  'ACTIVE',
  'STOP_LIST',
  'DINE_IN',
  'DELIVERY',
  'null',
  '[]',
  '%',
  '%zz',
  '\u0000',
  'ü',
  '🍕',
];
// Headers an HTTP client sets itself or refuses; the fuzzer leaves them alone.
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'expect',
  'upgrade',
  'keep-alive',
  'te',
  'trailer',
]);
const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PRINTABLE = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});
// Characters an HTTP client accepts unencoded in a request target (no space, no '#').
const RAW_QUERY_CHAR = fc
  .integer({ min: 0x21, max: 0x7e })
  .filter((code) => code !== 0x23)
  .map((code) => String.fromCharCode(code));

function mutated(text: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut)),
    fc
      .tuple(fc.nat({ max: Math.max(0, text.length - 1) }), fc.constantFrom('A', '_', '-', '.', 'z', '0'))
      .map(([at, char]) => text.slice(0, at) + char + text.slice(at + 1)),
    fc.string({ maxLength: 4 }).map((tail) => text + tail),
  );
}

function wildValue(fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const genuine = [...fixtures.ids, ...fixtures.cursors];
  return fc.oneof(
    fc.constantFrom(...INTERESTING_VALUES, ...MORE_VALUES),
    fc.constantFrom(...genuine),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer().map(String),
    fc.double().map(String),
  );
}

const named =
  (name: string) =>
  (value: string): [string, string] => [name, value];

/** Mostly plausible parameters (so requests get past validation), some wild ones. */
function parameter(fixtures: FuzzFixtures): fc.Arbitrary<[string, string]> {
  const cursor = fc.constantFrom(...fixtures.cursors);
  const plausible = fc.oneof(
    fc.integer({ min: 1, max: 100 }).map((limit) => named('limit')(String(limit))),
    { weight: 2, arbitrary: cursor.chain(mutated).map(named('cursor')) },
    cursor.map(named('cursor')),
    fc.string({ maxLength: 8 }).map(named('q')),
    fc.constantFrom('OPEN', 'PAID', 'ACTIVE', 'ARCHIVED').map(named('status')),
    fc.constantFrom('true', 'false').map(named('activeOnly')),
    fc.constantFrom('DINE_IN', 'DELIVERY').map(named('salesChannel')),
    fc
      .constantFrom(...fixtures.ids)
      .map((id) => named(id.startsWith('loc') ? 'locationId' : 'categoryId')(id)),
  );
  const name = fc.oneof(fc.constantFrom(...KNOWN_PARAMETERS), fc.string({ maxLength: 12 }));
  return fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 1, arbitrary: fc.tuple(name, wildValue(fixtures)) },
  );
}

/** A query string, either properly encoded or raw (with whatever percent-escapes it happens to hold). */
export function queryString(fixtures: FuzzFixtures): fc.Arbitrary<string> {
  const pairs = fc.array(parameter(fixtures), { maxLength: 5 });
  const encoded = pairs.map((list) =>
    list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
  );
  const raw = fc.string({ unit: RAW_QUERY_CHAR, maxLength: 60 });
  return fc
    .oneof({ weight: 4, arbitrary: encoded }, { weight: 1, arbitrary: raw })
    .map((query) => (query === '' ? '' : `?${query}`));
}

/** Mostly the genuine full key (first in fixtures.keys) in either header; otherwise anything. */
export function headers(fixtures: FuzzFixtures): fc.Arbitrary<Record<string, string>> {
  const [validKey = ''] = fixtures.keys;
  const key = fc.oneof(
    fc.constantFrom(...fixtures.keys),
    fc.constantFrom(...fixtures.keys).chain(mutated),
    PRINTABLE,
  );
  const authorization = fc.oneof(
    key.map((value) => `Bearer ${value}`),
    fc
      .tuple(fc.constantFrom('Basic', 'bearer', 'BEARER', 'Token', ''), PRINTABLE)
      .map(([scheme, v]) => `${scheme} ${v}`),
    PRINTABLE,
  );
  const headerName = fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 16 });
  const extra = fc.dictionary(
    headerName.filter((n) => !RESERVED_HEADERS.has(n.toLowerCase())),
    PRINTABLE,
    { maxKeys: 3 },
  );
  const credentials = fc.oneof(
    { weight: 8, arbitrary: fc.constant({ authorization: `Bearer ${validKey}` }) },
    { weight: 1, arbitrary: fc.constant({ [fixtures.brandHeader]: validKey }) },
    {
      weight: 3,
      arbitrary: fc.record({ authorization, [fixtures.brandHeader]: key }, { requiredKeys: [] }),
    },
  );
  return fc.tuple(credentials, extra).map(([chosen, more]) => {
    const trimmed = Object.entries(chosen).map(([name, value]): [string, string] => [
      name,
      String(value).trim(),
    ]);
    return { ...more, ...Object.fromEntries(trimmed) };
  });
}

export const path = fc.constantFrom(MENU, ORDERS);
