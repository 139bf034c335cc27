/**
 * A leak found under load, replayed without load: the tenant whose record leaked asks the same
 * first page just before the customer does, as its walkers did during the hunt. A response cache
 * keyed without the tenant then serves the customer that page again, every time.
 */
import type { Credential } from '../http/call.ts';
import type { ReproStep } from './curl.ts';

export function withNeighbourFirst(steps: readonly ReproStep[], neighbour: Credential): ReproStep[] {
  const [first] = steps;
  if (!first) return [];
  const shifted = steps.map((step) =>
    step.cursorFrom === undefined ? step : { ...step, cursorFrom: step.cursorFrom + 1 },
  );
  return [{ call: { ...first.call, credential: neighbour }, status: 200 }, ...shifted];
}
