import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

export interface ConcurrentWalk {
  /** Which walk, in words (its limit). */
  label: string;
  ids: ReadonlySet<string>;
}

/**
 * RFC 9110 §9.2.2 and spec §4.3 rule 2: on quiescent data, walks of one list with one key that
 * run at once (a client's workers, a retry beside a slow answer) each return the same records:
 * no request of one walk moves another's place in the list.
 */
export const concurrentWalksAgree: WalkSetCheck<readonly ConcurrentWalk[]> = {
  name: 'concurrent-walks-agree',
  description: 'On quiescent data, walks of one list with one key run at once return the same ids.',
  catches: ['cursor-mixup-under-concurrency', 'cursor-state-per-key'],
  run(walks) {
    const difference = firstDifference(walks);
    if (difference === null) return null;
    const { first, other, lost, gained } = difference;
    return {
      code: 'CONCURRENT_WALKS_DIFFER',
      message: `the walk at ${first.label} gave ${first.ids.size} ids, the one at ${other.label} ${other.ids.size}`,
      expected: 'the same ids from every walk',
      received: `only at ${first.label}: [${lost.join(', ')}]; only at ${other.label}: [${gained.join(', ')}]`,
    };
  },
};
