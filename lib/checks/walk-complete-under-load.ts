import { requestName, type ApiCall } from '../http/call.ts';
import type { WalkSetCheck } from './types.ts';

/** A load's walk of a quiescent tenant's unfiltered list that ended (hasMore false), and the setup's of that list. */
export interface EndedWalk {
  /** The walk's first request: the list, its limit and the key it went with. */
  first: ApiCall;
  /** Distinct ids the walk returned, its last page's included. */
  ids: number;
  /** Records its first page held. */
  firstPageRecords: number;
  pages: number;
  /** Distinct ids of the setup's complete walk of the same list (lib/load/owners.ts). */
  listed: number;
}

/**
 * Spec §4.3 rule 2: "When hasMore is false, the list is complete." On a quiescent tenant the list
 * holds still, and a GET asked again is the same request (RFC 9110 §9.2.2), so every walk of an
 * unfiltered list that ends holds the ids the setup's complete walk of it held, at any limit: fewer
 * is a walk a page cut short by saying the list was over (a server that throttles softly, a 200
 * with an empty last page in place of 429), more is the setup's walk cut so. Any record order.
 */
export const walkCompleteUnderLoad: WalkSetCheck<EndedWalk> = {
  name: 'walk-complete-under-load',
  description:
    "Under load, a walk of a quiescent tenant's unfiltered list (any limit) that ends with hasMore false returns as many distinct ids as the load's setup walk of that list, alone before the load, did: the list is complete (spec §4.3 rule 2), an empty first page only where the list is empty.",
  catches: ['throttle-serves-empty-page'],
  run({ first, ids, firstPageRecords, pages, listed }) {
    if (ids === listed) return null;
    const walk = `${requestName(first)} ended with hasMore false`;
    const expected = `${listed} distinct ids, as the setup's complete walk of the same list returned (quiescent data)`;
    const received = `${ids} distinct ids in ${pages} page(s)`;
    if (ids > listed)
      return {
        code: 'SETUP_WALK_SHORT',
        message: `${walk} after ${ids} distinct ids, more than the ${listed} of the setup's complete walk of the same list: that walk was cut short`,
        expected,
        received,
      };
    if (firstPageRecords === 0)
      return {
        code: 'FIRST_PAGE_EMPTY',
        message: `${walk} on an empty first page, where the setup's complete walk of the same list returned ${listed} ids`,
        expected,
        received,
      };
    return {
      code: 'WALK_SHORT',
      message: `${walk} after ${ids} distinct ids in ${pages} page(s), where the setup's complete walk of the same list returned ${listed}`,
      expected,
      received,
    };
  },
};
