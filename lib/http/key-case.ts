/**
 * A real key with its case changed (spec §5: a malformed key yields 401): not the key that was
 * issued, so a server that folds case before its lookup accepts a string it never gave out.
 */
export const KEY_CASES = ['upper', 'lower', 'first-flipped', 'last-flipped'] as const;

export type KeyCase = (typeof KEY_CASES)[number];

/** The change in words, for a probe's description. */
export const KEY_CASE_WORDS: Record<KeyCase, string> = {
  upper: 'upper-cased',
  lower: 'lower-cased',
  'first-flipped': 'its first letter in the other case',
  'last-flipped': 'its last letter in the other case',
};

const flip = (char: string): string =>
  char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
/** ASCII letters only: what a reproduction's shell flips too. */
const LETTER = /[A-Za-z]/;

/** `key` in `keyCase`: the same string when the change finds nothing to change (no letter). */
export function keyInCase(key: string, keyCase: KeyCase): string {
  if (keyCase === 'upper') return key.toUpperCase();
  if (keyCase === 'lower') return key.toLowerCase();
  const chars = [...key];
  const letters = chars.flatMap((char, index) => (LETTER.test(char) ? [index] : []));
  const at = keyCase === 'first-flipped' ? letters[0] : letters[letters.length - 1];
  if (at === undefined) return key;
  chars[at] = flip(chars[at] ?? '');
  return chars.join('');
}
