/**
 * Paginated walks across every tenant and key of the target, both endpoints, varied limits (none
 * too: the server's default) and filters, every page checked with the shared invariants. Takes any profile: smoke (the
 * default), load, stress, spike, soak, capacity.
 */
import { walkingScenario } from '../lib/load/walking-scenario.ts';

// A quarter of the walks send no limit, the first ones among them: the default (spec §8: 50) is
// held on every page under load.
export const walk = walkingScenario('walk', 'smoke', { limits: [null, 100, 50, 20] });
