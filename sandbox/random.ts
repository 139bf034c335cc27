/** A small seeded PRNG (mulberry32): the same seed always yields the same data and churn. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, bound). */
  int(bound: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An opaque identifier such as `loc_3f9a1c07`. */
  id(prefix: string): string;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (bound: number): number => Math.floor(next() * bound);
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[int(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    id: (prefix) =>
      `${prefix}_${int(2 ** 32)
        .toString(16)
        .padStart(8, '0')}${int(2 ** 16)
        .toString(16)
        .padStart(4, '0')}`,
  };
}
