/**
 * One step of a capacity run (lib/capacity runs one generator process per step): a constant
 * arrival rate of single requests, each the next page of a walk, dealt in turn to the lanes of the
 * target: one lane per tenant, endpoint and key that can walk it. A lane keeps its key for all its
 * walks, so every key is sent a steady, known share of the offered rate, and every tenant too; a
 * 429 then tells at which rate a key or a tenant is throttled (lib/capacity/onset.ts). A 429 is
 * counted, not retried: the arrival rate stays what was offered, and the walk asks the same page
 * again when its turn comes back. Every page is checked with the shared page checks; a failure is
 * recorded as a check_failures point.
 */
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { LoadScenario } from '../lib/load/scenario.ts';
import { planWalk, walkableTenants, walkRoles, type WalkPlanOptions } from '../lib/load/walk-plan.ts';
import { foldPage, MAX_PAGES, nextCall, startWalk, type WalkState } from '../lib/paging/walk.ts';
import { probeTarget } from '../lib/load/setup.ts';
import type { KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';

/** One tenant's list walked with one of its keys, walk after walk. */
interface Lane {
  role: KeyRole;
  /** The tenant and the endpoint, as planWalk takes them (made once: planWalk caches by object). */
  plan: WalkPlanOptions;
  /** Walks started in this lane by this worker: each takes the next limit and filter. */
  walks: number;
  /**
   * Idle walks in progress. An arrival takes one and gives it back after its request: two
   * requests in flight never share a walk (they would ask the same page twice).
   */
  idle: WalkState[];
}

/** Lanes in turn: the tenant changes fastest, then the key, then the endpoint. */
function lanesOf(target: Target): Lane[] {
  const tenants = walkableTenants(target);
  const columns = ENDPOINTS.flatMap((endpoint: Endpoint) =>
    [...new Set(tenants.flatMap((tenant) => walkRoles(tenant, endpoint)))].map((role) => ({
      endpoint,
      role,
    })),
  );
  return columns.flatMap(({ endpoint, role }) =>
    tenants
      .filter((tenant) => walkRoles(tenant, endpoint).includes(role))
      .map((tenant) => ({
        role,
        plan: { endpoints: [endpoint], tenants: [tenant.name] },
        walks: 0,
        idle: [],
      })),
  );
}

const lanesByTarget = new WeakMap<Target, Lane[]>();

function laneOf(target: Target, index: number): Lane {
  let lanes = lanesByTarget.get(target);
  if (lanes === undefined) lanesByTarget.set(target, (lanes = lanesOf(target)));
  const lane = lanes[index % lanes.length];
  if (lane === undefined) throw new Error('no tenant of the target has a key that can walk a list');
  return lane;
}

function takeWalk(target: Target, lane: Lane): WalkState {
  const idle = lane.idle.pop();
  if (idle !== undefined) return idle;
  const walk = lane.walks++;
  const call = planWalk(target, walk, lane.plan);
  // Both auth schemes in turn (spec §5), as the other scenarios send them.
  const scheme = walk % 2 === 0 ? 'bearer' : 'serviceHeader';
  return startWalk({
    ...call,
    credential: { ...call.credential, role: lane.role, scheme },
    maxPages: MAX_PAGES,
  });
}

export const capacity: LoadScenario = {
  name: 'capacity',
  defaultProfile: 'capacity',
  phases: (settings) => [
    { name: 'step', durationS: Math.max(1, Math.round(settings.durationS)), rate: settings.rate },
  ],
  setup: probeTarget,
  /** Arrival i goes to lane i mod L, whichever worker serves it: every lane gets its share. */
  async arrival(vu, arrival) {
    const lane = laneOf(vu.target, arrival.index);
    const state = takeWalk(vu.target, lane);
    const call = nextCall(state);
    if (call === null) return;
    const response = await vu.send(call, 'capacity', state.pageCount + 1);
    // Overload answered with an error is a point on the curve (errors), not a broken walk to judge.
    if (response.status === 0 || response.status >= 500) state.end = 'http-error';
    else if (response.status !== 429) vu.recordFailures(foldPage(state, call, response), call, 'capacity');
    if (state.end === null) lane.idle.push(state);
  },
};
