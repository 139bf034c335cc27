import type { FailureFields } from '../failure.ts';
import type { PageCheck, WalkView } from './types.ts';

/** What a walk showed so far: its next-page tokens, and its pages' ids by the page's first id. */
interface Seen {
  tokens: Set<string>;
  /**
   * A page served twice has the same first id both times: only pages that share it are compared,
   * id by id: not their ids joined into one key, a string built and hashed on every page of every
   * walk, which was most of this check's time under load.
   */
  pages: Map<string, (readonly string[])[]>;
}

/** Per walk, kept as long as the walk is (this check runs on every page of every walk). */
const seenBy = new WeakMap<WalkView, Seen>();

function seenOf(walk: WalkView): Seen {
  let seen = seenBy.get(walk);
  if (seen === undefined) {
    seen = { tokens: new Set(), pages: new Map() };
    seenBy.set(walk, seen);
  }
  return seen;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
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
    const first = ids[0] as string;
    const sameFirst = seen.pages.get(first);
    if (sameFirst === undefined) {
      seen.pages.set(first, [ids]);
      return null;
    }
    if (sameFirst.some((earlier) => sameIds(earlier, ids)))
      return endless(walk, 'PAGE_REPEATED', 'repeats an earlier page');
    sameFirst.push(ids);
    return null;
  },
};
