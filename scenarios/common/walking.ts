/**
 * The shape shared by the scenarios that only walk (walk, depth, stress): one arrival-rate
 * scenario from the profile, a probing setup(), walks planned by lib/load/walk-plan.
 */
import { profileArrival } from '../../lib/load/executor.ts';
import { scenarioOptions, type ScenarioOptions } from '../../lib/load/options.ts';
import type { ProfileName } from '../../lib/load/profiles.ts';
import type { K6Summary } from '../../lib/load/summary.ts';
import type { ScenarioName } from '../../lib/load/thresholds.ts';
import { planWalk, type WalkPlanOptions } from '../../lib/load/walk-plan.ts';
import { initScenario } from './context.ts';
import { probeTarget, type SetupData } from './setup.ts';
import { summaryOutputs } from './summary.ts';
import { runWalk } from './walk-iteration.ts';
import { iterationInTest } from '../../lib/adapters/k6-exec.ts';

export interface WalkingScenario {
  options: ScenarioOptions;
  setup: () => SetupData;
  walk: (data: SetupData) => void;
  handleSummary: (data: K6Summary) => Record<string, string>;
}

export function walkingScenario(
  name: ScenarioName,
  fallbackProfile: ProfileName,
  plan: WalkPlanOptions = {},
): WalkingScenario {
  const ctx = initScenario(fallbackProfile);
  const { config } = ctx;
  const walkShape = profileArrival(config, 'walk', 'walk');
  return {
    options: scenarioOptions(name, config, { walk: walkShape }),
    setup: () => probeTarget(ctx),
    walk: (data) => {
      runWalk(ctx, data, planWalk(ctx.target, iterationInTest(), plan));
    },
    handleSummary: (data) => summaryOutputs(ctx, data),
  };
}
