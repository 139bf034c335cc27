/** Every load scenario by name: the harness's runner and the load engine read this one list. */
import type { LoadScenario } from '../scenario.ts';
import { capacity } from './capacity.ts';
import { depth } from './depth.ts';
import { fairness } from './fairness.ts';
import { isolation } from './isolation.ts';
import { stress } from './stress.ts';
import { walk } from './walk.ts';

export const SCENARIOS: Record<LoadScenario['name'], LoadScenario> = {
  walk,
  isolation,
  fairness,
  stress,
  depth,
  capacity,
};
