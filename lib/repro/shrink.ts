/**
 * Shrinking a failing walk with fast-check: the failing input is given as the one example of a
 * property over (limit, pages, kept filters), and fast-check shrinks it toward limit 1, one page
 * and no filters, keeping each smaller input only while the same check still fails on it.
 * Runtime-free: the replay (`fails`) is passed in.
 */
import fc from 'fast-check';
import { LIMITS } from '../contract/endpoints.ts';
import type { WalkInput } from './walk-input.ts';

export interface ShrinkOptions {
  /** fast-check seed, reported so the shrink can be replayed. */
  seed: number;
  /** Shrinking stops with the smallest input found so far after this long. */
  timeLimitMs: number;
}

export interface ShrinkResult {
  input: WalkInput;
  seed: number;
  /** fast-check's counterexample path (replay with `{ seed, path }`). */
  path: string;
  shrinks: number;
  /** False when the failing input did not fail again (a flaky bug): `input` is then unshrunk. */
  reconfirmed: boolean;
}

class StillFails extends Error {
  override readonly name = 'StillFails';
}

function walkInputArbitrary(found: WalkInput): fc.Arbitrary<WalkInput> {
  return fc.record({
    limit: fc.integer({ min: LIMITS.min, max: LIMITS.max }),
    pages: fc.integer({ min: 1, max: Math.max(1, found.pages) }),
    keep: fc.tuple(...found.keep.map(() => fc.boolean())),
  });
}

export async function shrinkWalk(
  found: WalkInput,
  fails: (input: WalkInput) => Promise<boolean>,
  options: ShrinkOptions,
): Promise<ShrinkResult> {
  const property = fc.asyncProperty(walkInputArbitrary(found), async (input) => {
    if (await fails(input)) throw new StillFails('the check still fails');
  });
  const details = await fc.check(property, {
    seed: options.seed,
    // The example is the only run: fast-check shrinks it, it generates nothing new.
    numRuns: 1,
    examples: [[found]],
    plugins: [fc.interruptAfterTimeLimit(options.timeLimitMs)],
  });
  const counterexample = details.counterexample as [WalkInput] | null;
  if (!details.failed || counterexample === null)
    return { input: found, seed: options.seed, path: '', shrinks: 0, reconfirmed: false };
  if (!(details.errorInstance instanceof StillFails)) throw details.errorInstance;
  return {
    input: counterexample[0],
    seed: options.seed,
    path: details.counterexamplePath ?? '',
    shrinks: details.numShrinks,
    reconfirmed: true,
  };
}
