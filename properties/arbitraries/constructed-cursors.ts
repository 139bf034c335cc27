/**
 * Cursors a client might build instead of passing the one it was given (spec §4.3 rule 3: the
 * cursor is opaque, clients must not construct it; rule 5: offset pagination does not exist): a
 * plain integer (an offset or a page number), a page or offset as name=value, base64 of
 * offset-like JSON, and the words a serialiser writes for nothing. A value the server never issued
 * is no cursor, but one of the target's own form may be one it issues (a keyset on a numeric id
 * issues digits): each kind is judged only where the target's issued cursors cannot have it.
 */
import fc from 'fast-check';

export const CONSTRUCTED_KINDS = ['integer', 'named', 'json', 'word'] as const;
export type ConstructedKind = (typeof CONSTRUCTED_KINDS)[number];

/** Each kind in words: the label of its coverage cells. */
export const CONSTRUCTED_WORDS: Record<ConstructedKind, string> = {
  integer: 'a plain integer',
  named: 'a page or offset as name=value',
  json: 'base64 of offset-like JSON',
  word: 'a word for nothing',
};

/** Why an issued cursor of each kind's form makes the kind unjudgeable: what its cursors are. */
const OWN_FORM_WORDS: Record<ConstructedKind, string> = {
  integer: 'plain digits or hex, so an integer may be one of its cursors',
  named: 'name=number, so page=2 may be one of its cursors',
  json: 'base64 of JSON with such a field, so one built so may be one of its cursors',
  word: 'such a word',
};

const INTEGER = /^-?[0-9]+$/;
const HEX = /^[0-9A-Fa-f]+$/;
const NAMED = /^[A-Za-z_][A-Za-z0-9_]*[=:]-?[0-9]+$/;

const NOTHING_WORDS = ['null', 'undefined', 'NaN', 'None', 'nil', 'false'] as const;
const NOTHING: ReadonlySet<string> = new Set(NOTHING_WORDS.map((word) => word.toLowerCase()));

/**
 * Whether a cursor the target issued is plain digits or hex: any digit string, a changed or cut
 * one too, may then be another of its cursors (a keyset on a numeric or hex id).
 */
export const digitsOrHex = (token: string): boolean => INTEGER.test(token) || HEX.test(token);

/** The kind of a value this file builds. */
export function constructedKind(text: string): ConstructedKind {
  if (INTEGER.test(text)) return 'integer';
  if (NAMED.test(text)) return 'named';
  return NOTHING.has(text.toLowerCase()) ? 'word' : 'json';
}

/** The fields of the JSON object `text` holds as base64 or base64url; none when it holds none. */
function jsonFields(text: string): string[] {
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(text)) return [];
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

/** Whether `token`, a cursor the target issued, has the form of `text` (so `text` may be one too). */
function sameForm(text: string, token: string): boolean {
  switch (constructedKind(text)) {
    case 'integer':
      return digitsOrHex(token);
    case 'named':
      return NAMED.test(token);
    case 'word':
      return token.toLowerCase() === text.toLowerCase();
    case 'json': {
      const fields = new Set(jsonFields(text));
      return token.split('.').some((segment) => jsonFields(segment).some((field) => fields.has(field)));
    }
  }
}

/**
 * Why `text` cannot be judged against cursors the target issued (`issued`, of one endpoint): none
 * seen, or one of its form; null when it can (no issued cursor has its form).
 */
export function unjudgedWhy(text: string, issued: readonly string[]): string | null {
  if (issued.length === 0)
    return 'no first page at limit 1 issued a cursor: the target’s cursor form is unknown';
  const kind = constructedKind(text);
  const own = issued.find((token) => sameForm(text, token));
  return own === undefined ? null : `the target’s cursors are ${OWN_FORM_WORDS[kind]}`;
}

const base64 = (value: object, url: boolean): string =>
  Buffer.from(JSON.stringify(value)).toString(url ? 'base64url' : 'base64');

/** Every kind's fixed values, each sent on each endpoint in the coverage phase. */
export const CONSTRUCTED_VALUES: Record<ConstructedKind, readonly string[]> = {
  integer: ['0', '1', '2', '10', '100', '-1'],
  named: ['page=2', 'page:2', 'offset=10'],
  json: [{ offset: 10 }, { page: 2 }].flatMap((value) => [base64(value, false), base64(value, true)]),
  word: NOTHING_WORDS,
};

/** Names a client gives an offset or a page. */
const POSITION_NAMES = ['offset', 'page', 'skip', 'start', 'from', 'p'] as const;

/** Constructed values of every kind, drawn: any integer, any position name and number. */
export const constructedCursor: fc.Arbitrary<string> = fc.oneof(
  fc.oneof(fc.nat({ max: 200 }), fc.integer({ min: -1000, max: 1_000_000 })).map(String),
  fc
    .tuple(fc.constantFrom(...POSITION_NAMES), fc.constantFrom('=', ':'), fc.nat({ max: 1000 }))
    .map(([name, sign, number]) => `${name}${sign}${number}`),
  fc
    .tuple(fc.constantFrom(...POSITION_NAMES), fc.nat({ max: 1000 }), fc.boolean())
    .map(([name, number, url]) => base64({ [name]: number }, url)),
  fc.constantFrom(...NOTHING_WORDS),
);
