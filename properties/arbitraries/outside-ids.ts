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
 * up, an own id in another case or padded, a literal word (null, undefined, true, *), and odd in
 * the ways any string may be.
 */
export const placeOutside = (name: 'locationId' | 'categoryId', own: OwnIds): fc.Arbitrary<Outside[]> =>
  fc
    .record({ id: madeUp, start: fc.nat(), rest: anyParameter(name, madeUp, true) })
    .map(({ id, start, rest }) => [
      oneValue(name, 'an id no tenant has', id, true),
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
