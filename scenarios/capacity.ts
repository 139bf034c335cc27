/**
 * One step of a capacity run (lib/capacity runs one generator process per step): a constant
 * arrival rate of single requests, each the next page of a walk, spread evenly across every
 * tenant and endpoint of the target and rotating through their keys (lib/load/walk-plan). A 429
 * is counted, not retried: the arrival rate stays what was offered, and the walk asks the same
 * page again when its turn comes back. Every page is checked with the shared page checks; a
 * failure is recorded as a check_failures point.
 */
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { LoadScenario } from '../lib/load/scenario.ts';
import { planWalk, walkableTenants } from '../lib/load/walk-plan.ts';
import { foldPage, MAX_PAGES, nextCall, startWalk, type WalkState } from '../lib/paging/walk.ts';
import { probeTarget } from '../lib/load/setup.ts';

/**
 * Idle walks in progress per (tenant, endpoint) slot, in this worker. An arrival takes one and
 * gives it back after its request: two requests in flight never share a walk (they would ask the
 * same page twice).
 */
const idle = new Map<number, WalkState[]>();

function takeWalk(slot: number, start: () => WalkState): WalkState {
  const walks = idle.get(slot) ?? [];
  idle.set(slot, walks);
  return walks.pop() ?? start();
}

function giveBack(slot: number, state: WalkState): void {
  if (state.end === null) idle.get(slot)?.push(state);
}

export const capacity: LoadScenario = {
  name: 'capacity',
  defaultProfile: 'capacity',
  phases: (settings) => [
    { name: 'step', durationS: Math.max(1, Math.round(settings.durationS)), rate: settings.rate },
  ],
  setup: probeTarget,
  /**
   * Arrival i goes to tenant i mod T and endpoint (i div T) mod 2, as lib/load/walk-plan rotates
   * them, whichever worker serves it: every tenant gets its share of the offered rate.
   */
  async arrival(vu, arrival) {
    const slot = arrival.index % (walkableTenants(vu.target).length * ENDPOINTS.length);
    const state = takeWalk(slot, () =>
      startWalk({ ...planWalk(vu.target, arrival.index), maxPages: MAX_PAGES }),
    );
    const call = nextCall(state);
    if (call === null) return;
    const response = await vu.send(call, 'capacity', state.pageCount + 1);
    // Overload answered with an error is a point on the curve (errors), not a broken walk to judge.
    if (response.status === 0 || response.status >= 500) state.end = 'http-error';
    else if (response.status !== 429) vu.recordFailures(foldPage(state, call, response), call, 'capacity');
    giveBack(slot, state);
  },
};
