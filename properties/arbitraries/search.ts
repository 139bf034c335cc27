/** q values taken from records actually seen (spec §4.1: search by item name or SKU). */
import fc from 'fast-check';
import type { SurveyRecord } from '../survey.ts';

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

/** Case-insensitive containment, the reading of "search by name or SKU" the checks use. */
export const matchesTerm = (item: SurveyRecord, term: string): boolean =>
  [item.name, item.sku].some(
    (value) => typeof value === 'string' && value.toLowerCase().includes(term.toLowerCase()),
  );
