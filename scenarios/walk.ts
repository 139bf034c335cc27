/**
 * Paginated walks across every tenant and key of the target, both endpoints, varied limits and
 * filters, every page checked with the shared invariants. Takes any profile: smoke (the
 * default), load, stress, spike, soak, capacity.
 */
import { walkingScenario } from '../lib/load/walking-scenario.ts';

export const walk = walkingScenario('walk', 'smoke');
