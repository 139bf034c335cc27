/**
 * k6/execution's per-iteration facts, read cheaply. `exec.scenario` builds a new object of getters
 * on every read (all of them, by reflection), which cost about as much as a few pages of a walk;
 * the getters read the VU's live state when called, so one object per VU serves every iteration.
 */
import exec from 'k6/execution';

let scenario: typeof exec.scenario | undefined;

/** The iteration's number in the test across VUs (exec.scenario.iterationInTest). */
export const iterationInTest = (): number => (scenario ??= exec.scenario).iterationInTest;
