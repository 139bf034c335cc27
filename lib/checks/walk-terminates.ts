import type { FailureFields } from '../failure.ts';
import type { PageCheck, WalkView } from './types.ts';

/** What a walk showed so far: its next-page tokens and its pages by what they held (ids joined). */
interface Seen {
  tokens: Set<string>;
  pages: Set<string>;
}

/** Per walk, kept as long as the walk is (this check runs on every page of every walk). */
const seenBy = new WeakMap<WalkView, Seen>();

function seenOf(walk: WalkView): Seen {
  let seen = seenBy.get(walk);
  if (seen === undefined) {
    seen = { tokens: new Set(), pages: new Set() };
    seenBy.set(walk, seen);
  }
  return seen;
}

/** Built only on failure. */
const endless = (walk: WalkView, code: string, what: string): FailureFields => ({
  code,
  message: `page ${walk.pageCount + 1} ${what}`,
  expected: 'a walk that ends',
  received: `page ${walk.pageCount + 1}`,
});

/**
 * Every walk ends: no token seen twice, no page served twice. Only a repeat is evidence that a walk
 * does not end: a walk that is merely long reaches its page budget (`budget-reached`, inconclusive),
 * and records served twice are no-duplicate-ids' finding.
 */
export const walkTerminates: PageCheck = {
  name: 'walk-terminates',
  description: 'A walk ends: no cursor cycle, no repeated page (a walk that is only long is inconclusive).',
  catches: ['cursor-cycle'],
  run({ page, walk, ids }) {
    if (page === null) return null;
    const seen = seenOf(walk);
    const token = page.pagination.nextPageToken;
    if (page.pagination.hasMore === true && typeof token === 'string') {
      if (seen.tokens.has(token))
        return endless(walk, 'CURSOR_CYCLE', 'returned a token already seen in this walk');
      seen.tokens.add(token);
    }
    if (ids.length === 0) return null;
    const fingerprint = ids.join(',');
    if (seen.pages.has(fingerprint)) return endless(walk, 'PAGE_REPEATED', 'repeats an earlier page');
    seen.pages.add(fingerprint);
    return null;
  },
};
