/**
 * Values outside a query parameter's domain (spec §4.1, §4.2), one of every kind per draw, so each
 * run of a property sends the whole outside of its parameter: other strings and case variants of
 * an enum, words no boolean reading makes, limits out of range or unreadable, ids and cursors no
 * tenant was given, and for every parameter over-long values, control characters, escapes that are
 * not UTF-8, the empty value and the parameter given twice. Each value is percent-encoded as it
 * goes on the wire: an invalid escape cannot be a string.
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';
import { keyInCase, type KeyCase } from '../../lib/http/key-case.ts';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import { searchTerm, searchTerms } from './search.ts';

export interface Outside {
  name: string;
  /** The values sent, each percent-encoded; two when the parameter is given twice. */
  encoded: readonly string[];
  /** What kind of value it is, in words: "a case variant", "an escape that is not UTF-8". */
  kind: string;
  /** An id or cursor no tenant was given: only the server can tell, so only a refusal is right. */
  unknown: boolean;
}

const one = (name: string, kind: string, value: string, unknown = false): Outside => ({
  name,
  encoded: [encodeURIComponent(value)],
  kind,
  unknown,
});

/**
 * Escapes no UTF-8 decoder accepts: a lone byte, a bad continuation, a cut sequence, an encoded
 * surrogate, an overlong form, a byte past U+10FFFF, and broken escapes.
 */
const BAD_ESCAPES = ['%FF', '%C3%28', '%E2%82', '%ED%A0%80', '%C0%AF', '%F5%80%80%80', '%', '%zz'] as const;

/** Longer than any id or word a server stores, in characters. */
const overLength = fc.integer({ min: 256, max: 2000 });
/**
 * Bytes a value may take once percent-encoded: short enough for a request line under 8 KB (the
 * common server and proxy limit; past it, a 414 or 431 from the HTTP layer says nothing of the API).
 */
const MAX_ENCODED = 6000;

/** `base` repeated to `length` characters, cut where its encoding would pass MAX_ENCODED. */
function overLong(base: string, length: number): string {
  const chars = [...base.repeat(Math.ceil(length / base.length))].slice(0, length);
  let encoded = 0;
  const kept = chars.findIndex((char) => (encoded += encodeURIComponent(char).length) > MAX_ENCODED);
  return (kept === -1 ? chars : chars.slice(0, kept)).join('');
}

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u007f'] as const;

/** The kinds every parameter's outside has: over-long, a control character, a bad escape, empty. */
function anyParameter(name: string, like: fc.Arbitrary<string>, unknown = false): fc.Arbitrary<Outside[]> {
  return fc
    .record({
      long: fc.tuple(like, overLength).map(([base, length]) => overLong(base, length)),
      control: fc.tuple(like, fc.constantFrom(...CONTROLS), fc.boolean()),
      escape: fc.tuple(like, fc.constantFrom(...BAD_ESCAPES), fc.boolean()),
    })
    .map(({ long, control: [base, char, before], escape: [text, bad, front] }) => [
      one(name, 'an over-long value', long, unknown),
      one(name, 'a control character', before ? char + base : base + char, unknown),
      {
        name,
        encoded: [front ? bad + encodeURIComponent(text) : encodeURIComponent(text) + bad],
        kind: 'an escape that is not UTF-8',
        unknown,
      },
      one(name, 'the empty value', ''),
    ]);
}

/** A value of `values` written in another case than its own. */
const otherCase = (values: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...values), fc.constantFrom('lower', 'capital', 'mixed'), fc.nat())
    .map(([value, how, seed]) => {
      if (how === 'lower') return value.toLowerCase();
      if (how === 'capital') return value.charAt(0) + value.slice(1).toLowerCase();
      // Flip the case of one letter (the seed says which): wrong however a server compares.
      const letters = [...value].flatMap((char, index) => (/[A-Za-z]/.test(char) ? [index] : []));
      const at = letters[seed % letters.length] ?? 0;
      return value.slice(0, at) + (value[at] ?? '').toLowerCase() + value.slice(at + 1);
    });

/** status outside its endpoint's enum (spec §4.1, §4.2): every one of these is a 400. */
export function statusOutside(endpoint: Endpoint): fc.Arbitrary<Outside[]> {
  const allowed = ENDPOINT_INFO[endpoint].statuses;
  const others = ENDPOINTS.filter((other) => other !== endpoint).flatMap(
    (other) => ENDPOINT_INFO[other].statuses,
  );
  const word = fc.stringMatching(/^[A-Z][A-Z_]{0,19}$/).filter((text) => !allowed.includes(text));
  const pick = fc.constantFrom(...allowed);
  return fc
    .record({
      variant: otherCase(allowed),
      other: fc.constantFrom(...others),
      word,
      padded: fc.tuple(pick, fc.boolean()).map(([value, front]) => (front ? ` ${value}` : `${value} `)),
      joined: fc.tuple(pick, pick).map(([first, second]) => `${first},${second}`),
      rest: anyParameter('status', pick),
    })
    .map(({ variant, other, word: unknown, padded, joined, rest }) => [
      one('status', 'a case variant', variant),
      one('status', "another endpoint's status", other),
      one('status', 'a word outside the enum', unknown),
      one('status', 'a status with a space', padded),
      one('status', 'two statuses in one value', joined),
      ...rest,
    ]);
}

/** Words no boolean reading makes (a 400), and spellings some frameworks read (the spec shows none). */
const NOT_BOOLEANS = ['maybe', 'banana', '2', '-1', 'truee', 'ture', 'fals', 'true false', 'activeOnly'];
const TRUE_SPELLINGS = ['TRUE', 'True', '1', 'yes', 'on'];
const FALSE_SPELLINGS = ['FALSE', 'False', '0', 'no', 'off'];

/**
 * activeOnly outside true and false (spec §4.2: a boolean): a spelling of each value in every run,
 * so one that restricts (true) is always among them (a served one must mean its value).
 */
export const activeOnlyOutside: fc.Arbitrary<Outside[]> = fc
  .record({
    word: fc.constantFrom(...NOT_BOOLEANS),
    spellings: fc.tuple(fc.constantFrom(...TRUE_SPELLINGS), fc.constantFrom(...FALSE_SPELLINGS)),
    rest: anyParameter('activeOnly', fc.constantFrom('true', 'false')),
  })
  .map(({ word, spellings, rest }) => [
    one('activeOnly', 'a word no boolean reading makes', word),
    ...spellings.map((spelling) => one('activeOnly', 'another spelling of a boolean', spelling)),
    ...rest,
  ]);

/** Decimals with leading zeros or a plus: refused, or served as exactly that decimal (never octal). */
const PADDED_LIMITS = ['010', '007', '0100', '00050', '+5'];

/**
 * Forms that are no decimal integer, each a 400: radix prefixes a strtol-like parser reads (0x10 as
 * 16), an exponent, a decimal point, spaces, an underscore, digits of another script.
 */
const NOT_DECIMAL_LIMITS = [
  '0x10',
  '0o10',
  '0b101',
  '1e1',
  '5.0',
  '5.',
  ' 5',
  '7 ',
  '1_0',
  '\u0663',
  '\uFF15',
];

/** Every padded decimal and every form that is no decimal integer, for the coverage phase. */
export const limitForms = (): Outside[] => [
  ...PADDED_LIMITS.map((value) => one('limit', 'a padded decimal', value)),
  ...NOT_DECIMAL_LIMITS.map((value) => one('limit', 'no decimal integer', value)),
];

/**
 * limit outside the integers 1..100 (spec §4, §8) beyond what limits.rejected draws: huge numbers
 * (an overflow), unreadable and empty values, forms that are no decimal integer, and padded
 * decimals whose reading is open.
 */
export const limitOutside: fc.Arbitrary<Outside[]> = fc
  .record({
    huge: fc.stringMatching(/^[1-9][0-9]{19,39}$/),
    padded: fc.constantFrom(...PADDED_LIMITS),
    notDecimal: fc.constantFrom(...NOT_DECIMAL_LIMITS),
    rest: anyParameter('limit', fc.integer({ min: LIMITS.min, max: LIMITS.max }).map(String)),
  })
  .map(({ huge, padded, notDecimal, rest }) => [
    one('limit', 'a huge number', huge),
    one('limit', 'a padded decimal', padded),
    one('limit', 'no decimal integer', notDecimal),
    ...rest.filter((outside) => outside.kind !== 'an over-long value'),
  ]);

/** q is any string (spec §4.1): its odd ones may be refused with a 4xx, never a 5xx. */
export const searchOutside = (tenant: TenantSurvey): fc.Arbitrary<Outside[]> => {
  const items = tenant.lists.menuItems.records;
  return anyParameter('q', searchTerms(items).length > 0 ? searchTerm(items) : fc.constant('a'));
};

/** A made-up id: no tenant has one that starts so. */
const madeUp = fc.stringMatching(/^[a-z0-9]{8,16}$/).map((text) => `zz-no-such-${text}`);

/** The case changes of an own id (spec §2: ids are opaque strings, so a variant is another id). */
const ID_CASES = ['upper', 'lower', 'first-flipped'] as const satisfies readonly KeyCase[];

const ID_CASE_WORDS: Record<(typeof ID_CASES)[number], string> = {
  upper: 'upper-cased',
  lower: 'lower-cased',
  'first-flipped': 'with its first letter in the other case',
};

/** An own id and every id of any tenant the survey saw, for case variants no tenant has. */
export interface OwnIds {
  ids: readonly string[];
  known: ReadonlySet<string>;
}

/**
 * Each case change of an own id (upper, lower, first letter flipped), of the first of `own.ids`
 * from `start` on that it changes into an id no tenant has: a server that folds case before its
 * lookup serves the tenant's own place (spec §5, §7: 404). None of a kind no id allows.
 */
export function ownIdCases(name: string, own: OwnIds, start: number): Outside[] {
  return ID_CASES.flatMap((idCase) => {
    for (let step = 0; step < own.ids.length; step += 1) {
      const id = own.ids[(start + step) % own.ids.length] ?? '';
      const changed = keyInCase(id, idCase);
      if (changed !== id && !own.known.has(changed))
        return [one(name, `an own id ${ID_CASE_WORDS[idCase]}`, changed, true)];
    }
    return [];
  });
}

/**
 * Words a language or a serialiser writes for nothing, any, yes or no, and their quoted forms: a
 * server that reads one as "no place" (locationId=null selecting the orders without a location)
 * serves a list where no place of that id exists (spec §5, §7: 404).
 */
const LITERAL_WORDS = [
  'null',
  'NULL',
  'Null',
  'undefined',
  'None',
  'nil',
  'NaN',
  'true',
  'false',
  '0',
  '-1',
  '*',
  '%',
  '_',
  '[]',
  '{}',
  '""',
  "''",
] as const;

/**
 * Every literal word no tenant has as an id, and the first own id with a space before or after it
 * (ids are opaque strings, spec §2: padded, it is another id), each sent on every run.
 */
export function literalIds(name: string, own: OwnIds): Outside[] {
  const words = LITERAL_WORDS.filter((word) => !own.known.has(word));
  const id = own.ids[0];
  const padded = id === undefined ? [] : [`${id} `, ` ${id}`].filter((each) => !own.known.has(each));
  return [
    ...words.map((word) => one(name, `a literal word (${word})`, word, true)),
    ...padded.map((each) => one(name, 'a padded own id', each, true)),
  ];
}

/**
 * A locationId or categoryId no tenant has (spec §5, §7: 404, or 400 for a malformed one): made
 * up, an own id in another case or padded, a literal word (null, undefined, true, *), and odd in
 * the ways any string may be.
 */
export const placeOutside = (name: 'locationId' | 'categoryId', own: OwnIds): fc.Arbitrary<Outside[]> =>
  fc
    .record({ id: madeUp, start: fc.nat(), rest: anyParameter(name, madeUp, true) })
    .map(({ id, start, rest }) => [
      one(name, 'an id no tenant has', id, true),
      ...ownIdCases(name, own, start),
      ...literalIds(name, own),
      ...rest,
    ]);

/** A cursor no server issued, odd in the ways any string may be (a 4xx, spec §4.3 rule 3). */
export const cursorOutside: fc.Arbitrary<Outside[]> = anyParameter(
  'cursor',
  fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
  true,
);

/** Two legal values of a parameter (perhaps the same), sent as one parameter given twice. */
const twice = (name: string, values: fc.Arbitrary<string>): fc.Arbitrary<Outside> =>
  fc.tuple(values, values).map(([first, second]) => ({
    name,
    encoded: [first, second].map(encodeURIComponent),
    kind: first === second ? 'a parameter given twice' : 'a parameter given twice with two values',
    unknown: false,
  }));

/** A legal value and one outside the domain, in either order: serving it leaves one unread. */
const twiceOneInvalid = (name: string, legal: fc.Arbitrary<string>, invalid: readonly string[]) =>
  fc.tuple(legal, fc.constantFrom(...invalid), fc.boolean()).map(([good, bad, badFirst]): Outside => ({
    name,
    encoded: (badFirst ? [bad, good] : [good, bad]).map(encodeURIComponent),
    kind: 'a parameter given twice, one value invalid',
    unknown: false,
  }));

/** Values outside the domain of each parameter the spec types, to send beside a legal one. */
const INVALID_BESIDE: Record<string, readonly string[]> = {
  limit: ['0', '101', '500', '-1', 'abc', '2.5'],
  status: ['BOGUS', 'paid', 'active'],
  activeOnly: ['maybe', 'truthy'],
};

/**
 * Every parameter of the endpoint that has legal values here, each given twice; and each typed
 * one (limit, status, activeOnly) given twice with one value outside its domain.
 */
export function repeatedParameters(endpoint: Endpoint, tenant: TenantSurvey): fc.Arbitrary<Outside[]> {
  const legal: [string, fc.Arbitrary<string>][] = [
    ['limit', fc.integer({ min: LIMITS.min, max: LIMITS.max }).map(String)],
    ['status', fc.constantFrom(...ENDPOINT_INFO[endpoint].statuses)],
  ];
  if (tenant.locations.length > 0) legal.push(['locationId', fc.constantFrom(...tenant.locations)]);
  if (endpoint === 'orders') legal.push(['activeOnly', fc.constantFrom('true', 'false')]);
  else {
    const items = tenant.lists.menuItems.records;
    if (searchTerms(items).length > 0) legal.push(['q', searchTerm(items)]);
    if (tenant.categories.length > 0) legal.push(['categoryId', fc.constantFrom(...tenant.categories)]);
  }
  const typed = legal.filter(([name]) => INVALID_BESIDE[name] !== undefined);
  return fc.tuple(
    ...legal.map(([name, values]) => twice(name, values)),
    ...typed.map(([name, values]) => twiceOneInvalid(name, values, INVALID_BESIDE[name] ?? [])),
  );
}
