import { LIMITS } from '../contract/endpoints.ts';
import type { WalkSetCheck } from './types.ts';

export interface FirstPages {
  /** Size of the first page without a limit parameter, and whether more followed. */
  withoutLimit: { size: number; hasMore: boolean };
  /** Size of the first page with limit=50. */
  withDefault: { size: number; hasMore: boolean };
}

/** spec §4 and §8: without limit the server serves the default of 50, as if limit=50 had been sent. */
export const defaultLimitApplied: WalkSetCheck<FirstPages> = {
  name: 'default-limit-applied',
  description: `A first page without limit has the size of one with limit=${LIMITS.default}.`,
  catches: ['default-limit-wrong'],
  run({ withoutLimit, withDefault }) {
    if (withoutLimit.size === withDefault.size && withoutLimit.hasMore === withDefault.hasMore) return null;
    return {
      code: 'DEFAULT_LIMIT',
      message: `first page without limit held ${withoutLimit.size} records, with limit=${LIMITS.default} ${withDefault.size}`,
      expected: `${withDefault.size} records (hasMore ${withDefault.hasMore})`,
      received: `${withoutLimit.size} records (hasMore ${withoutLimit.hasMore})`,
    };
  },
};
