/**
 * Paginated walks across every tenant and key of the target, both endpoints, varied limits and
 * filters, every page checked with the shared invariants. Takes any profile (HARNESS_PROFILE):
 * smoke (the default), load, stress, spike, soak, capacity.
 */
import { walkingScenario } from './common/walking.ts';

const scenario = walkingScenario('walk', 'smoke');

export const { options, setup, walk, handleSummary } = scenario;
