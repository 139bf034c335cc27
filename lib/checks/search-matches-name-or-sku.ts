import { missingFrom } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

export interface SearchOutcome {
  q: string;
  /** Ids whose name or SKU contains q, ignoring case, computed from a full unfiltered walk. */
  expected: ReadonlySet<string>;
  received: ReadonlySet<string>;
}

/** spec §4.1: q is a case-insensitive search by item name or SKU; on quiescent data it finds them all. */
export const searchMatchesNameOrSku: WalkSetCheck<SearchOutcome> = {
  name: 'search-matches-name-or-sku',
  description: 'On a quiescent tenant, q returns every item whose name or SKU contains q in any case.',
  catches: ['q-case-sensitive', 'search-quotes-escaped', 'q-folded-unlike-names'],
  run({ q, expected, received }) {
    const missed = missingFrom(expected, received);
    if (missed.length === 0) return null;
    return {
      code: 'SEARCH_MISSED',
      message: `q=${q} missed ${missed.length < 5 ? missed.length : 'at least 5'} matching items`,
      expected: `${expected.size} items whose name or SKU contains "${q}" ignoring case`,
      received: `${received.size} items; missing e.g. ${missed.join(', ')}`,
    };
  },
};
