/** What the gate runs under load: every scenario's smoke run, squeezed to seconds. */
import { HarnessError } from '../../lib/errors.ts';
import type { GateLoad } from './gate-load.ts';

export const GATE_LOADS: readonly GateLoad[] = [
  { scenario: 'walk', profile: 'smoke', duration: '10s' },
  { scenario: 'isolation', profile: 'smoke', duration: '10s' },
  { scenario: 'fairness', profile: 'smoke', duration: '10s' },
  { scenario: 'stress', profile: 'smoke', duration: '10s' },
  { scenario: 'depth', profile: 'smoke', duration: '10s' },
];

/** The loads named by `--load` (default all; `none` for none), in the gate's order. */
export function selectLoads(names: readonly string[]): GateLoad[] {
  if (names.length === 0) return [...GATE_LOADS];
  if (names.includes('none')) return [];
  const unknown = names.filter((name) => !GATE_LOADS.some((load) => load.scenario === name));
  if (unknown.length > 0)
    throw new HarnessError(
      `--load ${unknown.join(', ')} is not a gate load; choose from ${GATE_LOADS.map((load) => load.scenario).join(', ')} or none`,
    );
  return GATE_LOADS.filter((load) => names.includes(load.scenario));
}
