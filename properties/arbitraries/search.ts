/**
 * q values (spec §4.1: a case-insensitive search by item name or SKU; its type is "string", so any
 * string is legal): terms taken from the records seen, and strings over the whole domain, with the
 * characters a backend treats specially (SQL LIKE, regular expressions and globs, URL encoding,
 * quotes, whitespace, Unicode case-folding specials, combining marks, emoji) and very long ones.
 */
import fc from 'fast-check';
import { nearMisses } from '../../lib/props/near-misses.ts';
import { irregularCaseChars, QUERY_STRING_CHARS, spread, URL_SPECIAL } from '../../lib/props/q-forms.ts';
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

/** Longest substring taken: longer ones are whole names. */
const SUBSTRING_MAX = 40;
/** Substrings kept per length (every single character is kept). */
const PER_LENGTH = 4;
/** Substrings with a non-ASCII character kept, and SKU substrings kept per length. */
const NON_ASCII_KEPT = 12;
const SKU_PER_LENGTH = 2;

const textsOf = (items: readonly SurveyRecord[], field: 'name' | 'sku'): string[] => [
  ...new Set(
    items
      .map((item) => item[field])
      .filter((text): text is string => typeof text === 'string' && text !== ''),
  ),
];

/** Every substring of the texts up to SUBSTRING_MAX, by length, one spelling per lower-cased form. */
function substringsByLength(texts: readonly string[]): Map<number, string[]> {
  const byLength = new Map<number, Map<string, string>>();
  for (const text of texts) {
    const chars = [...text];
    for (let start = 0; start < chars.length; start += 1)
      for (let length = 1; length <= Math.min(SUBSTRING_MAX, chars.length - start); length += 1) {
        const sub = chars.slice(start, start + length).join('');
        // Edge whitespace is read two ways (q trimmed or not): such a q measures as a range.
        if (sub.trim() !== sub) continue;
        const forms = byLength.get(length) ?? new Map<string, string>();
        if (!forms.has(sub.toLowerCase())) forms.set(sub.toLowerCase(), sub);
        byLength.set(length, forms);
      }
  }
  return new Map(
    [...byLength].map(([length, forms]) => [
      length,
      [...forms.keys()].sort().map((key) => forms.get(key) ?? key),
    ]),
  );
}

/** Text no item holds in any case: a letter none has, a Cyrillic one, a name backwards. */
function absentTexts(texts: readonly string[]): string[] {
  const all = texts.join('\n').toLowerCase();
  const letter = [...'qxzjkvwy'].find((char) => !all.includes(char));
  const longest = [...texts].sort((a, b) => b.length - a.length)[0] ?? '';
  const backwards = [...longest].reverse().join('').trim();
  return [letter, 'ж', backwards].filter(
    (text): text is string => text !== undefined && text !== '' && !all.includes(text.toLowerCase()),
  );
}

/** Substrings with a character URL encoding treats specially kept (lib/props/q-forms.ts). */
const SPECIAL_KEPT = 8;

/**
 * Literal text a server decoding q twice (form style) misreads: a + (a space to it), %41 (an A),
 * %20 (a space), and two words of a name joined by + (which it finds, the spec's search does not).
 */
function literalTexts(names: readonly string[]): string[] {
  const words = names.map((name) => name.split(' ')).find((parts) => parts.length >= 2);
  return ['+', '%41', '%20', ...(words ? [`${words[0]}+${words[1]}`] : [])];
}

/** Characters kept after a query-string character, and before it in the longer piece. */
const AROUND = 4;
/** Texts holding a query-string character that pieces are taken from, per character. */
const QUERY_TEXTS_KEPT = 3;

/** Pieces of `chars` around position `at`: from the nearest other text before it, and a longer one. */
function piecesAround(chars: readonly string[], at: number): string[] {
  let first = at - 1;
  while (first > 0 && /\s/u.test(chars[first] ?? '')) first -= 1;
  let next = at + 1;
  while (next < chars.length - 1 && /\s/u.test(chars[next] ?? '')) next += 1;
  const last = Math.min(chars.length, next + AROUND);
  return [first, Math.max(0, at - AROUND)].map((start) => chars.slice(start, last).join('').trim());
}

/**
 * For each character a query string gives meaning to that texts hold between other text, pieces
 * of the first few such texts around it (`h & Chips`, `ish & Chips` of Fish & Chips): a server
 * that decodes the query before splitting it searches for what comes before it alone, which finds
 * more the shorter it is.
 */
function queryStringTexts(texts: readonly string[]): string[] {
  return QUERY_STRING_CHARS.flatMap((char) =>
    texts
      .map((text) => [...text])
      .filter((chars) => chars.slice(1, -1).includes(char))
      .slice(0, QUERY_TEXTS_KEPT)
      .flatMap((chars) => piecesAround(chars, chars.indexOf(char, 1)))
      .filter((piece) => [...piece].slice(1, -1).includes(char)),
  );
}

/** Irregular-case characters taken (lib/props/q-forms.ts isIrregularCase), the first ones. */
const IRREGULAR_KEPT = 12;

/**
 * For each character whose case maps irregularly (ß, ς, ı, İ, ǅ, ﬁ), the first word holding it,
 * as the data spells it (any reading of case-insensitive finds that) and upper- and lower-cased
 * (where the readings agree, the oracle judges them; where they part, it allows either outcome).
 */
function irregularCaseTexts(texts: readonly string[]): string[] {
  return irregularCaseChars(texts)
    .slice(0, IRREGULAR_KEPT)
    .flatMap((char) => {
      const text = texts.find((candidate) => candidate.includes(char)) ?? char;
      const word = text.split(/\s+/).find((candidate) => candidate.includes(char) && candidate !== char);
      const spelt = word ?? text.trim();
      return [spelt, spelt.toUpperCase(), spelt.toLowerCase()];
    });
}

/**
 * q values aimed at every outcome of a search (lib/props/aim.ts): substrings of the items' names
 * and SKUs of every length from one character (every single character; a spread of each longer
 * length), those with non-ASCII characters (each also upper- and lower-cased), SKU substrings,
 * text no item holds, substrings with a character URL encoding treats specially, a literal + and
 * %XX, each character a query string gives meaning to between other text, the words holding a
 * character whose case maps irregularly (also upper- and lower-cased); each as the data spells it and, for every other one, upper- or lower-cased
 * (the search must ignore case); and near misses of names and SKUs that none holds (accents
 * stripped or added, a letter changed, words reordered, separators changed: lib/props/near-misses.ts).
 */
export function searchSubstrings(items: readonly SurveyRecord[]): string[] {
  const names = substringsByLength(textsOf(items, 'name'));
  const skus = substringsByLength(textsOf(items, 'sku'));
  const kept = new Set<string>();
  for (const [length, subs] of names)
    spread(subs, length === 1 ? subs.length : PER_LENGTH).forEach((sub) => kept.add(sub));
  for (const subs of skus.values()) spread(subs, SKU_PER_LENGTH).forEach((sub) => kept.add(sub));
  const nonAscii = [...names.values()].flat().filter((sub) => /[^\p{ASCII}]/u.test(sub));
  const nonAsciiKept = spread(nonAscii, NON_ASCII_KEPT);
  nonAsciiKept.forEach((sub) => kept.add(sub));
  const cased = [...kept].flatMap((sub, index) => [
    sub,
    ...(index % 2 === 0 ? [sub.toUpperCase()] : []),
    ...(index % 3 === 0 ? [sub.toLowerCase()] : []),
  ]);
  // Non-ASCII text in both cases, always: a search folding only A-Z finds neither other case.
  const nonAsciiCased = nonAsciiKept.flatMap((sub) => [sub.toUpperCase(), sub.toLowerCase()]);
  const texts = [...textsOf(items, 'name'), ...textsOf(items, 'sku')];
  const absent = absentTexts(texts);
  const special = spread(
    [...names.values(), ...skus.values()].flat().filter((sub) => URL_SPECIAL.test(sub)),
    SPECIAL_KEPT,
  );
  const literal = literalTexts(textsOf(items, 'name'));
  const query = queryStringTexts(texts);
  const irregular = irregularCaseTexts(texts);
  const near = nearMisses(items).keys();
  return [
    ...new Set([
      ...cased,
      ...nonAsciiCased,
      ...absent,
      ...special,
      ...literal,
      ...query,
      ...irregular,
      ...near,
    ]),
  ];
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
