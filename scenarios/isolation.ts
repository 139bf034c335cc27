/**
 * Isolation under load: setup walks every tenant's lists and keeps their ids; then tenants walk
 * the same lists with the same filters at the same time, and every returned id is checked against
 * the other tenants' sets (the tenant-isolation page check); a walk of a quiescent tenant's
 * unfiltered list that ends holds as many ids as the setup's walk of it (walk-complete-under-load). One leaked record is proof, not a
 * statistic: the run starts no more walks after it. Catches a response cache keyed without the
 * tenant (shared-cache).
 */
import { profilePhases } from '../lib/load/phases.ts';
import type { LoadScenario } from '../lib/load/scenario.ts';
import { planWalk } from '../lib/load/walk-plan.ts';
import { collectOwners, ownerLookup } from '../lib/load/owners.ts';
import { walkBesideRefused } from '../lib/load/walk-beside-refused.ts';
import { probeTarget } from '../lib/load/setup.ts';

let lookups: ((tenant: string) => (id: string) => string | undefined) | undefined;

export const isolation: LoadScenario = {
  name: 'isolation',
  defaultProfile: 'load',
  phases: (settings) => profilePhases(settings.profile, settings.rate, settings.durationS),
  async setup(context) {
    const owned = await collectOwners(context);
    // What the owner walks found is the load's finding: no need to probe further.
    if ((owned.failures ?? []).length > 0) return { floorMs: 0, startedAt: Date.now(), ...owned };
    const probed = await probeTarget(context);
    return { ...probed, ...owned, failures: [...(probed.failures ?? [])] };
  },
  async arrival(vu, arrival) {
    if (vu.stopped()) return;
    lookups ??= ownerLookup(vu.setup.owners);
    // Shared filters only: tenants must send identical paths for a tenant-blind cache to leak.
    const first = planWalk(vu.target, arrival.index, { filters: 'shared' });
    await walkBesideRefused(vu, arrival, first, { foreignOwner: lookups(first.credential.tenant) });
  },
  refused: true,
  walksCompared: true,
};
