import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPageIds } from '../../lib/checks/no-duplicate-ids.ts';
import { WalkIds } from '../../lib/checks/walk-ids.ts';
import type { RepeatedId } from '../../lib/checks/types.ts';

/** Two distinct ids whose 30-bit hashes meet (found by search): the switch to the strings. */
const SAME_HASH = ['idmwe', 'id3i70'] as const;

/** What addPageIds found on each page, and the walk's ids after, with a Set of the strings. */
function withStrings(pages: readonly (readonly string[])[]) {
  const seen = new Set<string>();
  const repeats = pages.map((ids, page): RepeatedId | null => {
    let repeated: RepeatedId | null = null;
    ids.forEach((id, index) => {
      if (repeated === null && (seen.has(id) || ids.indexOf(id) < index)) {
        const first = pages.slice(0, page).findIndex((earlier) => earlier.includes(id));
        repeated = { id, firstPage: first === -1 ? page : first };
      }
      seen.add(id);
    });
    return repeated;
  });
  return { repeats, ids: seen };
}

/** The same pages through WalkIds, as lib/paging/walk.ts folds them. */
function withWalkIds(pages: readonly (readonly string[])[]) {
  const pageIds: (readonly string[])[] = [];
  const ids = new WalkIds(pageIds);
  const repeats = pages.map((page) => {
    const repeated = addPageIds(ids, page, pageIds);
    pageIds.push(page);
    return repeated;
  });
  return { repeats, ids };
}

describe('WalkIds, the ids a walk has seen', () => {
  it('should read as a Set of the strings: its size, its order, each id it has and not', () => {
    const pages = [['a', 'b'], ['c'], ['d', 'e']];
    const { repeats, ids } = withWalkIds(pages);

    expect(repeats).toEqual([null, null, null]);
    expect(ids.size).toBe(5);
    expect([...ids]).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([...ids.keys()]).toEqual([...ids.values()]);
    expect(new Set(ids.keys())).toEqual(new Set(['a', 'b', 'c', 'd', 'e']));
    expect(ids.has('c')).toBe(true);
    expect(ids.has('f')).toBe(false);
  });

  it('should tell two ids whose hashes meet apart, and still find a repeat of either', () => {
    const pages = [[SAME_HASH[0], 'x'], [SAME_HASH[1]], ['y', SAME_HASH[0]]];
    const { repeats, ids } = withWalkIds(pages);

    expect(repeats).toEqual([null, null, { id: SAME_HASH[0], firstPage: 0 }]);
    expect(ids.size).toBe(4);
    expect([...ids]).toEqual([SAME_HASH[0], 'x', SAME_HASH[1], 'y']);
    expect(ids.has(SAME_HASH[1])).toBe(true);
  });

  it('should keep every id as its table of hashes grows, and find a repeat of the first at the end', () => {
    // 40 pages of 100 ids whose hashes all differ: the table grows from 256 slots to 8,192.
    const pages = Array.from({ length: 40 }, (_, page) =>
      Array.from({ length: 100 }, (_, index) => `ord_${(page * 100 + index).toString(16).padStart(8, '0')}`),
    );
    const pageIds: (readonly string[])[] = [];
    const ids = new WalkIds(pageIds);
    for (const page of pages) {
      expect(addPageIds(ids, page, pageIds)).toBeNull();
      pageIds.push(page);
    }
    // Read before any repeat, which would switch the walk to a Set of the strings.
    expect(ids.size).toBe(4000);
    expect(pages.flat().filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.has('ord_ffffffff')).toBe(false);
    expect([...ids]).toEqual(pages.flat());

    expect(addPageIds(ids, ['ord_ffffffff', 'ord_00000000'], pageIds)).toEqual({
      id: 'ord_00000000',
      firstPage: 0,
    });
  });

  it('should find what a Set of the strings finds, page by page, on any pages', () => {
    // A small alphabet, the two ids whose hashes meet among it: repeats and meetings both happen.
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', ...SAME_HASH);
    const pages = fc.array(fc.array(id, { maxLength: 4 }), { maxLength: 6 });
    fc.assert(
      fc.property(pages, (generated) => {
        const expected = withStrings(generated);
        const found = withWalkIds(generated);
        expect(found.repeats).toEqual(expected.repeats);
        expect([...found.ids]).toEqual([...expected.ids]);
        expect(found.ids.size).toBe(expected.ids.size);
        for (const each of ['a', 'f', ...SAME_HASH]) expect(found.ids.has(each)).toBe(expected.ids.has(each));
      }),
      { numRuns: 300 },
    );
  });
});
