import { LIMITS } from '../contract/endpoints.ts';
import type { WalkSetCheck } from './types.ts';

/** A page as its size tells it: how many records, and whether more followed. */
export interface PageSize {
  size: number;
  hasMore: boolean;
}

export interface DefaultLimitPages {
  /** The walk in words: which pages went without limit ("every page", "pages after limit=10"). */
  walk: string;
  /** The walk's pages, in order, those without a limit parameter among them. */
  withoutLimit: readonly PageSize[];
  /** The same walk's pages with limit=50 sent where the other sent none. */
  withDefault: readonly PageSize[];
  /** Page indexes (0-based) sent without limit. */
  omitted: ReadonlySet<number>;
}

const words = (page: PageSize): string => `${page.size} records (hasMore ${page.hasMore})`;

/**
 * spec §4.2 and §8 (limit: default 50): every page served without limit, the first or one reached
 * by a cursor, whatever limit the walk's earlier pages asked, is the page limit=50 gives there.
 */
export const defaultLimitApplied: WalkSetCheck<DefaultLimitPages> = {
  name: 'default-limit-applied',
  description: `Every page without limit (the first, or one reached by a cursor) has the size of one with limit=${LIMITS.default}.`,
  catches: ['default-limit-wrong', 'cursor-page-default-limit'],
  run({ walk, withoutLimit, withDefault, omitted }) {
    const pages = Math.min(withoutLimit.length, withDefault.length);
    for (let index = 0; index < pages; index += 1) {
      const without = withoutLimit[index] as PageSize;
      const expected = withDefault[index] as PageSize;
      if (without.size === expected.size && without.hasMore === expected.hasMore) continue;
      const which = index === 0 ? 'first page' : `page ${index + 1} (reached by a cursor)`;
      const sent = omitted.has(index) ? 'without limit' : 'with its limit';
      return {
        code: 'DEFAULT_LIMIT',
        message: `${walk}: ${which} ${sent} held ${without.size} records, with limit=${LIMITS.default} ${expected.size}`,
        expected: words(expected),
        received: words(without),
      };
    }
    return null;
  },
};
