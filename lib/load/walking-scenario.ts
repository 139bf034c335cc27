/**
 * The shape shared by the scenarios that only walk (walk, depth, stress): the profile's phases,
 * the probing setup, and each arrival one walk planned by lib/load/walk-plan, with a refused request
 * of the same tenant sent beside it (./walk-beside-refused.ts).
 */
import type { ProfileName } from './profiles.ts';
import { profilePhases } from './phases.ts';
import type { LoadScenario } from './scenario.ts';
import type { ScenarioName } from './thresholds.ts';
import { planWalk, type WalkPlanOptions } from './walk-plan.ts';
import { walkBesideRefused } from './walk-beside-refused.ts';
import { probeTarget } from './setup.ts';

export function walkingScenario(
  name: ScenarioName,
  defaultProfile: ProfileName,
  plan: WalkPlanOptions = {},
  premise?: LoadScenario['premise'],
): LoadScenario {
  return {
    name,
    defaultProfile,
    ...(premise ? { premise } : {}),
    phases: (settings) => profilePhases(settings.profile, settings.rate, settings.durationS),
    setup: probeTarget,
    refused: true,
    async arrival(vu, arrival) {
      if (vu.stopped()) return;
      await walkBesideRefused(vu, arrival, planWalk(vu.target, arrival.index, plan));
    },
  };
}
