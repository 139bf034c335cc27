/** The changes that send the key in a list: LIST_CASES. */
const LISTED = [
  'comma-doubled',
  'space-doubled',
  'comma-space-doubled',
  'comma-junk',
  'comma-trailing',
  'bearer-listed',
  'header-twice',
] as const;

/**
 * A real key changed (spec §5: a malformed key yields 401): with its case changed, or one
 * character altered, dropped, appended or prepended. Not the key that was issued, so a server that
 * folds case before its lookup, or compares only a prefix of the key, accepts a string it never
 * gave out. Or the key whole inside a value that is not the key (spec §5: the header's value is
 * `<API_KEY>`, Authorization's `Bearer <API_KEY>`): after a `Bearer ` of its own (a server that
 * strips an optional prefix from its key header), quoted, or in a list: twice, with junk or a
 * comma after it, `K, Bearer K`. One key a request (spec §5); a comma is no list here: neither
 * header is a list field (RFC 9110 §5.3), and a key header sent twice reaches a server joined with
 * `, `, so a server that reads the first of a list serves a request with several keys. Whitespace
 * HTTP strips around a value (RFC 9110 §5.5) and the spaces RFC 9110 §11.4 allows after the
 * scheme are no change, so none is sent.
 */
export const KEY_CASES = [
  'upper',
  'lower',
  'first-flipped',
  'last-flipped',
  'last-replaced',
  'middle-replaced',
  'last-dropped',
  'appended',
  'prepended',
  'bearer-prefixed',
  'bearer-lower-prefixed',
  'quoted',
  ...LISTED,
] as const;

export type KeyCase = (typeof KEY_CASES)[number];

const KEY_CASE_SET: ReadonlySet<string> = new Set(KEY_CASES);

export const isKeyCase = (kind: string): kind is KeyCase => KEY_CASE_SET.has(kind);

/** The change in words, for a probe's description. */
export const KEY_CASE_WORDS: Record<KeyCase, string> = {
  upper: 'upper-cased',
  lower: 'lower-cased',
  'first-flipped': 'its first letter in the other case',
  'last-flipped': 'its last letter in the other case',
  'last-replaced': 'its last character replaced',
  'middle-replaced': 'its middle character replaced',
  'last-dropped': 'its last character dropped',
  appended: 'one character appended',
  prepended: 'one character put before it',
  'bearer-prefixed': "after a 'Bearer ' of its own",
  'bearer-lower-prefixed': "after a 'bearer ' of its own",
  quoted: 'in double quotes',
  'comma-doubled': 'twice, comma-separated',
  'space-doubled': 'twice, space-separated',
  'comma-space-doubled': "twice, separated by ', ' (as HTTP joins a header sent twice)",
  'comma-junk': "in a list with junk after it (',x')",
  'comma-trailing': 'in a list with a comma after it',
  'bearer-listed': "twice in a list, the second after a 'Bearer ' of its own",
  'header-twice': 'in the key header sent twice (two lines)',
};

/**
 * The change sent as two lines of the key header (RFC 9110 §5.3: a server may join them with `, `,
 * as Node does, and then reads keyInCase's value). Authorization sent twice is not sent: Node keeps
 * its first line and drops the second, so a correct Node server serves it, and spec §5 says
 * nothing of it.
 */
export const TWO_LINES: KeyCase = 'header-twice';

/** Whether `keyCase` can go via `scheme`: the key header's two lines go via that header only. */
export const caseFitsScheme = (keyCase: KeyCase | undefined, scheme: string): boolean =>
  keyCase !== TWO_LINES || scheme === 'serviceHeader';

/**
 * A character's replacement, of the same class: a digit the next digit, a letter the next letter
 * in the same case ('z' gives 'a'), '-' and '_' each other; any other character gives '0'. The
 * reproduction's shell (lib/repro/curl.ts) maps with the same two strings.
 */
export const REPLACED_FROM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
export const REPLACED_TO = '1234567890bcdefghijklmnopqrstuvwxyzaBCDEFGHIJKLMNOPQRSTUVWXYZA_-';

const replaced = (char: string): string => {
  const at = REPLACED_FROM.indexOf(char);
  return at < 0 ? '0' : (REPLACED_TO[at] ?? '0');
};

const flip = (char: string): string =>
  char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
/** ASCII letters only: what a reproduction's shell flips too. */
const LETTER = /[A-Za-z]/;

/** `key` with the character at `at` replaced by `change` of it. */
const changedAt = (key: string, at: number, change: (char: string) => string): string =>
  `${key.slice(0, at)}${change(key.charAt(at))}${key.slice(at + 1)}`;

/** `key` with one letter's case flipped: the first or the last; the same string with no letter. */
function flipped(key: string, which: 'first' | 'last'): string {
  const chars = [...key];
  const letters = chars.flatMap((char, index) => (LETTER.test(char) ? [index] : []));
  const at = which === 'first' ? letters[0] : letters[letters.length - 1];
  if (at === undefined) return key;
  chars[at] = flip(chars[at] ?? '');
  return chars.join('');
}

/**
 * The shortest key a probe alters by a character: a shorter one's altered forms are so short that
 * redacting them (lib/redact.ts) would remove ordinary words.
 */
export const ALTERED_MIN_LENGTH = 9;

/**
 * The changes that send the key in a list (several keys, or a key and more, in one header): the
 * auth probes send each on cursor pages too, where a server may read its key another way.
 */
export const LIST_CASES: readonly KeyCase[] = LISTED;

/**
 * The changes that send the key whole inside another value: removing the key from a text removes
 * it from these too (lib/redact.ts).
 */
export const WRAPPING_CASES: readonly KeyCase[] = [
  'bearer-prefixed',
  'bearer-lower-prefixed',
  'quoted',
  ...LIST_CASES,
];

/** The changes that alter a character: a key shorter than ALTERED_MIN_LENGTH is left alone. */
const ALTERING: readonly KeyCase[] = [
  'last-replaced',
  'middle-replaced',
  'last-dropped',
  'appended',
  'prepended',
];

/**
 * `key` in `keyCase`: the same string when the change finds nothing to change (no letter to
 * change the case of, or a key shorter than ALTERED_MIN_LENGTH to alter).
 */
export function keyInCase(key: string, keyCase: KeyCase): string {
  if (ALTERING.includes(keyCase) && key.length < ALTERED_MIN_LENGTH) return key;
  switch (keyCase) {
    case 'upper':
      return key.toUpperCase();
    case 'lower':
      return key.toLowerCase();
    case 'first-flipped':
      return flipped(key, 'first');
    case 'last-flipped':
      return flipped(key, 'last');
    case 'last-replaced':
      return changedAt(key, key.length - 1, replaced);
    case 'middle-replaced':
      return changedAt(key, Math.floor(key.length / 2), replaced);
    case 'last-dropped':
      return key.slice(0, -1);
    case 'appended':
      return `${key}${replaced(key.charAt(key.length - 1))}`;
    case 'prepended':
      return `${replaced(key.charAt(0))}${key}`;
    case 'bearer-prefixed':
      return `Bearer ${key}`;
    case 'bearer-lower-prefixed':
      return `bearer ${key}`;
    case 'quoted':
      return `"${key}"`;
    case 'comma-doubled':
      return `${key},${key}`;
    case 'space-doubled':
      return `${key} ${key}`;
    case 'comma-space-doubled':
      return `${key}, ${key}`;
    case 'comma-junk':
      return `${key},x`;
    case 'comma-trailing':
      return `${key},`;
    case 'bearer-listed':
      return `${key}, Bearer ${key}`;
    case 'header-twice':
      return `${key}, ${key}`;
  }
}
