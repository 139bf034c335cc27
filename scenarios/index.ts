/**
 * Every load scenario by name, one file each. The entry points hand this list to lib/load
 * (provideScenarios in lib/load/registry.ts): the commands, and the engine bundle's entry
 * (./engine-entry.ts) for Artillery's workers.
 */
import type { ScenarioRegistry } from '../lib/load/registry.ts';
import { capacity } from './capacity.ts';
import { depth } from './depth.ts';
import { fairness } from './fairness.ts';
import { isolation } from './isolation.ts';
import { stress } from './stress.ts';
import { walk } from './walk.ts';

export const SCENARIOS: ScenarioRegistry = {
  walk,
  isolation,
  fairness,
  stress,
  depth,
  capacity,
};
