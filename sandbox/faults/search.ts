/**
 * The faults of a search more forgiving than spec §4.1's "case-insensitive search by item name or
 * SKU": each a relaxation a real search box adds (typo tolerance, a normaliser, a stemmer) that
 * finds a record for a text its name or SKU does not hold in any letter case. Each answers one
 * kind of near miss the properties send (lib/props/near-misses.ts). Both texts arrive lower-cased.
 */
import type { FaultName, FaultSet } from './catalogue.ts';

/** Shortest q a typo-tolerant search forgives a typo in (as search engines do: short words none). */
const TYPO_MIN_LENGTH = 4;

/** Cyrillic letters drawn like Latin ones, read as those (a confusables skeleton, Unicode TR 39). */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  с: 'c',
  р: 'p',
  х: 'x',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ј: 'j',
};
const skeleton = (text: string): string =>
  text.replace(/[аеосрхуіѕј]/gu, (char) => LOOK_ALIKES[char] ?? char);

/** Each run of one character read as one ("caessar" is "caesar", "coffee" is "cofe"). */
const squeezed = (text: string): string => text.replace(/(.)\1+/gsu, '$1');

/** Spaces, hyphens, underscores, dots and slashes left out ("caesar-salad" is "caesarsalad"). */
const withoutSeparators = (text: string): string => text.replace(/[\s\-_./]+/gu, '');

/** Whether `text` holds `q` with one character of `text` left out of q (one missed keystroke). */
function missingOne(text: string, q: string): boolean {
  if ([...q].length < TYPO_MIN_LENGTH) return false;
  const chars = [...text];
  return chars.some((_, index) => [...chars.slice(0, index), ...chars.slice(index + 1)].join('').includes(q));
}

/** Whether `text` holds `q` with two neighbouring characters of q swapped back (one slip of the fingers). */
function swappedOnce(text: string, q: string): boolean {
  const chars = [...q];
  if (chars.length < TYPO_MIN_LENGTH) return false;
  return chars.some((char, index) => {
    const next = chars[index + 1];
    if (next === undefined || next === char) return false;
    return text.includes([...chars.slice(0, index), next, char, ...chars.slice(index + 2)].join(''));
  });
}

/** Each word of q ending in one s (not ss) read without it: "salads" is also "salad" (a naive stemmer). */
const singular = (q: string): string => q.replace(/([^\ss])s(?=\s|$)/gu, '$1');

type Field = 'name' | 'sku';

/** How each fault reads "text holds q", beside the spec's reading (text holds q as it is). */
const RELAXATIONS = {
  'search-folds-look-alikes': (text: string, q: string) => skeleton(text).includes(skeleton(q)),
  'search-forgives-missing-letter': missingOne,
  'search-squeezes-repeats': (text: string, q: string) => squeezed(text).includes(squeezed(q)),
  'search-forgives-swapped-letters': swappedOnce,
  'search-ignores-separators': (text: string, q: string) =>
    withoutSeparators(text).includes(withoutSeparators(q)),
  'sku-search-ignores-separators': (text: string, q: string, field: Field) =>
    field === 'sku' && withoutSeparators(text).includes(withoutSeparators(q)),
  'search-stems-plurals': (text: string, q: string) => text.includes(singular(q)),
} as const satisfies Partial<Record<FaultName, (text: string, q: string, field: Field) => boolean>>;

type RelaxedFault = keyof typeof RELAXATIONS;
const RELAXED_FAULTS = Object.keys(RELAXATIONS) as RelaxedFault[];

/** The relaxed-search faults switched on, comma-joined, or undefined when none is (the spec's search). */
export function relaxedSearch(faults: FaultSet): string | undefined {
  const on = RELAXED_FAULTS.filter((name) => faults.has(name));
  return on.length === 0 ? undefined : on.join(',');
}

/**
 * The SQL function relaxed_match(faults, field, text, q): 1 when `text` (a lower-cased name or
 * SKU, or null) holds `q` as written or as one of the `faults` (relaxedSearch) reads it.
 */
export function relaxedMatch(faults: unknown, field: unknown, text: unknown, q: unknown): number {
  if (typeof text !== 'string' || typeof q !== 'string') return 0;
  if (text.includes(q)) return 1;
  const names = String(faults).split(',') as RelaxedFault[];
  return names.some((name) => RELAXATIONS[name](text, q, field === 'sku' ? 'sku' : 'name')) ? 1 : 0;
}

/**
 * The q-folded-unlike-names fault's fold of names and SKUs: each character upper- then lower-cased
 * alone (ß is ss, ς is σ, ı is i), as a per-character fold does, while q is only lower-cased.
 */
export function foldedPerCharacter(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  let folded = '';
  for (const char of text) folded += char.toUpperCase().toLowerCase();
  return folded;
}
