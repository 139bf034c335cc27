/**
 * A leak found under load, replayed without load: the tenant whose record leaked asks the same
 * first page just before the customer does, as its walkers did during the hunt. A response cache
 * keyed without the tenant then serves the customer that page again. The pair is repeated: a
 * short-lived cache may expire between two requests of a slow shell script.
 */
import type { Credential } from '../http/call.ts';
import type { ReproStep } from './step-walks.ts';

/** @default pairs 3 */
export function withNeighbourFirst(
  steps: readonly ReproStep[],
  neighbour: Credential,
  pairs = 3,
): ReproStep[] {
  const [first] = steps;
  if (!first) return [];
  const sequence: ReproStep[] = [];
  for (let pair = 0; pair < pairs; pair += 1) {
    const offset = sequence.length + 1;
    sequence.push({ call: { ...first.call, credential: neighbour }, status: 200 });
    for (const step of steps)
      sequence.push(step.cursorFrom === undefined ? step : { ...step, cursorFrom: step.cursorFrom + offset });
  }
  return sequence;
}
