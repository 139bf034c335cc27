/**
 * Ids and cursors no tenant was given (spec §2, §4.3 rule 3, §5, §7): made-up place ids, a
 * tenant's own ids in another case or padded, literal words, and cursors no server issued; each
 * with the kinds every parameter's outside has (outside.ts). Only the server can tell them from
 * real ones, so they are marked unknown: only a refusal is right.
 */
import fc from 'fast-check';
import { keyInCase, type KeyCase } from '../../lib/http/key-case.ts';
import { anyParameter, oneValue, type Outside } from './outside.ts';

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
        return [oneValue(name, `an own id ${ID_CASE_WORDS[idCase]}`, changed, true)];
    }
    return [];
  });
}

const DIGITS = '0123456789';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The characters that may stand where `char` stands in an id of the same form. */
const sameClass = (char: string): string => {
  if (DIGITS.includes(char)) return DIGITS;
  if (LETTERS.includes(char)) return LETTERS;
  return LETTERS.toUpperCase().includes(char) ? LETTERS.toUpperCase() : '';
};

/**
 * An id of the form of `id` that no surveyed tenant has: one letter or digit changed, from the
 * end (`loc_b_1` gives `loc_b_0`); `id` itself with a digit added when every such change is taken.
 */
export function unknownOfForm(id: string, taken: ReadonlySet<string>): string {
  for (let index = id.length - 1; index >= 0; index -= 1) {
    const char = id[index] as string;
    for (const other of sameClass(char)) {
      const candidate = `${id.slice(0, index)}${other}${id.slice(index + 1)}`;
      if (other !== char && !taken.has(candidate)) return candidate;
    }
  }
  return `${id}0`;
}

/** A separator of an id: what is neither a letter nor a digit. */
const SEPARATOR = /[^A-Za-z0-9]/;

/**
 * Fixed shapes, whatever the own ids' form is, each an id a client cannot tell from an issued one
 * (1-64 visible ASCII characters, unknown-place-not-found's rule): a word, digits only, a UUID,
 * another prefix in upper case, another prefix and separator.
 */
const OTHER_SHAPES = [
  ['a word', 'nowhere'],
  ['digits only', '12345678'],
  ['a UUID', '00000000-0000-4000-8000-000000000000'],
  ['another prefix in upper case', 'LOC-1'],
  ['another prefix', 'cat-1'],
] as const;

/**
 * Ids of other shapes no tenant has (spec §2: ids are opaque strings, so any of them is an id that
 * does not exist: 404, spec §5, §7), drawn from the survey's own ids by the outcome they produce
 * at a server that checks its own format first: the own form with an unknown suffix and another
 * tenant's form (they pass such a check and reach the lookup), and forms it refuses: the own
 * prefix with a word, other separators, one character longer, cut short, and OTHER_SHAPES. Each
 * is judged by unknown-place-not-found (404, never a 400) whatever the server's format is.
 */
export function placeShapes(name: string, own: OwnIds, foreign: readonly string[], start: number): Outside[] {
  const id = own.ids.length === 0 ? undefined : own.ids[start % own.ids.length];
  const other = foreign.length === 0 ? undefined : foreign[start % foreign.length];
  const derived: [string, string | undefined][] = [
    ['an unknown id of the own form', id && unknownOfForm(id, own.known)],
    ["an unknown id of another tenant's form", other && unknownOfForm(other, own.known)],
    ['the own prefix with a word', id && `${id.slice(0, id.search(SEPARATOR) + 1)}nowhere`],
    [
      'the own id with other separators',
      id && (SEPARATOR.test(id) ? id.replace(/[^A-Za-z0-9]/g, '.') : `${id}.1`),
    ],
    ['the own id one character longer', id && `${id}0`],
    ['the own id cut short', id && id.slice(0, Math.ceil(id.length / 2))],
  ];
  const seen = new Set(own.known);
  return [...derived, ...OTHER_SHAPES].flatMap(([kind, value]) => {
    if (value === undefined || value === '' || seen.has(value)) return [];
    seen.add(value);
    return [oneValue(name, `an id of another shape (${kind})`, value, true)];
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
    ...words.map((word) => oneValue(name, `a literal word (${word})`, word, true)),
    ...padded.map((each) => oneValue(name, 'a padded own id', each, true)),
  ];
}

/**
 * A locationId or categoryId no tenant has (spec §5, §7: 404, or 400 for a malformed one): made
 * up, of other shapes (placeShapes, given the other tenants' ids of it), an own id in another case
 * or padded, a literal word (null, undefined, true, *), and odd in the ways any string may be.
 */
export const placeOutside = (
  name: 'locationId' | 'categoryId',
  own: OwnIds,
  foreign: readonly string[],
): fc.Arbitrary<Outside[]> =>
  fc
    .record({ id: madeUp, start: fc.nat(), rest: anyParameter(name, madeUp, true) })
    .map(({ id, start, rest }) => [
      oneValue(name, 'an id no tenant has', id, true),
      ...placeShapes(name, own, foreign, start),
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
