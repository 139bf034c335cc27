import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

export interface LimitWalk {
  limit: number;
  ids: ReadonlySet<string>;
}

/** On quiescent data, walks with different limits return the same set of ids (order-agnostic). */
export const limitInvariance: WalkSetCheck<readonly LimitWalk[]> = {
  name: 'limit-invariance',
  description: 'On a quiescent tenant, full walks with different limits return the same id set.',
  catches: ['page-boundary-skip', 'unstable-order', 'page-number-cursor'],
  run(walks) {
    const difference = firstDifference(walks);
    if (difference === null) return null;
    const { first, other, lost, gained } = difference;
    return {
      code: 'LIMIT_CHANGES_SET',
      message: `limit ${first.limit} gave ${first.ids.size} ids, limit ${other.limit} gave ${other.ids.size}`,
      expected: `the same ids at every limit`,
      received: `only with limit ${first.limit}: [${lost.join(', ')}]; only with limit ${other.limit}: [${gained.join(', ')}]`,
    };
  },
};
