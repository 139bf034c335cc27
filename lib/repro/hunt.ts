/**
 * The hunt: replay the customer's walk, varying the limit (lib/repro/walk-input), until a page
 * check fails or the tries or the time run out; then shrink the failing walk with fast-check.
 */
import type { NodeClient } from '../adapters/node-http.ts';
import { shrinkWalk, type ShrinkResult } from './shrink.ts';
import { seededUniform } from '../seeded-random.ts';
import { variation, type WalkInput } from './walk-input.ts';
import { INCONCLUSIVE_ENDS, MAX_PAGES } from '../paging/walk.ts';
import { replayWalk, type Replay, type ReplayTarget } from './walk.ts';

export interface HuntOptions {
  customerLimit: number | undefined;
  times: number;
  deadlineMs: number;
  seed: number;
}

export interface HuntResult {
  /** The first replay that failed, or null. */
  found: Replay | null;
  tries: number;
  /** Replays that were throttled or ran out of time: they proved nothing. */
  inconclusive: number;
}

export async function hunt(
  client: NodeClient,
  walk: ReplayTarget,
  options: HuntOptions,
): Promise<HuntResult> {
  const random = seededUniform(options.seed);
  const result: HuntResult = { found: null, tries: 0, inconclusive: 0 };
  while (result.tries < options.times && Date.now() < options.deadlineMs) {
    const input = variation(
      options.customerLimit,
      Object.keys(walk.filters).length,
      result.tries,
      random,
      MAX_PAGES,
    );
    const replay = await replayWalk(client, walk, input, options.deadlineMs);
    result.tries += 1;
    if (INCONCLUSIVE_ENDS.has(replay.end)) result.inconclusive += 1;
    if (replay.failures.length > 0) return { ...result, found: replay };
  }
  return result;
}

export interface Shrunk extends ShrinkResult {
  /** The replay of the shrunk input: its steps are the reproduction. */
  replay: Replay;
}

/**
 * Shrinks `found` to the smallest input on which the same check still fails. A bug that needs
 * load or churn may not show on every replay: each candidate gets `attempts` replays.
 */
export async function shrinkFound(
  client: NodeClient,
  walk: ReplayTarget,
  found: Replay,
  options: { seed: number; timeLimitMs: number; attempts: number },
): Promise<Shrunk> {
  const check = found.failures[0]?.check;
  const failing = new Map<string, Replay>([[JSON.stringify(found.input), found]]);
  const deadline = () => Date.now() + options.timeLimitMs;
  const fails = async (input: WalkInput): Promise<boolean> => {
    for (let attempt = 0; attempt < options.attempts; attempt += 1) {
      const replay = await replayWalk(client, walk, input, deadline());
      if (replay.failures.some((failure) => failure.check === check)) {
        failing.set(JSON.stringify(input), replay);
        return true;
      }
    }
    return false;
  };
  const start: WalkInput = { ...found.input, pages: Math.max(1, found.steps.length) };
  const shrunk = await shrinkWalk(start, fails, options);
  const replay = failing.get(JSON.stringify(shrunk.input)) ?? found;
  return { ...shrunk, replay };
}
