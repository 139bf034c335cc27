import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

/** One answer to a request, as a client reads the page: its status, records and hasMore. */
export interface PageAnswer {
  status: number;
  ids: ReadonlySet<string>;
  hasMore: unknown;
}

export interface Repeat {
  /** The request sent twice, in words. */
  request: string;
  first: PageAnswer;
  again: PageAnswer;
}

const shownIds = (ids: ReadonlySet<string>): string => `${ids.size} records`;

/**
 * RFC 9110 §9.2.2 (GET is idempotent, spec §4: both endpoints are GET): on quiescent data a
 * request sent again, as a client retrying after a timeout does, gives the same page. Same records
 * and hasMore, not the same bytes: the order is not shown (spec §4.3 rule 8) and the token is
 * opaque (rule 3), so where the tokens lead is compared by following them, not their text.
 */
export const repeatGivesSamePage: WalkSetCheck<Repeat> = {
  name: 'repeat-gives-same-page',
  description:
    'On quiescent data a request sent again (a retried page, a token used twice) gives the same status, records and hasMore.',
  catches: ['cursor-single-use', 'cursor-advances-on-repeat', 'cursor-state-per-key'],
  run({ request, first, again }) {
    const differ = (message: string, expected: string, received: string) => ({
      code: 'REPEAT_DIFFERS',
      message: `${request} sent again: ${message}`,
      expected,
      received,
    });
    if (first.status !== again.status)
      return differ(
        `answered ${again.status} after ${first.status}`,
        `${first.status} again`,
        `${again.status}`,
      );
    const difference = firstDifference([first, again]);
    if (difference !== null)
      return differ(
        `another page (${shownIds(first.ids)}, then ${shownIds(again.ids)})`,
        'the same records',
        `only the first time: [${difference.lost.join(', ')}]; only the second: [${difference.gained.join(', ')}]`,
      );
    if (first.hasMore !== again.hasMore)
      return differ(
        `hasMore ${String(first.hasMore)}, then ${String(again.hasMore)}`,
        `hasMore ${String(first.hasMore)} again`,
        `hasMore ${String(again.hasMore)}`,
      );
    return null;
  },
};
