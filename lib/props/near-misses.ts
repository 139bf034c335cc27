/**
 * Near misses of q (spec §4.1: "case-insensitive search by item name or SKU"; letter case is the
 * only relaxation it names): texts made from the data's own names and SKUs that no name or SKU
 * holds under any reading of "case-insensitive" (lib/checks/filter-rules.ts: lower, upper (ß is
 * SS), NFKC, NFD), so the search must find nothing. A search
 * that ignores accents, matches fuzzily, stems, ignores word order or separators, or matches
 * word prefixes finds the record they were made from.
 */
import { filterOracle } from '../checks/filter-rules.ts';
import { spread } from './q-forms.ts';
import type { SurveyRecord } from './survey.ts';

export const NEAR_MISS_KINDS = [
  'accents stripped',
  'accent added',
  'look-alike letter',
  'character dropped',
  'character doubled',
  'characters transposed',
  'words reordered',
  'separator changed',
  'SKU separator changed',
  'plural',
  'word prefixes joined',
  'text appended',
] as const;

export type NearMissKind = (typeof NEAR_MISS_KINDS)[number];

/** Candidates tried and near misses kept per kind: enough to reach a kind, few enough to stay cheap. */
const TRIED_PER_KIND = 24;
const KEPT_PER_KIND = 2;

const COMBINING_MARKS = /\p{M}/gu;
const stripAccents = (text: string): string =>
  text.normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
const ACCENTED: Readonly<Record<string, string>> = { a: 'à', e: 'é', i: 'í', o: 'ó', u: 'ù' };
/** Latin letters and the Cyrillic ones drawn alike (no normalisation maps one to the other). */
const LOOK_ALIKE: Readonly<Record<string, string>> = { a: 'а', e: 'е', o: 'о', c: 'с', p: 'р' };

const words = (name: string): string[] => name.split(' ').filter((word) => word !== '');
/** A middle position of a word of five letters or more: edits there leave both ends as spelt. */
const middle = (word: string): number => Math.floor(word.length / 2);
const longWords = (name: string): string[] => words(name).filter((word) => /^\p{L}{5,}$/u.test(word));

function replaceFirst(word: string, table: Readonly<Record<string, string>>): string | undefined {
  const index = [...word].findIndex((char, position) => position > 0 && table[char] !== undefined);
  if (index < 0) return undefined;
  const chars = [...word];
  chars[index] = table[chars[index] as string] as string;
  return chars.join('');
}

/** Each kind's candidates from one name (a SKU's only from fromSku). */
const FROM_NAME: Record<NearMissKind, (name: string) => (string | undefined)[]> = {
  'accents stripped': (name) =>
    [name, ...words(name)].flatMap((text) => (stripAccents(text) === text ? [] : [stripAccents(text)])),
  'accent added': (name) => longWords(name).map((word) => replaceFirst(word, ACCENTED)),
  'look-alike letter': (name) => longWords(name).map((word) => replaceFirst(word, LOOK_ALIKE)),
  'character dropped': (name) =>
    longWords(name).map((word) => word.slice(0, middle(word)) + word.slice(middle(word) + 1)),
  'character doubled': (name) =>
    longWords(name).map(
      (word) => word.slice(0, middle(word)) + word.charAt(middle(word)) + word.slice(middle(word)),
    ),
  'characters transposed': (name) =>
    longWords(name).map((word) => {
      const at = middle(word);
      return word.slice(0, at - 1) + word.charAt(at) + word.charAt(at - 1) + word.slice(at + 1);
    }),
  'words reordered': (name) => (words(name).length >= 2 ? [[...words(name)].reverse().join(' ')] : []),
  'separator changed': (name) =>
    words(name).length >= 2 ? [words(name).join('-'), words(name).join('')] : [],
  'SKU separator changed': () => [],
  plural: (name) => [name, ...longWords(name)].flatMap((text) => (/s$/i.test(text) ? [] : [`${text}s`])),
  'word prefixes joined': (name) => {
    const [first, second] = words(name);
    return first && second && first.length >= 4 && second.length >= 3
      ? [`${first.slice(0, 3)} ${second.slice(0, 2)}`]
      : [];
  },
  // A whole name and more: what a search that cuts q short (an index of prefixes, a column of N
  // characters) finds the name for. The longest names first (nearMisses), to pass any such cut.
  'text appended': (name) => [`${name} xq`],
};

/** SKU separators changed: dropped, or a space or dot for a hyphen. */
const fromSku = (sku: string): string[] =>
  /[-_ .]/.test(sku)
    ? [sku.replace(/[-_ .]/g, ''), sku.replace(/[-_.]/g, ' '), sku.replace(/[-_ ]/g, '.')]
    : [];

const cache = new WeakMap<readonly SurveyRecord[], ReadonlyMap<string, NearMissKind>>();

/**
 * The near misses of a menu's records, each with its kind: texts that differ from a name or SKU
 * of the menu by one of the kinds and that no name or SKU holds under any reading of
 * "case-insensitive" (so the search must find nothing). Computed once per records array.
 */
export function nearMisses(records: readonly SurveyRecord[]): ReadonlyMap<string, NearMissKind> {
  const known = cache.get(records);
  if (known) return known;
  const names = [...new Set(records.map((record) => record.name).filter((name) => typeof name === 'string'))];
  const skus = [...new Set(records.map((record) => record.sku).filter((sku) => typeof sku === 'string'))];
  const rows = records as unknown as Record<string, unknown>[];
  const found = new Map<string, NearMissKind>();
  for (const kind of NEAR_MISS_KINDS) {
    const candidates = [
      ...new Set([
        ...names.flatMap((name) => FROM_NAME[kind](name)),
        ...(kind === 'SKU separator changed' ? skus.flatMap(fromSku) : []),
      ]),
    ].filter((text): text is string => text !== undefined && text.trim() === text && text !== '');
    if (kind === 'text appended') candidates.sort((one, other) => other.length - one.length);
    let kept = 0;
    for (const text of spread(candidates, TRIED_PER_KIND)) {
      if (kept >= KEPT_PER_KIND) break;
      if (found.has(text)) continue;
      if (filterOracle({ q: text }, rows).may.size > 0) continue;
      found.set(text, kind);
      kept += 1;
    }
  }
  cache.set(records, found);
  return found;
}
