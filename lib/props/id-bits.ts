/**
 * Sets of a list's records as bits over their positions: aiming intersects thousands of filter
 * selections, and an AND of words is what keeps that to milliseconds.
 */

export type Bits = Uint32Array;

const words = (size: number): number => Math.ceil(size / 32);

/** The positions (0..size-1) whose record `selected` keeps. */
export function bitsWhere(size: number, selected: (position: number) => boolean): Bits {
  const bits = new Uint32Array(words(size));
  for (let position = 0; position < size; position += 1)
    if (selected(position)) bits[position >>> 5] = (bits[position >>> 5] ?? 0) | (1 << (position & 31));
  return bits;
}

/** Every position of a list of `size`. */
export const allBits = (size: number): Bits => bitsWhere(size, () => true);

export const and = (left: Bits, right: Bits): Bits => andInto(new Uint32Array(left.length), left, right);

/** left AND right, written into `out` (which may be either of them): no allocation per step. */
export function andInto(out: Bits, left: Bits, right: Bits): Bits {
  for (let index = 0; index < out.length; index += 1) out[index] = (left[index] ?? 0) & (right[index] ?? 0);
  return out;
}

function popcount(word: number): number {
  let value = word - ((word >>> 1) & 0x55555555);
  value = (value & 0x33333333) + ((value >>> 2) & 0x33333333);
  return (((value + (value >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function count(bits: Bits): number {
  let total = 0;
  for (const word of bits) total += popcount(word);
  return total;
}
