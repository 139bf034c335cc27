/**
 * q values (spec §4.1: a case-insensitive search by item name or SKU; its type is "string", so any
 * string is legal): terms taken from the records seen, and strings over the whole domain, with the
 * characters a backend treats specially (SQL LIKE, regular expressions and globs, URL encoding,
 * quotes, whitespace, Unicode case-folding specials, combining marks, emoji) and very long ones.
 */
import fc from 'fast-check';
import type { SurveyRecord } from '../../lib/props/survey.ts';

const MAX_TERMS = 300;

/** Whole names, their words (3+ letters) and SKUs of the items seen. */
export function searchTerms(items: readonly SurveyRecord[]): string[] {
  const terms = new Set<string>();
  for (const item of items) {
    if (typeof item.name === 'string') {
      terms.add(item.name);
      for (const word of item.name.split(/\s+/)) if (word.length >= 3) terms.add(word);
    }
    if (typeof item.sku === 'string' && item.sku.length > 0) terms.add(item.sku);
    if (terms.size >= MAX_TERMS) break;
  }
  return [...terms];
}

/** A term from the items, in any mix of upper and lower case (the search ignores case). */
export const searchTerm = (items: readonly SurveyRecord[]): fc.Arbitrary<string> =>
  fc.mixedCase(fc.constantFrom(...searchTerms(items)));

/** Strings that mean something to a backend: pattern, encoding, quoting and Unicode edges. */
const SPECIAL = [
  // SQL LIKE and its escape
  '%',
  '_',
  '\\',
  '%%',
  '_%',
  // regular expressions and globs
  '.',
  '.*',
  '*',
  '?',
  '[',
  ']',
  '[a-z]',
  '(',
  ')',
  '^',
  '$',
  '|',
  // URL encoding: sent encoded, they must be searched for as themselves
  '+',
  '&',
  '#',
  '=',
  '%00',
  '%20',
  '/',
  // quotes and SQL
  "'",
  '"',
  '`',
  "' OR '1'='1",
  ';',
  '--',
  // whitespace
  ' ',
  '  ',
  '\t',
  // Unicode: case-folding specials, combining marks, emoji, right-to-left
  'ß',
  'SS',
  'İ',
  'ı',
  'ǅ',
  'ﬁ',
  'e\u0301',
  'É',
  'ñ',
  '😀',
  '👍🏽',
  'שלום',
] as const;

/** Any q a client may send: from the data, special, special inside data, arbitrary and long. */
export const anyQuery = (items: readonly SurveyRecord[]): fc.Arbitrary<string> => {
  const special = fc.constantFrom(...SPECIAL);
  const seen = searchTerms(items).length > 0 ? [searchTerm(items)] : [];
  const around = seen.map((term) =>
    fc.tuple(special, term, fc.boolean()).map(([mark, text, before]) => (before ? mark + text : text + mark)),
  );
  return fc.oneof(
    ...seen.map((arbitrary) => ({ arbitrary, weight: 3 })),
    { arbitrary: special, weight: 3 },
    ...around.map((arbitrary) => ({ arbitrary, weight: 1 })),
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 65, maxLength: 300 }), weight: 1 },
  );
};

/** Longest q every server must serve: past it (the spec sets no bound) a 4xx is a reading, not a bug. */
const PLAIN_MAX_LENGTH = 64;

/**
 * A q every server must answer with 200: short and free of control characters. A longer one, or
 * one with a control character (a NUL, say), may also be refused with a 4xx in the Error shape;
 * a 5xx is wrong either way.
 */
export const isPlainQuery = (q: string): boolean => [...q].length <= PLAIN_MAX_LENGTH && !/\p{Cc}/u.test(q);
