import { differingField } from '../canonical-json.ts';
import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

export interface LimitWalk {
  limit: number;
  ids: ReadonlySet<string>;
  /** Each record as canonical JSON (keys sorted), by id: every field, the extra ones too. */
  records: ReadonlyMap<string, string>;
}

/** Text longer than this is cut when shown. */
const SHOWN_CHARS = 300;
const shown = (text: string): string =>
  text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} characters)` : text;

/** The first record two walks both hold with a field of different values: the walks, its id, the field, both texts. */
function changedRecord(walks: readonly LimitWalk[]) {
  const [first, ...rest] = walks;
  if (first === undefined) return null;
  for (const other of rest)
    for (const [id, text] of first.records) {
      const again = other.records.get(id);
      const field = again === undefined || again === text ? null : differingField(text, again);
      if (again !== undefined && field !== null) return { first, other, id, field, text, again };
    }
  return null;
}

/**
 * On quiescent data, walks with different limits return the same records (order-agnostic): the
 * same ids, and each record with the same value in every field it shows wherever it is reached, on a first
 * page or one reached by a cursor (spec §2 MenuItem: with a location, its prices and visibility
 * are that location's on every page; spec §4.3: the cursor pages one list).
 */
export const limitInvariance: WalkSetCheck<readonly LimitWalk[]> = {
  name: 'limit-invariance',
  description:
    'On a quiescent tenant, full walks with different limits return the same records: the same ids, every field of each (the extra ones too) with the same value.',
  catches: ['page-boundary-skip', 'unstable-order', 'page-number-cursor', 'location-price-first-page-only'],
  run(walks) {
    const difference = firstDifference(walks);
    if (difference !== null) {
      const { first, other, lost, gained } = difference;
      return {
        code: 'LIMIT_CHANGES_SET',
        message: `limit ${first.limit} gave ${first.ids.size} ids, limit ${other.limit} gave ${other.ids.size}`,
        expected: `the same ids at every limit`,
        received: `only with limit ${first.limit}: [${lost.join(', ')}]; only with limit ${other.limit}: [${gained.join(', ')}]`,
      };
    }
    const changed = changedRecord(walks);
    if (changed === null) return null;
    return {
      code: 'LIMIT_CHANGES_RECORD',
      message: `record ${changed.id}'s ${changed.field} differs between the walk at limit ${changed.first.limit} and at limit ${changed.other.limit} (reached on another page)`,
      expected: `limit ${changed.first.limit}: ${shown(changed.text)}`,
      received: `limit ${changed.other.limit}: ${shown(changed.again)}`,
    };
  },
};
