/** A small seeded PRNG (lib/seeded-random.ts): the same seed always yields the same data and churn. */
import { seededUniform } from '../lib/seeded-random.ts';

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
  const next = seededUniform(seed);
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
