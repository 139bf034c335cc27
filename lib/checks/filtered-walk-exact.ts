import { missingFrom } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

export interface FilteredWalkOutcome {
  /** The filters in words, e.g. `status=PAID&locationId=L`. */
  filters: string;
  /** Ids of the unfiltered walk that every filter rule keeps (filterOracle). */
  must: ReadonlySet<string>;
  /** Ids no rule drops: `must`, plus those a rule cannot judge from the record. */
  may: ReadonlySet<string>;
  /** Ids of the complete filtered walk. */
  received: ReadonlySet<string>;
}

/**
 * spec §3 filter rule, §4.1, §4.2: on quiescent data a filter selects records, it does not lose
 * or invent them; a filter value that restricts nothing (activeOnly=false) returns them all.
 */
export const filteredWalkExact: WalkSetCheck<FilteredWalkOutcome> = {
  name: 'filtered-walk-exact',
  description:
    "On a quiescent tenant, a filtered walk returns exactly the unfiltered walk's records its filters keep.",
  catches: ['active-only-false-filters', 'small-limit-skip', 'cursor-state-per-key', 'last-status-empty'],
  run({ filters, must, may, received }) {
    const missed = missingFrom(must, received);
    if (missed.length > 0)
      return {
        code: 'FILTER_LOST_RECORDS',
        message: `${filters} missed ${missed.length < 5 ? missed.length : 'at least 5'} of the ${must.size} records it selects`,
        expected: `the ${must.size} records of the unfiltered walk that ${filters} keeps`,
        received: `${received.size} records; missing e.g. ${missed.join(', ')}`,
      };
    const extra = missingFrom(received, may);
    if (extra.length === 0) return null;
    return {
      code: 'FILTER_EXTRA_RECORDS',
      message: `${filters} returned ${extra.length < 5 ? extra.length : 'at least 5'} records it does not select`,
      expected: `at most the ${may.size} records of the unfiltered walk that ${filters} may keep`,
      received: `${received.size} records; e.g. ${extra.join(', ')}`,
    };
  },
};
