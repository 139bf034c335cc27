/** What the gate runs under load: every scenario's smoke run, squeezed to seconds. */
import { HarnessError } from '../errors.ts';
import type { GateLoad } from './loads.ts';

// Each run is squeezed into seconds, at the arrival rate its fault needs to show (the same
// shapes test/load/faults.test.ts proves catch the load faults of the sandbox catalogue).
export const GATE_LOADS: readonly GateLoad[] = [
  { name: 'walk', scenario: 'walk', profile: 'smoke', duration: '10s' },
  // Tenants walking at once: a response cache keyed without the tenant leaks only then.
  { name: 'isolation', scenario: 'isolation', profile: 'smoke', duration: '8s', rate: 10 },
  { name: 'fairness', scenario: 'fairness', profile: 'smoke', duration: '8s' },
  // The stress shape ramps to several times its base rate: overload must be 429, never 5xx.
  { name: 'stress', scenario: 'stress', profile: 'stress', duration: '8s', rate: 6 },
  { name: 'depth', scenario: 'depth', profile: 'smoke', duration: '8s' },
  // A soak squeezed into seconds: enough arrivals for the late latency floor to show a drift.
  { name: 'soak', scenario: 'walk', profile: 'soak', duration: '10s', rate: 20 },
];

/** The loads named by `--load` (default all; `none` for none), in the gate's order. */
export function selectLoads(names: readonly string[]): GateLoad[] {
  if (names.length === 0) return [...GATE_LOADS];
  if (names.includes('none')) return [];
  const unknown = names.filter((name) => !GATE_LOADS.some((load) => load.name === name));
  if (unknown.length > 0)
    throw new HarnessError(
      `--load ${unknown.join(', ')} is not a gate load; choose from ${GATE_LOADS.map((load) => load.name).join(', ')} or none`,
    );
  return GATE_LOADS.filter((load) => names.includes(load.name));
}
