/**
 * The set of every id a walk has seen (WalkView.ids), kept for the cost of adding to it: this runs
 * for every id of every page of every walk. A `Set` of the id strings cost 1.1 to 1.4 µs an id once
 * hundreds of walks were in flight (their sets no longer young; docs/bench.md, session 18); a set
 * of small-integer hashes of the ids costs about half, and holds no pointer to a young string, and
 * a table of them in a typed array (HashTable) less again (session 20).
 *
 * Exact all the same: while no two ids' hashes met, the ids are the walk's pages' ids (all
 * distinct), read from the pages themselves; at the first hash seen twice the walk's ids so far go
 * into a `Set` of the strings, which then takes every id (as every walk did before). With 30-bit
 * hashes a load's walk (at most 5,000 ids) meets one in about 1 % of walks; a walk of a million
 * records switches early and costs what it did.
 */

/** FNV-1a over the UTF-16 code units, cut to 30 bits: a small integer V8 stores without a pointer. */
function hashOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) hash = Math.imul(hash ^ id.charCodeAt(index), 16777619);
  return hash & 0x3fffffff;
}

/** Slots of the first table of hashes: most walks' first page fits in it without growing. */
const FIRST_SLOTS = 256;

/**
 * A set of hashes (non-negative, below 2^30) by open addressing: a table of hash + 1 (0 for an
 * empty slot) probed in turn, kept at most half full. No entry objects and no young tables to
 * rehash into, as a `Set` of numbers has: on the busiest thread of a load the `Set`'s add was a
 * third of the cost of parsing the page (docs/bench.md, session 20).
 */
class HashTable {
  private slots = new Int32Array(FIRST_SLOTS);
  size = 0;

  /** Adds `hash`; returns whether it was there already. */
  add(hash: number): boolean {
    const slot = slotOf(this.slots, hash + 1);
    if (this.slots[slot] !== 0) return true;
    this.slots[slot] = hash + 1;
    this.size += 1;
    if (this.size * 2 > this.slots.length) this.grow();
    return false;
  }

  has(hash: number): boolean {
    return this.slots[slotOf(this.slots, hash + 1)] !== 0;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    for (const stored of this.slots) if (stored !== 0) slots[slotOf(slots, stored)] = stored;
    this.slots = slots;
  }
}

/** The slot of `slots` that holds `stored`, else the empty slot where it goes. */
function slotOf(slots: Int32Array, stored: number): number {
  const mask = slots.length - 1;
  let slot = (stored - 1) & mask;
  for (let there = slots[slot]; there !== 0 && there !== stored; there = slots[slot])
    slot = (slot + 1) & mask;
  return slot;
}

export class WalkIds implements ReadonlySet<string> {
  private readonly hashes = new HashTable();
  /** Every id as a string, once two hashes met; null before. */
  private exact: Set<string> | null = null;

  /** The walk's ids by page, each page's pushed once its ids were added (WalkState.pageIds). */
  private readonly pages: readonly (readonly string[])[];

  constructor(pages: readonly (readonly string[])[]) {
    this.pages = pages;
  }

  /**
   * Adds `ids[index]`, where `ids` is the page being added (not yet among the pages) and its ids
   * before `index` are added already; returns whether the id was seen before.
   */
  addFromPage(ids: readonly string[], index: number): boolean {
    const id = ids[index] as string;
    if (this.exact === null) {
      if (!this.hashes.add(hashOf(id))) return false;
      this.exact = new Set(this.iteratePages());
      for (let before = 0; before < index; before += 1) this.exact.add(ids[before] as string);
    }
    const size = this.exact.size;
    this.exact.add(id);
    return this.exact.size === size;
  }

  get size(): number {
    return this.exact === null ? this.hashes.size : this.exact.size;
  }

  has(id: string): boolean {
    if (this.exact !== null) return this.exact.has(id);
    return this.hashes.has(hashOf(id)) && this.pages.some((page) => page.includes(id));
  }

  /** In the order they were first seen, as a Set of the strings iterates. */
  *values(): IterableIterator<string> {
    if (this.exact !== null) yield* this.exact.values();
    else yield* this.iteratePages();
  }

  keys(): IterableIterator<string> {
    return this.values();
  }

  *entries(): IterableIterator<[string, string]> {
    for (const id of this.values()) yield [id, id];
  }

  forEach(callback: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const id of this.values()) callback.call(thisArg, id, id, this);
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.values();
  }

  /** The pages' ids in order: the walk's ids while no two hashes met (then all distinct). */
  private *iteratePages(): IterableIterator<string> {
    for (const page of this.pages) yield* page;
  }
}
