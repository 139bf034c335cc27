/**
 * One step of a capacity run (scripts/capacity.ts runs one k6 process per step): a constant
 * arrival rate of single requests, each the next page of a walk, spread evenly across every
 * tenant and endpoint of the target and rotating through their keys (lib/load/walk-plan). A 429
 * is counted, not retried: the arrival rate stays what was offered, and the walk asks the same
 * page again when its turn comes back. Every page is checked with the shared page checks, first
 * by the Go page screen as in the walking scenarios (lib/adapters/k6-screen.ts); a failure is
 * recorded as a check_failures point. Env: HARNESS_TARGET_JSON, HARNESS_RATE
 * (requests/s), HARNESS_DURATION, HARNESS_CAPACITY_STEP, HARNESS_CAPACITY_PROBE,
 * HARNESS_MAX_RPS, HARNESS_MAX_VUS.
 */
import { sendK6 } from '../lib/adapters/k6-http.ts';
import { metrics } from '../lib/adapters/k6-metrics.ts';
import { foldScreened, openScreen, type WalkScreen } from '../lib/adapters/k6-screen.ts';
import { CAPACITY_ENV, capacityStepOptions } from '../lib/capacity/scenario.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import { planWalk, walkableTenants } from '../lib/load/walk-plan.ts';
import { keyLabel } from '../lib/load/tags.ts';
import { foldPage, nextCall, startWalk, type WalkState } from '../lib/paging/walk.ts';
import { initScenario } from './common/context.ts';
import { probeTarget } from './common/setup.ts';
import { recordFailure } from './common/walk-iteration.ts';
import { iterationInTest } from '../lib/adapters/k6-exec.ts';

const ctx = initScenario('capacity');
const step = Number(__ENV[CAPACITY_ENV.step] ?? '0');
/** Far more pages than any list of a sane target: a walk beyond it is a termination failure. */
const MAX_PAGES = 10_000;

export const options = capacityStepOptions(
  step,
  ctx.config.rate,
  ctx.config.durationS,
  ctx.config.maxRps,
  ctx.config.maxVUs,
);

export function setup(): void {
  if (__ENV[CAPACITY_ENV.probe] === '1') probeTarget(ctx);
}

/**
 * The arrival of request number i goes to tenant i mod T and endpoint (i div T) mod 2, as
 * lib/load/walk-plan rotates them, whichever VU serves it: every tenant gets its share of the
 * offered rate. Module state is per VU: its walk in progress for each (tenant, endpoint) slot.
 */
const slots = walkableTenants(ctx.target).length * ENDPOINTS.length;
const walks = new Map<number, CapacityWalk>();

/** A walk in progress, with its page screen (null on a k6 without one). */
interface CapacityWalk {
  state: WalkState;
  screen: WalkScreen | null;
}

function walkFor(iteration: number): CapacityWalk {
  const slot = iteration % slots;
  const current = walks.get(slot);
  if (current && current.state.end === null) return current;
  const spec = { ...planWalk(ctx.target, iteration), maxPages: MAX_PAGES };
  const screen = openScreen(spec);
  const next = { state: startWalk(spec, screen?.memory), screen };
  walks.set(slot, next);
  return next;
}

export function request(): void {
  const { state, screen } = walkFor(iterationInTest());
  const call = nextCall(state);
  if (call === null) return;
  const { tenant, role } = call.credential;
  const tags = { endpoint: call.endpoint, tenant, role, key: keyLabel(tenant, role) };
  const response = sendK6(ctx.target, call, tags, ctx.config.requestTimeoutMs);
  metrics.rateLimited.add(response.status === 429, tags);
  metrics.serverErrors.add(response.status === 0 || response.status >= 500, tags);
  if (response.status === 429) return;
  // Overload answered with an error is a point on the curve (errors), not a broken walk to judge.
  if (response.status === 0 || response.status >= 500) {
    state.end = 'http-error';
    return;
  }
  const failures =
    screen === null
      ? foldPage(state, call, response)
      : foldScreened(state, screen, call, response, response.raw);
  for (const failure of failures) recordFailure(failure, tags);
}
