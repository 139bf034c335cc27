/**
 * Isolation under load: setup() walks every tenant's lists and keeps their ids; then tenants walk
 * the same lists with the same filters at the same time, and every returned id is checked against
 * the other tenants' sets (the tenant-isolation page check). One leaked record aborts the run:
 * it is proof, not a statistic. Catches a response cache keyed without the tenant (shared-cache).
 */
import { profileArrival } from '../lib/load/executor.ts';
import { scenarioOptions } from '../lib/load/options.ts';
import type { K6Summary } from '../lib/load/summary.ts';
import { planWalk } from '../lib/load/walk-plan.ts';
import { collectOwners, foreignIds, ownerLookup } from './common/owners.ts';
import { initScenario } from './common/context.ts';
import { probeTarget, type SetupData } from './common/setup.ts';
import { summaryOutputs } from './common/summary.ts';
import { runWalk } from './common/walk-iteration.ts';
import { iterationInTest } from '../lib/adapters/k6-exec.ts';

const ctx = initScenario('load');
const { config, target } = ctx;

export const options = scenarioOptions('isolation', config, {
  walk: profileArrival(config, 'walk', 'walk'),
});

export function setup(): SetupData {
  const owners = collectOwners(ctx);
  return { ...probeTarget(ctx), owners };
}

export function walk(data: SetupData): void {
  // Shared filters only: tenants must send identical paths for a tenant-blind cache to leak.
  const first = planWalk(target, iterationInTest(), { filters: 'shared' });
  const { tenant } = first.credential;
  runWalk(ctx, data, first, {
    foreignOwner: ownerLookup(data, tenant),
    foreignIds: foreignIds(data, tenant),
  });
}

export const handleSummary = (data: K6Summary): Record<string, string> => summaryOutputs(ctx, data);
